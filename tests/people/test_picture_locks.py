"""Guessing picture words across a class stays slow, the teacher undoes a lock in one tap,
and a new secret signs out every device the old one opened."""

import itertools

import pytest
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from tests.people.conftest import make_student, signed_in
from tutor.people.assignments import STUDENT_SESSION_KEY
from tutor.people.picture_locks import CLASS_MAX, STUDENT_MAX, secret_count, spraying_odds
from tutor.people.picture_words import PICTURE_WORDS

pytestmark = pytest.mark.django_db
CLASS_SIZE = 30


def secret_url(student) -> str:
    return reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])


def try_pair(student, pair, address="10.0.0.1") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.response = client.post(secret_url(student), {"first": pair[0], "second": pair[1]})
    return client


def wrong_pairs(student):
    right = (student.secret_first, student.secret_second)
    pairs = itertools.permutations(PICTURE_WORDS, 2)
    return (pair for pair in pairs if pair != right)


@pytest.fixture
def class_of_30(classroom):
    return [make_student(classroom, f"學生{n:02}", ("sun", "moon")) for n in range(CLASS_SIZE)]


def test_the_odds_of_spraying_a_class_of_30_before_and_after():
    assert secret_count() == 132
    # Before: 5 wrong pairs per student and address, no class limit: 150 tries in 15 minutes.
    assert round(spraying_odds(CLASS_SIZE, 5, 5 * CLASS_SIZE), 3) == 0.686  # the 69 %
    # Now: at most CLASS_MAX tries on the whole class before it locks for an hour.
    assert CLASS_MAX == 10
    assert round(spraying_odds(CLASS_SIZE, STUDENT_MAX, CLASS_MAX), 3) == 0.074


def test_spraying_a_class_from_many_addresses_stops_at_the_class_limit(class_of_30):
    tries = 0
    for n, student in enumerate(class_of_30):
        for pair in itertools.islice(wrong_pairs(student), 2):
            client = try_pair(student, pair, address=f"10.0.{n}.{tries}")
            tries += 1
            if tries <= CLASS_MAX:
                assert client.response.status_code == 400
            else:
                assert client.response.status_code == 429
        if tries > CLASS_MAX + 2:
            break
    # Even the right pair, from a fresh address, waits now: guessing learns nothing more.
    right = try_pair(class_of_30[-1], ("sun", "moon"), address="192.168.1.1")
    assert right.response.status_code == 429
    assert "請老師幫你解鎖" in right.response.content.decode()
    assert LEARNER_SESSION_KEY not in right.session


def test_the_teacher_sees_the_class_lock_and_lifts_it_in_one_tap(teacher, class_of_30):
    for n, pair in enumerate(itertools.islice(wrong_pairs(class_of_30[0]), CLASS_MAX)):
        try_pair(class_of_30[n], pair, address=f"10.1.0.{n}")
    classroom = class_of_30[0].classroom
    client = signed_in(teacher)
    roster = client.get(reverse("people:class_roster", args=[classroom.pk])).content.decode()
    assert "這個班級的圖卡登入暫停了" in roster
    client.post(reverse("people:unlock_class", args=[classroom.pk]))
    roster = client.get(reverse("people:class_roster", args=[classroom.pk])).content.decode()
    assert "data-class-locked" not in roster
    assert try_pair(class_of_30[5], ("sun", "moon")).response.status_code == 302


def test_a_classmate_locking_a_student_shows_on_the_roster_and_one_tap_unlocks(teacher, student):
    for pair in itertools.islice(wrong_pairs(student), STUDENT_MAX):
        try_pair(student, pair)  # a classmate, on the school's one address
    assert try_pair(student, ("sun", "moon")).response.status_code == 429
    client = signed_in(teacher)
    roster = client.get(reverse("people:class_roster", args=[student.classroom_id])).content
    assert roster.decode().count("data-locked") == 1
    assert reverse("people:unlock_student", args=[student.pk]) in roster.decode()
    client.post(reverse("people:unlock_student", args=[student.pk]))
    assert (
        "data-locked"
        not in client.get(
            reverse("people:class_roster", args=[student.classroom_id])
        ).content.decode()
    )
    device = try_pair(student, ("sun", "moon"))
    assert device.response.status_code == 302
    assert device.session[LEARNER_SESSION_KEY] == student.learner_id


def test_another_teacher_cannot_unlock(other_teacher, student):
    client = signed_in(other_teacher)
    assert client.post(reverse("people:unlock_student", args=[student.pk])).status_code == 404
    url = reverse("people:unlock_class", args=[student.classroom_id])
    assert client.post(url).status_code == 404


def test_a_new_secret_signs_out_every_device_the_old_one_opened(teacher, classroom, student):
    classmate = make_student(classroom, "小美", ("tree", "fish"))
    devices = [try_pair(student, ("sun", "moon"), address=f"10.2.0.{n}") for n in range(2)]
    other = try_pair(classmate, ("tree", "fish"))
    for device in devices:
        assert "小華 正在學" in device.get("/").content.decode()
    signed_in(teacher).post(reverse("people:reset_secret", args=[student.pk]))
    for device in devices:
        assert LEARNER_SESSION_KEY not in device.session
        assert STUDENT_SESSION_KEY not in device.session
        assert "正在學" not in device.get("/").content.decode()
    assert other.session[LEARNER_SESSION_KEY] == classmate.learner_id
    student.refresh_from_db()
    old_still_right = (student.secret_first, student.secret_second) == ("sun", "moon")  # 1 in 132
    old = try_pair(student, ("sun", "moon")).response.status_code
    assert old == (302 if old_still_right else 400)
    new = try_pair(student, (student.secret_first, student.secret_second))
    assert new.response.status_code == 302
