import pytest
from django.test import Client
from django.urls import reverse

from people.models import Classroom, Student
from people.picture_words import PICTURE_WORDS
from tests.people.conftest import give_progress, make_student, signed_in

pytestmark = pytest.mark.django_db

TWENTY_FIVE = "\n".join(f"學生{n:02d}" for n in range(1, 26))


def test_it_creates_a_class_with_an_eight_character_join_code(teacher):
    response = signed_in(teacher).post(reverse("people:teacher_home"), {"name": "三年甲班"})
    classroom = Classroom.objects.get(teacher=teacher)
    assert response["Location"] == reverse("people:class_roster", args=[classroom.pk])
    assert len(classroom.join_code) == 8
    assert not set(classroom.join_code) & set("01IO")


def test_a_class_without_a_name_is_a_400(teacher):
    assert signed_in(teacher).post(reverse("people:teacher_home"), {"name": ""}).status_code == 400


def test_teacher_home_lists_only_the_teachers_own_classes(teacher, other_teacher, classroom):
    Classroom.objects.create(teacher=other_teacher, name="別人的班")
    page = signed_in(teacher).get(reverse("people:teacher_home")).content.decode()
    assert "西洋棋社" in page
    assert "別人的班" not in page


def test_it_adds_25_students_from_a_pasted_list_each_with_two_different_picture_words(
    teacher, classroom
):
    response = signed_in(teacher).post(
        reverse("people:class_roster", args=[classroom.pk]), {"nicknames": TWENTY_FIVE}
    )
    assert response.status_code == 200
    assert "加入了 25 位學生。" in response.content.decode()
    students = list(Student.objects.filter(classroom=classroom).select_related("learner"))
    assert len(students) == 25
    assert {s.learner.nickname for s in students} == {f"學生{n:02d}" for n in range(1, 26)}
    for s in students:
        assert s.secret_first in PICTURE_WORDS
        assert s.secret_second in PICTURE_WORDS
        assert s.secret_first != s.secret_second


def test_only_new_lines_split_pasted_names_and_blanks_and_names_in_the_class_are_skipped(
    teacher, classroom, student
):
    response = signed_in(teacher).post(
        reverse("people:class_roster", args=[classroom.pk]),
        {"nicknames": "Lee, Tom\r\n&lt;b&gt;ent; 2\n\n 小華 \n阿志\n阿志"},
    )
    names = sorted(Student.objects.values_list("learner__nickname", flat=True))
    assert names == ["&lt;b&gt;ent; 2", "Lee, Tom", "小華", "阿志"]
    assert "已經在班上，沒有重複加入：" in response.content.decode()


def test_a_name_differing_only_in_case_is_the_same_student(teacher, classroom):
    url = reverse("people:class_roster", args=[classroom.pk])
    signed_in(teacher).post(url, {"nicknames": "Tom Lee"})
    response = signed_in(teacher).post(url, {"nicknames": "tom lee\nTOM LEE\nAmy"})
    names = sorted(Student.objects.values_list("learner__nickname", flat=True))
    assert names == ["Amy", "Tom Lee"]
    assert "tom lee" in response.content.decode()  # named among the skipped


def test_direction_controls_are_stripped_from_pasted_names(teacher, classroom):
    url = reverse("people:class_roster", args=[classroom.pk])
    signed_in(teacher).post(url, {"nicknames": "王\u202eevil\u202c小明\n\u2067阿\u2069美"})
    names = sorted(Student.objects.values_list("learner__nickname", flat=True))
    assert names == ["王evil小明", "阿美"]


def test_an_empty_list_is_a_400(teacher, classroom):
    response = signed_in(teacher).post(
        reverse("people:class_roster", args=[classroom.pk]), {"nicknames": " \n "}
    )
    assert response.status_code == 400


def test_a_nickname_longer_than_40_characters_is_a_400(teacher, classroom):
    response = signed_in(teacher).post(
        reverse("people:class_roster", args=[classroom.pk]), {"nicknames": "長" * 41}
    )
    assert response.status_code == 400
    assert not Student.objects.exists()


