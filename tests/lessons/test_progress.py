"""Stars, recorded attempts, best results and lesson summaries (lessons.progress)."""

import pytest

from lessons.models import Attempt, Learner, PuzzleResult
from lessons.progress import (
    LessonProgress,
    first_unsolved,
    lesson_progress,
    record_attempt,
    stars_by_puzzle,
    stars_for,
)

FEN = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"


@pytest.fixture
def learner(db) -> Learner:
    return Learner.objects.create()


def attempt(learner: Learner, verdict: str, *, puzzle: str = "knight-first-jump", hint=False):
    return record_attempt(
        learner,
        lesson="knight",
        puzzle=puzzle,
        answer="g1f3",
        verdict=verdict,
        reason="" if verdict != "illegal" else "PIECE_CANNOT_MOVE_THERE",
        fen=FEN,
        hint_used=hint,
    )


def test_three_stars_for_a_first_try_solve_without_a_hint():
    assert stars_for(0, hint_used=False) == 3


def test_two_stars_after_one_mistake_or_a_hint():
    assert stars_for(1, hint_used=False) == 2
    assert stars_for(0, hint_used=True) == 2


def test_one_star_otherwise():
    assert stars_for(2, hint_used=False) == 1
    assert stars_for(1, hint_used=True) == 1
    assert stars_for(7, hint_used=True) == 1


def test_it_stores_every_attempt_with_its_details(learner):
    attempt(learner, "illegal")
    attempt(learner, "correct")
    stored = list(Attempt.objects.order_by("pk").values_list("puzzle", "lesson", "verdict", "fen"))
    assert stored == [
        ("knight-first-jump", "knight", "illegal", FEN),
        ("knight-first-jump", "knight", "correct", FEN),
    ]
    assert Attempt.objects.get(verdict="illegal").reason == "PIECE_CANNOT_MOVE_THERE"


def test_a_wrong_attempt_records_no_result(learner):
    recorded = attempt(learner, "incorrect")
    assert recorded.stars is None
    assert not PuzzleResult.objects.exists()


def test_a_first_try_solve_earns_three_stars(learner):
    recorded = attempt(learner, "correct")
    assert recorded.stars == 3
    result = PuzzleResult.objects.get(learner=learner, puzzle="knight-first-jump")
    assert (result.stars, result.lesson) == (3, "knight")
    assert result.solved_at is not None


def test_one_mistake_then_a_solve_earns_two_stars(learner):
    attempt(learner, "illegal")
    assert attempt(learner, "correct").stars == 2


def test_a_hint_on_an_earlier_attempt_still_costs_a_star(learner):
    attempt(learner, "incorrect", hint=True)
    assert attempt(learner, "correct").stars == 1


def test_a_revisit_can_raise_the_best_result_but_never_lower_it(learner):
    attempt(learner, "illegal")
    attempt(learner, "incorrect")
    assert attempt(learner, "correct").stars == 1
    assert attempt(learner, "correct").stars == 3  # a clean second round
    assert PuzzleResult.objects.get().stars == 3
    attempt(learner, "illegal")
    assert attempt(learner, "correct", hint=True).stars == 1
    assert PuzzleResult.objects.get().stars == 3
    assert PuzzleResult.objects.count() == 1


def test_it_counts_the_wrong_tries_since_the_last_solve(learner):
    assert attempt(learner, "incorrect").mistakes == 1
    assert attempt(learner, "illegal").mistakes == 2
    assert attempt(learner, "correct").mistakes == 2
    assert attempt(learner, "incorrect").mistakes == 1  # a revisit starts afresh
    assert attempt(learner, "incorrect", puzzle="knight-colour").mistakes == 1


def test_an_unknown_verdict_is_refused(learner):
    with pytest.raises(ValueError):
        attempt(learner, "continue")
    assert not Attempt.objects.exists()


def test_stars_by_puzzle_lists_only_solved_puzzles_of_this_learner(learner):
    other = Learner.objects.create()
    attempt(learner, "correct", puzzle="knight-a")
    attempt(learner, "illegal", puzzle="knight-b")
    attempt(other, "correct", puzzle="knight-c")
    assert stars_by_puzzle(learner) == {"knight-a": 3}
    assert stars_by_puzzle(None) == {}


def test_lesson_progress_counts_solved_puzzles_and_stars():
    progress = lesson_progress(["a", "b", "c"], {"a": 3, "c": 1, "other": 3})
    assert progress == LessonProgress(solved=2, total=3, stars_earned=4)
    assert (progress.complete, progress.stars, progress.percent) == (False, 0, 66)


def test_a_finished_lesson_earns_the_rounded_mean_of_its_stars():
    assert lesson_progress(["a", "b"], {"a": 3, "b": 3}).stars == 3
    assert lesson_progress(["a", "b"], {"a": 3, "b": 2}).stars == 3
    assert lesson_progress(["a", "b", "c"], {"a": 3, "b": 2, "c": 2}).stars == 2
    assert lesson_progress(["a", "b", "c"], {"a": 1, "b": 1, "c": 2}).stars == 1


def test_first_unsolved_is_the_first_puzzle_in_order_without_a_result():
    assert first_unsolved(["a", "b", "c"], {"a": 2, "c": 3}) == "b"
    assert first_unsolved(["a"], {"a": 1}) is None
