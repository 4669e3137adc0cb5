"""The parts every maker shares: a Puzzle's fields from a generated position."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import MappingProxyType

from curriculum.puzzles import Option
from rules import generate

Parts = dict  # the Puzzle fields a maker fills in (all but id and lesson)
Maker = Callable[[random.Random, int], Parts]


def parts(made: generate.Made, kind: str, prompt: str, hint: str, explanation: str, **more):
    return {"kind": kind, "fen": made.fen, "moves": made.moves, "prompt": prompt,
            "hint": hint, "explanation": explanation, **more}  # fmt: skip


def choice(made, question, params, options, answer, prompt, hint, explanation) -> Parts:
    return parts(
        made,
        "choice",
        prompt,
        hint,
        explanation,
        question=question,
        params=MappingProxyType(params),
        square=params.get("square", ""),
        options=tuple(options),
        answer=tuple(sorted(answer)),
    )


def yes_no(yes: str, no: str) -> tuple[Option, ...]:
    return (Option("yes", yes), Option("no", no))


def near_numbers(rng: random.Random, truth: int, spread: int = 3) -> list[int]:
    """``truth`` and two other numbers close to it (never below 0), smallest first."""
    others = [n for n in range(max(0, truth - spread), truth + spread + 1) if n != truth]
    return sorted([truth, *rng.sample(others, 2)])
