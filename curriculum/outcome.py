"""What judging an answer returns (Outcome), and the error for an answer of the wrong form."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models

import rules
from curriculum.goals import Miss
from curriculum.wrong_answers import Wrong


class Result(models.TextChoices):
    """How an answer was judged; an Attempt stores one of the first three."""

    CORRECT = "correct", "correct"
    ILLEGAL = "illegal", "illegal"
    INCORRECT = "incorrect", "incorrect"
    CONTINUE = "continue", "continue"  # a good step of a longer goal: not an attempt yet


RECORDED = [(value, label) for value, label in Result.choices if value != Result.CONTINUE]


class AnswerError(ValueError):
    """The answer is not of the form the puzzle asks for."""


@dataclass(frozen=True)
class Outcome:
    result: Result
    rules_verdict: rules.Verdict | None  # move puzzles: the engine's verdict on the move
    message: str | None
    played: tuple[str, ...]
    reply: str | None
    fen: str
    truth: frozenset[str]
    miss: Miss | None = None  # a legal move that missed its goal: why, in codes and squares

    # Squares, choice and assess puzzles: why a wrong answer is wrong, part by part.
    wrong: tuple[Wrong, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", Result(self.result))  # "correct" is Result.CORRECT