@pytest.mark.parametrize("name", ["class_roster", "login_cards", "class_dashboard"])
def test_class_pages_are_404_for_another_teacher(other_teacher, classroom, student, name):
    response = signed_in(other_teacher).get(reverse(f"people:{name}", args=[classroom.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["class_roster", "login_cards", "class_dashboard"])
def test_class_pages_are_404_for_an_outsider(outsider, classroom, name):
    response = signed_in(outsider).get(reverse(f"people:{name}", args=[classroom.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["class_roster", "login_cards", "class_dashboard"])
def test_class_pages_send_a_visitor_to_sign_in(classroom, name):
    response = Client().get(reverse(f"people:{name}", args=[classroom.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("people:sign_in"))


def test_another_teacher_cannot_add_students_to_the_class(other_teacher, classroom):
    response = signed_in(other_teacher).post(
        reverse("people:class_roster", args=[classroom.pk]), {"nicknames": "入侵者"}
    )
    assert response.status_code == 404
    assert not Student.objects.exists()


def test_login_cards_show_the_code_each_name_and_both_secret_pictures(teacher, classroom, student):
    page = (
        signed_in(teacher).get(reverse("people:login_cards", args=[classroom.pk])).content.decode()
    )
    assert "ABCD23" in page
    assert "小華" in page
    assert '<use href="#pw-sun">' in page
    assert '<use href="#pw-moon">' in page
    assert "太陽 → 月亮" in page


def test_it_gives_a_student_a_new_secret(teacher, classroom, student, monkeypatch):
    monkeypatch.setattr("people.views.classes.new_secret", lambda: ("fish", "boat"))
    response = signed_in(teacher).post(reverse("people:reset_secret", args=[student.pk]))
    assert response.status_code == 302
    student.refresh_from_db()
    assert (student.secret_first, student.secret_second) == ("fish", "boat")


def test_another_teacher_cannot_reset_a_secret(other_teacher, student):
    response = signed_in(other_teacher).post(reverse("people:reset_secret", args=[student.pk]))
    assert response.status_code == 404
    student.refresh_from_db()
    assert (student.secret_first, student.secret_second) == ("sun", "moon")


def test_resetting_a_secret_needs_a_post(teacher, student):
    assert (
        signed_in(teacher).get(reverse("people:reset_secret", args=[student.pk])).status_code == 405
    )


def test_it_moves_a_student_to_another_of_the_teachers_classes(teacher, classroom, student):
    other = Classroom.objects.create(teacher=teacher, name="進階班")
    response = signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": other.pk}
    )
    assert response.status_code == 302
    student.refresh_from_db()
    assert student.classroom == other


def test_it_will_not_move_a_student_into_another_teachers_class(
    teacher, other_teacher, classroom, student
):
    foreign = Classroom.objects.create(teacher=other_teacher, name="別人的班")
    response = signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": foreign.pk}
    )
    assert response.status_code == 400
    student.refresh_from_db()
    assert student.classroom == classroom


def test_another_teacher_cannot_move_the_student_into_their_class(other_teacher, student):
    theirs = Classroom.objects.create(teacher=other_teacher, name="別人的班")
    response = signed_in(other_teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": theirs.pk}
    )
    assert response.status_code == 404
    student.refresh_from_db()
    assert student.classroom.name == "西洋棋社"


def test_moving_into_a_class_with_the_same_nickname_is_a_400(teacher, classroom, student):
    other = Classroom.objects.create(teacher=teacher, name="進階班")
    make_student(other, "小華")
    response = signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": other.pk}
    )
    assert response.status_code == 400
    assert "那個班級已經有同樣暱稱的學生。" in response.content.decode()


@pytest.mark.parametrize(
    "name", ["reset_secret", "move_student", "add_assignment", "remove_assignment"]
)
def test_teacher_actions_are_404_for_an_outsider(outsider, classroom, student, name):
    from people.models import Assignment

    assignment = Assignment.objects.create(classroom=classroom, lesson="castling")
    target = {
        "reset_secret": student.pk,
        "move_student": student.pk,
        "add_assignment": classroom.pk,
        "remove_assignment": assignment.pk,
    }[name]
    response = signed_in(outsider).post(
        reverse(f"people:{name}", args=[target]), {"classroom": classroom.pk, "lesson": "board"}
    )
    assert response.status_code == 404
    assert Assignment.objects.filter(classroom=classroom).count() == 1
    student.refresh_from_db()
    assert (student.secret_first, student.secret_second) == ("sun", "moon")


def test_the_migration_strips_direction_controls_from_names_already_there(classroom):
    import importlib

    from django.apps import apps as django_apps

    student = make_student(classroom, "王\u202eevil\u202c小明")
    migration = importlib.import_module("people.migrations.0008_badge_tokens_and_longer_join_codes")
    migration.strip_direction_controls(django_apps, None)
    student.learner.refresh_from_db()
    assert student.learner.nickname == "王evil小明"


def test_a_moved_student_keeps_their_progress_and_signs_in_with_the_new_class(
    teacher, classroom, student, first_lesson
):
    give_progress(student.learner, first_lesson)
    other = Classroom.objects.create(teacher=teacher, name="進階班")
    signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": other.pk}
    )
    page = signed_in(teacher).get(reverse("people:class_dashboard", args=[other.pk]))
    row = next(r for r in page.context["grid"] if r.student.nickname == "小華")
    assert row.cell(first_lesson.slug).progress.solved == 1  # the stars came along
    old = Client().post(
        reverse("people:pick_secret", args=[classroom.join_code, student.pk]),
        {"first": "sun", "second": "moon"},
    )
    assert old.status_code == 404
    new = Client().post(
        reverse("people:pick_secret", args=[other.join_code, student.pk]),
        {"first": "sun", "second": "moon"},
    )
    assert new.status_code == 302
