"""What judging an answer returns (Outcome), and the error for an answer of the wrong form."""

from __future__ import annotations

from dataclasses import dataclass

import rules
from curriculum.goals import Miss


class AnswerError(ValueError):
    """The answer is not of the form the puzzle asks for."""


@dataclass(frozen=True)
class Outcome:
    verdict: str  # "correct" | "illegal" | "incorrect" | "continue"
    rules_verdict: rules.Verdict | None  # move puzzles: the engine's verdict on the move
    message: str | None
    played: tuple[str, ...]
    reply: str | None
    fen: str
    truth: frozenset[str]
    miss: Miss | None = None  # a legal move that missed its goal: why, in codes and squares
