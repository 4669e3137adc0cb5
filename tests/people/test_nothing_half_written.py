"""Nothing half-written: a refused post leaves every table as it was, and a write of
several rows that fails half-way leaves none of them."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from lessons.models import Attempt, Learner, PuzzleResult
from people.models import Assignment, ChildProfile, Classroom, GrownUp, Student
from tests.people.conftest import make_student

MODELS = (
    get_user_model(),
    GrownUp,
    Learner,
    Attempt,
    PuzzleResult,
    ChildProfile,
    Classroom,
    Student,
    Assignment,
)


def rows() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def signed_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


class Boom(RuntimeError):
    """A failure injected half-way through a write."""


def fail_on_call(number: int, real):
    """A stand-in for `real` that fails on its `number`-th call."""
    calls = []

    def stand_in(*args, **kwargs):
        calls.append(1)
        if len(calls) == number:
            raise Boom("injected")
        return real(*args, **kwargs)

    return stand_in


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"username": "new", "password1": "a long pass phrase 42", "password2": "another one 42"},
        {
            "username": "parent",
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        },
        {
            "username": "x\x00y",
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        },
        {"username": "長" * 10_000, "password1": "pw", "password2": "pw"},
    ],
    ids=["empty", "mismatched", "taken", "nul", "long"],
)
def test_a_refused_sign_up_writes_nothing(parent, form):
    before = rows()
    response = Client().post(reverse("people:sign_up"), form)
    assert response.status_code == 400
    assert rows() == before


def test_a_sign_up_that_fails_half_way_leaves_no_account(db, monkeypatch):
    monkeypatch.setattr(GrownUp.objects, "create", fail_on_call(1, GrownUp.objects.create))
    before = rows()
    form = {
        "username": "new",
        "password1": "a long pass phrase 42",
        "password2": "a long pass phrase 42",
    }
    response = Client(raise_request_exception=False).post(reverse("people:sign_up"), form)
    assert response.status_code == 500
    assert rows() == before


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"nickname": "", "avatar": "N"},
        {"nickname": "小明", "avatar": "X"},
        {"nickname": "長" * 41, "avatar": "N"},
    ],
    ids=["empty", "no-nickname", "bad-avatar", "long"],
)
def test_a_refused_child_writes_nothing(parent, form):
    before = rows()
    response = signed_in(parent).post(reverse("people:add_child"), form)
    assert response.status_code == 400
    assert rows() == before


def test_a_child_that_fails_half_way_leaves_no_learner(parent, monkeypatch):
    monkeypatch.setattr(
        ChildProfile.objects, "create", fail_on_call(1, ChildProfile.objects.create)
    )
    before = rows()
    response = signed_in(parent).post(
        reverse("people:add_child"), {"nickname": "小明", "avatar": "N"}
    )
    assert response.status_code == 500
    assert rows() == before


@pytest.mark.parametrize(
    "nicknames",
    [
        "",
        "\n , 、",
        "\n".join(f"學生{n}" for n in range(61)),
        "小華\n" + "長" * 41 + "\n小美",
        "小\x00華",
    ],
    ids=["empty", "only-separators", "61-names", "one-too-long", "nul"],
)
def test_a_refused_student_list_adds_nobody(teacher, classroom, nicknames):
    before = rows()
    url = reverse("people:class_roster", args=[classroom.pk])
    response = signed_in(teacher).post(url, {"nicknames": nicknames})
    assert response.status_code == 400
    assert rows() == before


def test_a_student_list_that_fails_half_way_adds_nobody(teacher, classroom, monkeypatch):
    import people.picture_words

    # Each new student's secret is drawn by models.add_student, from picture_words.
    secrets = people.picture_words
    monkeypatch.setattr(secrets, "new_secret", fail_on_call(3, secrets.new_secret))
    before = rows()
    url = reverse("people:class_roster", args=[classroom.pk])
    response = signed_in(teacher).post(url, {"nicknames": "小華\n小美\n小明\n小強"})
    assert response.status_code == 500
    assert rows() == before


@pytest.mark.parametrize("target", ["", "abc", "-1", "9" * 30, "²"])
def test_a_refused_move_leaves_the_student_in_their_class(teacher, classroom, student, target):
    response = signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": target}
    )
    assert response.status_code == 400
    student.refresh_from_db()
    assert student.classroom_id == classroom.pk


def test_a_delete_that_fails_half_way_keeps_every_record(parent, child, monkeypatch):
    Attempt.objects.create(
        learner=child.learner, lesson="rook", puzzle="rook-1", answer="a1a8", verdict="correct"
    )
    PuzzleResult.objects.create(learner=child.learner, lesson="rook", puzzle="rook-1", stars=3)
    monkeypatch.setattr(
        Learner, "delete", lambda self, *args, **kwargs: (_ for _ in ()).throw(Boom())
    )
    before = rows()
    response = signed_in(parent).post(reverse("people:delete_learner", args=[child.learner_id]))
    assert response.status_code == 500
    assert rows() == before


def test_deleting_someone_elses_learner_deletes_nothing(other_parent, child, student):
    before = rows()
    for learner_id in (child.learner_id, student.learner_id, 9 * 10**17):
        response = signed_in(other_parent).post(reverse("people:delete_learner", args=[learner_id]))
        assert response.status_code == 404
    assert rows() == before


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"lesson": "no-such-lesson"},
        {"lesson": "rook", "due_on": "tomorrow"},
        {"lesson": "rook", "due_on": "2026-02-30"},
    ],
    ids=["empty", "unknown-lesson", "words-for-a-date", "no-such-day"],
)
def test_a_refused_assignment_writes_nothing(teacher, classroom, form):
    before = rows()
    response = signed_in(teacher).post(reverse("people:add_assignment", args=[classroom.pk]), form)
    assert response.status_code == 400
    assert rows() == before


@pytest.mark.parametrize("pin", ["", "123", "1234567", "abcd", "12 34", "12\x0034"])
def test_a_refused_pin_keeps_the_old_one(parent, pin):
    grown_up = parent.grown_up
    grown_up.set_pin("2468")
    response = signed_in(parent).post(reverse("people:set_pin"), {"pin": pin})
    assert response.status_code == 400
    grown_up.refresh_from_db()
    assert grown_up.check_pin("2468")


def test_a_pin_typed_in_full_width_digits_is_the_same_pin(parent):
    client = signed_in(parent)
    assert client.post(reverse("people:set_pin"), {"pin": "１２３４"}).status_code == 302
    parent.grown_up.refresh_from_db()
    assert parent.grown_up.check_pin("1234")


@pytest.mark.parametrize("name", ["", "長" * 61, "a\x00b"], ids=["empty", "long", "nul"])
def test_a_refused_class_writes_nothing(teacher, name):
    before = rows()
    response = signed_in(teacher).post(reverse("people:teacher_home"), {"name": name})
    assert response.status_code == 400
    assert rows() == before


@pytest.mark.parametrize(
    "form",
    [
        {"played": "e2e4 zz"},
        {"played": "e2e5"},
        {"square": "z9"},
        {"mode": "paint"},
        {"promotion": "k", "pending": "e7e8"},
    ],
    ids=["unreadable-history", "illegal-history", "not-a-square", "unknown-mode", "king-promotion"],
)
def test_a_refused_lesson_answer_records_nothing(db, form):
    from curriculum.loading import get_curriculum

    lesson, puzzle = next(
        (lesson, p)
        for lesson in get_curriculum().lessons
        for p in lesson.puzzles
        if p.kind == "move"
    )
    before = rows()
    client = Client()
    response = client.post(reverse("puzzle_answer", args=[lesson.slug, puzzle.id]), form)
    assert response.status_code == 400
    assert rows() == before
    assert "learner_id" not in client.session


def test_a_student_moved_between_classes_is_one_row_changed(teacher, classroom, student):
    second = Classroom.objects.create(teacher=teacher, name="第二班")
    make_student(second, "小美")
    before = rows()
    response = signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": second.pk}
    )
    assert response.status_code == 302
    assert rows() == before
    student.refresh_from_db()
    assert student.classroom_id == second.pk
