"""Text puzzles: a question about words (notation, touch-move) with an answer key;
there may be no position at all."""

from __future__ import annotations

from collections.abc import Mapping

from curriculum import fields
from curriculum.kinds import common
from curriculum.outcome import Outcome
from curriculum.puzzles import Puzzle

NAME = "text"
BOARD_MODE = "view"
shows_moves = common.never_shows_moves  # no move board: nothing to dot
AUTHORED_OPTIONS = True
NEEDS_POSITION = False

answer_from = common.answer_from
played_from = common.no_moves
position_now = common.start_position


def several(puzzle: Puzzle) -> bool:
    return len(puzzle.answer) > 1


def load(raw: Mapping) -> dict:
    offered = fields.options(raw.get("options"))
    answer = fields.strings(raw.get("answer"), "answer")
    fields.stated_answer_problems(offered, answer)
    return {"options": offered, "answer": answer}


def judge(puzzle: Puzzle, answer: object, played: tuple[str, ...], position=None) -> Outcome:
    return common.compare_options(puzzle, common.values(answer), frozenset(puzzle.answer))


def validate(puzzle: Puzzle) -> None:
    """The answer key is the author's; its shape was checked when loading."""
