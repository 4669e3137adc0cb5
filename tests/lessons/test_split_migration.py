"""Issue 16 split the long lessons (castling, draws, check, notation): progress recorded
under the old lessons survives. Puzzle ids never changed; migration 0004 moves the attempts
and results of the moved puzzles to their new lessons, and back when unapplied."""

from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from curriculum.loading import get_curriculum
from lessons.models import Attempt, Learner, PuzzleResult
from lessons.progress import lesson_progress, puzzle_ids, stars_by_puzzle

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("lessons", "0006_wrong_answers_by_rule_index")]
AFTER = [("lessons", "0007_split_lessons_keep_progress")]

# (old lesson, puzzle, new lesson): one puzzle that moved from each split lesson, and one
# that stayed where it was.
RECORDED = [
    ("castling", "castling-in-check-bishop", "castling-not-now"),
    ("castling", "castling-king-moved-back", "castling-forever"),
    ("castling", "castling-short-first", "castling"),
    ("draws", "draws-threefold-claim", "draws-repetition"),
    ("draws", "draws-fifty-claim", "draws-fifty"),
    ("check", "check-escape-block", "check-escape"),
    ("notation", "notation-check-plus", "notation-marks"),
    ("notation", "notation-read-knight", "notation-reading"),
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_progress():
    """A learner's results and attempts written before the split, under the old lessons."""
    apps = migrate(BEFORE)
    learner = apps.get_model("lessons", "Learner").objects.create(nickname="小明")
    for lesson, puzzle, _ in RECORDED:
        apps.get_model("lessons", "PuzzleResult").objects.create(
            learner=learner, lesson=lesson, puzzle=puzzle, stars=3, solved_at="2026-11-30T10:00Z"
        )
        apps.get_model("lessons", "Attempt").objects.create(
            learner=learner, lesson=lesson, puzzle=puzzle, answer="x", verdict="correct"
        )
    yield learner.pk
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_progress_moves_to_the_new_lessons_shows_their_stars_and_goes_back_unapplied(
    old_progress,
):
    """One migration there and back (each way remakes tables: seconds on PostgreSQL), read at
    each end: the rows moved, the stars shown, and the rows put back."""
    migrate(AFTER)
    # The results and attempts move to the lesson that now holds the puzzle.
    for _, puzzle, new in RECORDED:
        assert PuzzleResult.objects.get(learner_id=old_progress, puzzle=puzzle).lesson == new
        # the columns 0007 knew (later migrations add to the table)
        attempts = Attempt.objects.filter(learner_id=old_progress, puzzle=puzzle)
        assert attempts.values_list("lesson", flat=True).get() == new
        assert get_curriculum().puzzle(puzzle).lesson == new  # the table agrees with the content
    # The stars show in the new lessons.
    stars = stars_by_puzzle(Learner.objects.get(pk=old_progress))
    for _, puzzle, new in RECORDED:
        lesson = get_curriculum().lesson(new)
        assert stars[puzzle] == 3
        assert lesson_progress(puzzle_ids(lesson), stars).solved == 1
    # Unapplying the migration puts them back.
    migrate(BEFORE)
    apps = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    results = apps.get_model("lessons", "PuzzleResult").objects
    for old, puzzle, _ in RECORDED:
        assert results.get(learner_id=old_progress, puzzle=puzzle).lesson == old


def test_every_puzzle_the_migration_moves_is_in_its_new_lesson():
    moved = import_module("lessons.migrations.0007_split_lessons_keep_progress").MOVED
    assert len({p for _, puzzles in moved.values() for p in puzzles}) == 54
    for new, (_, puzzles) in moved.items():
        assert set(puzzles) <= set(puzzle_ids(get_curriculum().lesson(new))), new
