"""A puzzle made again from its id, and proven by the curriculum's validator.

``_sound`` keeps the verdict per id (process_caches lists it: the same id always makes the
same puzzle, so the verdict never changes).
"""

from __future__ import annotations

import random

from django.conf import settings
from django.utils import translation

import process_caches
import rules
from curriculum import uses
from curriculum.loading import get_curriculum
from curriculum.puzzles import Puzzle
from curriculum.validator import puzzle_problems
from practice.generators.ids import LEVELS, parse_id, puzzle_id
from practice.generators.parts import Draw
from practice.generators.registry import RULES


def build(puzzle_id: str) -> Puzzle:
    """The puzzle named ``puzzle_id``, in the active language (ValueError: not an id)."""
    parsed = parse_id(puzzle_id)
    if parsed is None:
        raise ValueError(f"not a practice puzzle id: {puzzle_id!r}")
    rule, level, seed = parsed
    rng = Draw(f"{rule}:{level}:{seed}", turn=seed // len(LEVELS), deck=f"{rule}:{level}")
    parts = RULES[rule].make(rng, level)
    return Puzzle(id=puzzle_id, lesson=rule, **parts)


def problems(puzzle_id: str) -> list[str]:
    """Every reason the validator refuses this puzzle, checked in the source language: the
    lesson files' checks, and no rule taught after the lesson it practises."""
    with translation.override(settings.LANGUAGE_CODE):
        try:
            puzzle = build(puzzle_id)
        except rules.RulesError as error:
            return [f"no position: {error}"]
        return problems_of(puzzle)


def problems_of(puzzle: Puzzle) -> list[str]:
    """problems() of a puzzle already built (in the source language): for a caller that
    goes on with the puzzle (check_practice), so it is not made twice."""
    orders = {lesson.slug: lesson.order for lesson in get_curriculum().lessons}
    return puzzle_problems(puzzle) + uses.too_early(puzzle, orders)


@process_caches.kept("practice.generators.proof._sound")
def _sound(puzzle_id: str) -> bool:
    return not problems(puzzle_id)


def validated(puzzle_id: str) -> Puzzle | None:
    """The puzzle, in the active language, if the validator accepts it; else None."""
    if parse_id(puzzle_id) is None or not _sound(puzzle_id):
        return None
    return build(puzzle_id)


def fresh(
    rule: str, level: int, rng: random.Random, tries: int = 20, *, turn: int | None = None
) -> Puzzle | None:
    """A new validated puzzle of ``rule`` at ``level`` from a random seed; with ``turn``, a
    seed of that turn (or the next, when the validator refuses one), so that one learner's
    puzzles take turns as check_practice's do (a maker's kinds of question in turn)."""
    for attempt in range(tries):
        if turn is None:
            seed = rng.randrange(10**9)
        else:
            seed = (turn + attempt) * len(LEVELS) + rng.randrange(len(LEVELS))
        puzzle = validated(puzzle_id(rule, level, seed))
        if puzzle is not None:
            return puzzle
    return None


def question_key(puzzle: Puzzle) -> tuple:
    """What makes two generated puzzles the same exercise (for counting distinct ones)."""
    goal = tuple(sorted((k, str(v)) for k, v in (puzzle.goal or {}).items()))
    params = tuple(sorted((k, str(v)) for k, v in puzzle.params.items()))
    return (puzzle.kind, puzzle.fen, puzzle.moves, puzzle.target, puzzle.square,
            puzzle.question, params, goal)  # fmt: skip
