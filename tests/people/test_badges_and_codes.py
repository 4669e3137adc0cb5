"""A child's QR badge signs that child in with a token nobody types, the teacher changes it
in one tap, and class codes are longer and cannot be guessed at speed."""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from people.assignments import STUDENT_SESSION_KEY
from people.models import JOIN_CODE_LENGTH, Classroom
from people.views.student_login import JOIN_CODE_MAX
from tests.people.conftest import make_student, signed_in
from tests.people.qr import decode_qr

pytestmark = pytest.mark.django_db


def test_a_childs_qr_badge_signs_that_child_in_with_one_tap(teacher, classroom, student):
    cards = signed_in(teacher).get(reverse("people:login_cards", args=[classroom.pk]))
    badge_png = reverse("people:badge_qr", args=[student.pk])
    assert f'src="{badge_png}"' in cards.content.decode()
    qr = signed_in(teacher).get(badge_png)
    assert qr["Content-Type"] == "image/png" and qr.content.startswith(b"\x89PNG")

    phone = Client()
    url = reverse("people:badge", args=[student.badge_token])
    page = phone.get(url)
    assert page.status_code == 200
    assert "是你嗎？" in page.content.decode() and "小華" in page.content.decode()
    assert LEARNER_SESSION_KEY not in phone.session  # a prefetch signs nobody in
    response = phone.post(url)
    assert response.status_code == 302 and response["Location"] == reverse("lesson_map")
    assert phone.session[LEARNER_SESSION_KEY] == student.learner_id
    assert phone.session[STUDENT_SESSION_KEY] is True


def test_a_new_badge_stops_the_old_one_and_signs_out_what_it_opened(teacher, student):
    phone = Client()
    old = reverse("people:badge", args=[student.badge_token])
    phone.post(old)
    signed_in(teacher).post(reverse("people:new_badge", args=[student.pk]))
    assert LEARNER_SESSION_KEY not in phone.session
    gone = Client().post(old)
    assert gone.status_code == 404
    assert "這張卡片不能用了" in gone.content.decode()
    student.refresh_from_db()
    assert Client().post(reverse("people:badge", args=[student.badge_token])).status_code == 302


def test_another_teacher_gets_no_badge(other_teacher, student):
    client = signed_in(other_teacher)
    assert client.get(reverse("people:badge_qr", args=[student.pk])).status_code == 404
    assert client.post(reverse("people:new_badge", args=[student.pk])).status_code == 404


def test_new_class_codes_are_longer_and_old_short_codes_keep_working(teacher, classroom):
    assert len(Classroom.objects.create(teacher=teacher, name="新班").join_code) == 8
    assert JOIN_CODE_LENGTH == 8
    Classroom.objects.filter(pk=classroom.pk).update(join_code="ABC234")
    make_student(classroom, "小明")
    response = Client().get(reverse("people:join_class"), {"code": "abc234"})
    assert response["Location"] == reverse("people:pick_name", args=["ABC234"])
    assert "小明" in Client().get(response["Location"]).content.decode()


def test_guessing_class_codes_is_limited_per_address(classroom):
    guesser = Client(REMOTE_ADDR="10.7.7.7")
    statuses = [
        guesser.get(reverse("people:join_class"), {"code": f"ZZZZZZ{n:02d}"}).status_code
        for n in range(JOIN_CODE_MAX)
    ]
    assert statuses == [404] * JOIN_CODE_MAX
    # Now even the right code waits, by the form, the name page and a badge's address.
    right = guesser.get(reverse("people:join_class"), {"code": classroom.join_code})
    assert right.status_code == 429
    assert "不存在的班級代碼太多次了" in right.content.decode()
    assert guesser.get(reverse("people:pick_name", args=[classroom.join_code])).status_code == 429
    assert guesser.get(reverse("people:badge", args=["x" * 32])).status_code == 429
    # Another address, and the same address's right codes before the limit, are not slowed.
    other = Client(REMOTE_ADDR="10.7.7.8")
    assert other.get(reverse("people:pick_name", args=[classroom.join_code])).status_code == 200


def test_a_known_code_looked_up_often_never_counts(classroom):
    client = Client(REMOTE_ADDR="10.7.7.9")
    url = reverse("people:pick_name", args=[classroom.join_code])
    for _ in range(JOIN_CODE_MAX + 5):
        assert client.get(url).status_code == 200


def test_the_badge_qr_decodes_to_the_address_that_signs_the_child_in(teacher, student, tmp_path):
    png = signed_in(teacher).get(reverse("people:badge_qr", args=[student.pk])).content
    address = decode_qr(png, tmp_path)
    assert address == f"http://testserver/badge/{student.badge_token}/"
    phone = Client()
    assert phone.post(address.removeprefix("http://testserver")).status_code == 302
    assert phone.session[LEARNER_SESSION_KEY] == student.learner_id


def test_on_shared_devices_a_students_sign_in_ends_when_idle(teacher, classroom, student):
    url = reverse("people:shared_devices", args=[classroom.pk])
    response = signed_in(teacher).post(url, {"shared": "1"})
    assert response["Location"] == reverse("people:class_roster", args=[classroom.pk])
    classroom.refresh_from_db()
    assert classroom.shared_devices
    tablet = Client()
    signed = tablet.post(reverse("people:badge", args=[student.badge_token]))
    assert signed.cookies["sessionid"]["max-age"] == 20 * 60
    assert tablet.session.get_expiry_age() == 20 * 60
    roster = signed_in(teacher).get(reverse("people:class_roster", args=[classroom.pk]))
    assert 'data-shared-devices="on"' in roster.content.decode()

    signed_in(teacher).post(url, {"shared": "0"})
    own = Client()
    own.post(reverse("people:badge", args=[student.badge_token]))
    assert own.session.get_expiry_age() > 24 * 60 * 60  # the site's long sign-in


def test_another_teacher_cannot_change_the_setting(other_teacher, classroom):
    url = reverse("people:shared_devices", args=[classroom.pk])
    assert signed_in(other_teacher).post(url, {"shared": "1"}).status_code == 404
    classroom.refresh_from_db()
    assert not classroom.shared_devices


def test_the_teachers_message_shows_on_the_students_first_screen(teacher, classroom, student):
    url = reverse("people:class_message", args=[classroom.pk])
    signed_in(teacher).post(url, {"message": "  下週三\n比賽，記得帶棋鐘！ "})
    classroom.refresh_from_db()
    assert classroom.message == "下週三 比賽，記得帶棋鐘！"
    phone = Client()
    phone.post(reverse("people:badge", args=[student.badge_token]))
    first = phone.get(reverse("lesson_map")).content.decode()
    assert "老師說" in first and "下週三 比賽，記得帶棋鐘！" in first
    assert "<form" not in first[first.index("data-class-message") : first.index("</aside>")]
    assert "data-class-message" not in Client().get(reverse("lesson_map")).content.decode()
    signed_in(teacher).post(url, {"message": ""})
    assert "data-class-message" not in phone.get(reverse("lesson_map")).content.decode()


def test_a_message_too_long_is_a_400_in_words(teacher, other_teacher, classroom):
    url = reverse("people:class_message", args=[classroom.pk])
    response = signed_in(teacher).post(url, {"message": "長" * 141})
    assert response.status_code == 400 and "一段話最多 140 個字。" in response.content.decode()
    assert signed_in(other_teacher).post(url, {"message": "hi"}).status_code == 404
    classroom.refresh_from_db()
    assert classroom.message == ""
