import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from curriculum.loading import get_curriculum
from lessons.models import Attempt, Result
from lessons.progress import record_attempt
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db

ROOK_BEHIND_PAWN = "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1"


def solve_lesson(learner, lesson, *, mistakes: int = 0) -> None:
    for puzzle in lesson.puzzles:
        for _ in range(mistakes):
            record_attempt(
                learner,
                lesson=lesson.slug,
                puzzle=puzzle.id,
                answer="a1a3",
                verdict=Result.ILLEGAL,
                reason="PATH_BLOCKED",
                fen=ROOK_BEHIND_PAWN,
            )
        record_attempt(
            learner, lesson=lesson.slug, puzzle=puzzle.id, answer="ok", verdict="correct"
        )


def test_the_grid_colours_each_student_by_mastery_of_each_lesson(teacher, classroom, first_lesson):
    star = make_student(classroom, "星星")
    learning = make_student(classroom, "努力")
    make_student(classroom, "新來的")
    solve_lesson(star.learner, first_lesson)
    record_attempt(
        learning.learner,
        lesson=first_lesson.slug,
        puzzle=first_lesson.puzzles[0].id,
        answer="ok",
        verdict="correct",
    )
    response = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert response.status_code == 200
    rows = {row.student.nickname: row for row in response.context["grid"]}
    assert rows["星星"].cell(first_lesson.slug).level == "mastered"
    assert rows["努力"].cell(first_lesson.slug).level == "started"
    assert rows["新來的"].cell(first_lesson.slug).level == "none"
    total = len(first_lesson.puzzles)
    page = response.content.decode()
    assert f'<td class="cell-mastered">{total}/{total} 3★</td>' in page
    assert f'<td class="cell-started">1/{total}</td>' in page


def test_the_class_misconceptions_count_illegal_moves_by_rule(teacher, classroom, first_lesson):
    a = make_student(classroom, "甲")
    b = make_student(classroom, "乙")
    solve_lesson(a.learner, first_lesson, mistakes=1)
    record_attempt(
        b.learner,
        lesson=first_lesson.slug,
        puzzle=first_lesson.puzzles[0].id,
        answer="e1g1",
        verdict=Result.ILLEGAL,
        reason="CASTLING_THROUGH_ATTACK",
        fen=ROOK_BEHIND_PAWN,
    )
    response = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    trips = response.context["misconceptions"]
    assert [(t.misconception.reason, t.count) for t in trips] == [
        ("PATH_BLOCKED", len(first_lesson.puzzles)),
        ("CASTLING_THROUGH_ATTACK", 1),
    ]
    page = response.content.decode()
    assert "只有馬可以跳過棋子" in page
    assert "王車易位時王不能經過被攻擊的格子" in page
    # the king crossing an attacked square is taught by the lesson split off castling
    assert f'href="{reverse("lesson", args=["castling-not-now"])}"' in page


def test_the_misconceptions_leave_out_other_classes(teacher, other_teacher, classroom, student):
    from people.models import Classroom

    theirs = make_student(Classroom.objects.create(teacher=other_teacher, name="別班"), "外人")
    Attempt.objects.create(
        learner=theirs.learner,
        lesson="x",
        puzzle="x",
        answer="x",
        verdict="illegal",
        reason="PINNED",
    )
    response = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert response.context["misconceptions"] == []


def test_the_last_7_days_count_attempts_and_active_students(teacher, classroom, student):
    Attempt.objects.create(
        learner=student.learner, lesson="x", puzzle="x", answer="a", verdict="incorrect"
    )
    Attempt.objects.create(
        learner=student.learner, lesson="x", puzzle="y", answer="b", verdict="correct"
    )
    response = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    activity = response.context["activity"]
    assert len(activity) == 7
    assert (activity[-1].attempts, activity[-1].learners) == (2, 1)
    assert sum(day.attempts for day in activity[:-1]) == 0


def test_the_dashboard_takes_the_same_few_queries_for_3_or_40_students(
    teacher, classroom, first_lesson
):
    client = signed_in(teacher)
    url = reverse("people:class_dashboard", args=[classroom.pk])

    def queries_with(count: int) -> int:
        for n in range(classroom.students.count(), count):
            s = make_student(classroom, f"s{n}")
            solve_lesson(s.learner, first_lesson, mistakes=1)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    small, large = queries_with(3), queries_with(40)
    assert small == large
    assert large <= 12


def test_a_students_history_shows_the_puzzle_the_move_and_the_rule(teacher, student, first_lesson):
    puzzle = first_lesson.puzzles[0]
    record_attempt(
        student.learner,
        lesson=first_lesson.slug,
        puzzle=puzzle.id,
        answer="a1a3",
        verdict=Result.ILLEGAL,
        reason="PATH_BLOCKED",
        fen=ROOK_BEHIND_PAWN,
    )
    response = signed_in(teacher).get(reverse("people:student_history", args=[student.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "第 1 題" in page
    assert "白車從 a1 走到 a3" in page  # the move in words, never its code
    assert "a1a3" not in page
    assert "只有馬可以跳過棋子" in page
    assert "不合規則" in page


def test_a_students_history_is_404_for_another_teacher(other_teacher, student):
    response = signed_in(other_teacher).get(reverse("people:student_history", args=[student.pk]))
    assert response.status_code == 404


def test_a_students_history_is_404_for_an_outsider(outsider, student):
    response = signed_in(outsider).get(reverse("people:student_history", args=[student.pk]))
    assert response.status_code == 404


def test_a_students_history_sends_a_visitor_to_sign_in(student):
    response = Client().get(reverse("people:student_history", args=[student.pk]))
    assert response.status_code == 302


def test_the_grid_has_one_column_per_lesson_in_teaching_order(teacher, classroom, student):
    response = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert [lesson.slug for lesson in response.context["lessons"]] == [
        lesson.slug for lesson in get_curriculum().lessons
    ]


def test_the_class_page_links_to_its_assign_form_at_the_top(teacher, classroom):
    """The form is at the bottom of a long page: a link to it comes right after the class's
    tabs, with or without homework given."""
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    html = html.content.decode()
    link = (
        '<p class="assign-link" data-assign-link><a href="#assignments">新增或移除指定課程</a></p>'
    )
    assert link in html
    assert html.index(link) < html.index('id="grid-title"') < html.index('id="assignments"')
