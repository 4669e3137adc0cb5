"""Homework at a glance: each assignment's stuck, done, in progress and not started, by name and
with its due date, at the top of the class page; the assigned lessons marked in the grid."""

import datetime

import pytest
from django.urls import reverse

from curriculum.loading import get_curriculum
from lessons.models import Result
from lessons.progress import record_attempt
from people.models import Assignment
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db


def solve(student, lesson: str, puzzle_ids) -> None:
    for puzzle_id in puzzle_ids:
        record_attempt(
            student.learner, lesson=lesson, puzzle=puzzle_id, answer="x", verdict=Result.CORRECT
        )


def group(html: str, name: str) -> str:
    start = html.index(f'data-homework-group="{name}"')
    return html[start : html.index("</div>", start)]


def test_each_assignment_names_who_is_done_on_it_and_not_started(teacher, classroom):
    done, on_it, _idle = (make_student(classroom, n) for n in ("小華", "小明", "小美"))
    board = get_curriculum().lesson("board")
    solve(done, "board", [p.id for p in board.puzzles])
    solve(on_it, "board", [board.puzzles[0].id])
    due = datetime.date(2026, 12, 9)
    Assignment.objects.create(classroom=classroom, lesson="board", due_on=due)
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    html = html.content.decode()
    assert html.index("data-homework") < html.index("grid-title")  # at the top
    assert "指定課程一覽" in html and "2026-12-09" in html
    assert "完成：1 人" in group(html, "done") and "小華" in group(html, "done")
    assert "學習中：1 人" in group(html, "on-it") and "小明" in group(html, "on-it")
    assert "還沒開始：1 人" in group(html, "not-started")
    assert "小美" in group(html, "not-started") and "小華" not in group(html, "not-started")
    assert html.count("data-assigned") == 1  # the board lesson's column, marked 「指定」


def answer(student, lesson: str, puzzle_id: str, verdicts) -> None:
    for verdict in verdicts:
        record_attempt(
            student.learner, lesson=lesson, puzzle=puzzle_id, answer="x", verdict=verdict
        )


def test_a_child_who_only_answered_wrongly_has_started_and_three_wrong_is_stuck(teacher, classroom):
    """Issue 45: tried and failed was listed as 「還沒開始」. Any answer is a start; the last
    three all wrong is 「需要幫忙」, listed first; one right answer since is on it again."""
    tried, stuck, recovered, _idle = (
        make_student(classroom, n) for n in ("小華", "小明", "小美", "小芳")
    )
    first = get_curriculum().lesson("en-passant").puzzles[0].id
    answer(tried, "en-passant", first, [Result.INCORRECT])
    answer(stuck, "en-passant", first, [Result.CORRECT, *[Result.ILLEGAL, Result.INCORRECT] * 3])
    answer(recovered, "en-passant", first, [Result.INCORRECT] * 4 + [Result.CORRECT])
    Assignment.objects.create(classroom=classroom, lesson="en-passant", until_mastered=True)
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    html = html.content.decode()
    assert html.index('data-homework-group="stuck"') < html.index('data-homework-group="done"')
    assert "需要幫忙：1 人" in group(html, "stuck") and "小明" in group(html, "stuck")
    assert "最近三次都答錯了。" in group(html, "stuck")
    on_it = group(html, "on-it")
    assert "學習中：2 人" in on_it and "小華" in on_it and "小美" in on_it
    assert "還沒開始：1 人" in group(html, "not-started")
    assert "小芳" in group(html, "not-started") and "小華" not in group(html, "not-started")


def test_nobody_stuck_no_stuck_group(teacher, classroom):
    make_student(classroom, "小華")
    Assignment.objects.create(classroom=classroom, lesson="board")
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert 'data-homework-group="stuck"' not in html.content.decode()


def test_no_assignment_no_homework_box(teacher, classroom):
    make_student(classroom, "小華")
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert "data-homework" not in html.content.decode()


def test_the_child_sees_the_practice_and_review_a_mastery_assignment_needs(classroom, student):
    from django.test import Client
    from django.utils import timezone

    from practice.models import Review

    Assignment.objects.create(classroom=classroom, lesson="castling", until_mastered=True)
    Assignment.objects.create(classroom=classroom, lesson="board")  # a lesson: the map's own
    phone = Client()
    phone.post(reverse("people:badge", args=[student.badge_token]))
    first = phone.get(reverse("lesson_map")).content.decode()
    box = first[first.index("data-homework-practice") : first.index("</section>")]
    assert "老師要你把「王車易位：怎麼走」練到學會" in box
    assert f'href="{reverse("practice", args=["castling"])}"' in box
    assert f'href="{reverse("review")}"' in box
    assert 'data-practice-for="board"' not in box
    Review.objects.create(learner=student.learner, rule="castling", mastered_at=timezone.now())
    assert "data-homework-practice" not in phone.get(reverse("lesson_map")).content.decode()
