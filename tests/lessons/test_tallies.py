"""The running totals of attempts and results equal what counting the rows gives, however
they are written: answers recorded one by one, history bulk-created, rows moved to another
learner (adoption) or deleted, a better solve, and totals refilled from the rows (the data
migration). The database keeps them (lessons/tallies.py), on SQLite and PostgreSQL alike."""

import pytest
from django.db import connection
from django.db.models import Case, Count, F, Max, Sum, Value, When

from lessons import tallies
from lessons.models import (
    ActivityDay,
    Attempt,
    Learner,
    LessonTally,
    MistakeTally,
    PuzzleResult,
    Result,
)
from lessons.progress import record_attempt
from people.adoption import merge_progress
from tests.benchmarks.scratch import add_attempts, add_results

pytestmark = pytest.mark.django_db

PUZZLES = [("rook", "rook-1"), ("rook", "rook-2"), ("pawn", "pawn-1"), ("knight", "knight-3")]
RULE_KEY = Case(When(reason="", then=F("lesson")), default=Value(""))


def counted() -> tuple[dict, dict, dict]:
    """The totals as counting every row gives them: attempts per (learner, day); per
    (learner, reason, lesson-when-no-reason) the count and latest id of the wrong ones; per
    (learner, lesson) the puzzles solved and their stars."""
    days = Attempt.objects.values_list("learner_id", "day").annotate(n=Count("id")).order_by()
    wrong = (
        Attempt.objects.filter(verdict__in=[Result.ILLEGAL, Result.INCORRECT])
        .annotate(key=RULE_KEY)
        .values_list("learner_id", "reason", "key")
        .annotate(n=Count("id"), latest=Max("id"))
        .order_by()
    )
    solved = (
        PuzzleResult.objects.filter(solved_at__isnull=False)
        .values_list("learner_id", "lesson")
        .annotate(n=Count("id"), stars=Sum("stars"))
        .order_by()
    )
    return (
        {(learner, day): n for learner, day, n in days},
        {(learner, reason, key): (n, latest) for learner, reason, key, n, latest in wrong},
        {(learner, lesson): (n, stars) for learner, lesson, n, stars in solved},
    )


def kept() -> tuple[dict, dict, dict]:
    days = ActivityDay.objects.filter(attempts__gt=0)
    mistakes = MistakeTally.objects.filter(count__gt=0)
    lessons = LessonTally.objects.filter(solved__gt=0)
    return (
        {(row.learner_id, row.day): row.attempts for row in days},
        {(m.learner_id, m.reason, m.lesson): (m.count, m.latest) for m in mistakes},
        {(t.learner_id, t.lesson): (t.solved, t.stars) for t in lessons},
    )


def answer(learner, lesson, puzzle, verdict, reason=""):
    return record_attempt(
        learner, lesson=lesson, puzzle=puzzle, answer="a1a3", verdict=verdict, reason=reason
    )


@pytest.fixture
def learners():
    return [Learner.objects.create(nickname=name) for name in ("甲", "乙", "丙")]


def test_the_triggers_are_there_after_every_migration():
    assert tallies.triggers_present(connection) == set(tallies.TRIGGERS)


def test_answers_recorded_one_by_one_are_counted_by_day_and_by_rule(learners):
    first, second, _ = learners
    answer(first, "rook", "rook-1", Result.ILLEGAL, "PATH_BLOCKED")
    answer(first, "rook", "rook-2", Result.ILLEGAL, "PATH_BLOCKED")
    answer(first, "rook", "rook-2", Result.INCORRECT)  # no engine code: its lesson's rule
    answer(first, "pawn", "pawn-1", Result.INCORRECT)
    latest = answer(second, "pawn", "pawn-1", Result.ILLEGAL, "PATH_BLOCKED").attempt
    answer(second, "pawn", "pawn-1", Result.CORRECT)  # after a mistake: 2 stars
    assert kept() == counted()
    days, mistakes, lessons = kept()
    assert sum(days.values()) == 6
    assert mistakes[(first.pk, "PATH_BLOCKED", "")][0] == 2
    assert mistakes[(first.pk, "", "rook")][0] == 1
    assert mistakes[(second.pk, "PATH_BLOCKED", "")] == (1, latest.pk)
    assert lessons == {(second.pk, "pawn"): (1, 2)}


def test_a_better_solve_raises_the_lessons_stars_and_a_worse_one_changes_nothing(learners):
    learner = learners[0]
    answer(learner, "rook", "rook-1", Result.INCORRECT)
    answer(learner, "rook", "rook-1", Result.CORRECT)  # 2 stars
    answer(learner, "rook", "rook-2", Result.CORRECT)  # 3 stars
    assert kept()[2] == {(learner.pk, "rook"): (2, 5)}
    answer(learner, "rook", "rook-1", Result.CORRECT)  # a revisit solved first try: 3 stars
    answer(learner, "rook", "rook-2", Result.INCORRECT)
    answer(learner, "rook", "rook-2", Result.CORRECT)  # 2 stars: the 3 are kept
    assert kept()[2] == {(learner.pk, "rook"): (2, 6)}
    assert kept() == counted()


def test_bulk_created_history_is_counted(learners):
    add_results(add_attempts(learners, 3000, PUZZLES, days=10))
    assert kept() == counted()
    assert len(kept()[2]) > 3
    assert sum(kept()[0].values()) == 3000


def test_attempts_moved_to_another_learner_take_their_totals_along(learners):
    source, target, _ = learners
    add_results(add_attempts([source], 400, PUZZLES, seed=1), seed=1)
    add_results(add_attempts([target], 300, PUZZLES, seed=2), seed=2)
    merge_progress(source, target)  # results solved by both keep the better stars
    assert kept() == counted()
    assert sum(kept()[0].values()) == 700
    assert {learner for learner, _ in kept()[2]} == {target.pk}
    assert not MistakeTally.objects.filter(learner_id=source.pk).exists()


def test_deleted_attempts_are_taken_away(learners):
    add_results(add_attempts(learners, 600, PUZZLES))
    Attempt.objects.filter(puzzle="rook-1").delete()
    Attempt.objects.filter(learner=learners[2]).delete()
    PuzzleResult.objects.filter(puzzle="pawn-1").delete()
    days, mistakes, lessons = kept()
    expected_days, expected_mistakes, expected_lessons = counted()
    assert days == expected_days
    assert lessons == expected_lessons
    # the counts are exact; an example deleted with its attempt is no longer shown
    assert {key: n for key, (n, _) in mistakes.items()} == {
        key: n for key, (n, _) in expected_mistakes.items()
    }


def test_a_deleted_learner_leaves_no_totals(learners):
    add_results(add_attempts(learners, 300, PUZZLES))
    learners[0].delete()
    assert not ActivityDay.objects.filter(learner_id=learners[0].pk).exists()
    assert not LessonTally.objects.filter(learner_id=learners[0].pk).exists()
    assert not MistakeTally.objects.filter(learner_id=learners[0].pk).exists()
    assert kept() == counted()


def test_the_totals_are_refilled_from_the_attempts_kept_so_far(learners):
    add_results(add_attempts(learners, 900, PUZZLES))
    for tally in (ActivityDay, MistakeTally, LessonTally):
        tally.objects.all().delete()
    assert kept() == ({}, {}, {})
    tallies.refill(connection)
    assert kept() == counted()
    assert len(kept()[1]) > 3 and len(kept()[2]) > 3
