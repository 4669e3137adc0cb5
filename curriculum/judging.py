"""Judging a learner's answer to a puzzle: the engine decides, never an answer key.

``judge(puzzle, answer, played)`` returns an ``Outcome``; the puzzle's kind module
(curriculum.kinds) does the judging. For a move puzzle the answer is one UCI move
and ``played`` the moves of this attempt so far (after ``puzzle.moves``), as returned
in the previous ``Outcome.played``:

- a move the rules forbid is ``"illegal"``, with the engine's verdict (reason, squares);
- a legal move that misses the goal is ``"incorrect"``, with a ``Miss`` (code and
  squares) and its message; it is not kept: ``played`` and ``fen`` stay where they
  were, so the learner tries again;
- a legal move that keeps a longer goal within reach is ``"continue"``; the
  defender's reply (the one that best resists the goal, ties broken by UCI
  order) is played and returned in ``reply``;
- a move that meets the goal is ``"correct"``.

Other kinds take a collection of values (squares, option values; assess: one
value) and are correct when the answer equals the computed truth.

Malformed answers raise ``AnswerError`` (a ValueError), or the engine's
``rules.RulesError`` (also a ValueError), so a view can answer 400.
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from curriculum.kinds import kind_of
from curriculum.outcome import AnswerError, Outcome
from curriculum.puzzles import Puzzle

__all__ = ["AnswerError", "Outcome", "judge"]


def judge(
    puzzle: Puzzle,
    answer: object,
    played: Iterable[str] = (),
    position: rules.Position | None = None,
) -> Outcome:
    """`position`: the kind's `position_now(puzzle, played)`, when the caller built it."""
    return kind_of(puzzle).judge(puzzle, answer, tuple(played), position)
