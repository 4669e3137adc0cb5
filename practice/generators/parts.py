"""The parts every maker shares: a Puzzle's fields from a generated position."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Callable
from types import MappingProxyType

from django.conf import settings

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


def numbers_placed(rng: random.Random, truth: int, place: int, spread: int = 3) -> list[int]:
    """``truth`` and two other numbers close to it (never below 0), smallest first, with
    ``truth`` at index ``place`` (0, 1 or 2) when the numbers allow it, else the nearest
    place they allow: so a learner who always picks the middle one is right a third of
    the time, not most of the time."""
    below = list(range(max(0, truth - spread), truth))
    above = list(range(truth + 1, truth + spread + 1))
    fits = {0: len(above) >= 2, 1: bool(below), 2: len(below) >= 2}
    place = min((p for p in fits if fits[p]), key=lambda p: (abs(p - place), p))
    lower = rng.sample(below, place)
    higher = rng.sample(above, 2 - place)
    return sorted([truth, *lower, *higher])


class Draw(random.Random):
    """One puzzle's random source, seeded by its id, with its ``turn`` (the seed divided by
    the number of levels, so that the seeds of one level that follow each other, as
    check_practice makes them, seed n at level n % 3 + 1, are turns that follow each other)
    and its ``deck`` (the rule and level: the turns that share the hidden order)."""

    def __init__(self, text: str, turn: int = 0, deck: str = ""):
        super().__init__(text)
        self.turn = turn
        self.deck = deck or text


REPEATS = 1  # each (family, answer) this many times in one block of turns


def deal(rng: random.Random, families: int, answers: int) -> tuple[int, int]:
    """(which family of question, which of ``answers`` answers) for the rng's turn.

    The turns go in blocks of families × answers × REPEATS: each block gives every family
    each answer REPEATS times, so any two blocks that follow each other are balanced. The
    order inside a block comes from a keyed hash (HMAC with the site's SECRET_KEY) of the
    deck and the block: the seed in the URL tells nothing about the answer."""
    turn = getattr(rng, "turn", 0)
    size = families * answers * REPEATS
    block, place = divmod(turn, size)
    deck = getattr(rng, "deck", "")
    slots = list(range(size))
    random.Random(_hidden(f"{deck}:{block}")).shuffle(slots)
    slot = slots[place] % (families * answers)
    return slot // answers, slot % answers


def _hidden(text: str) -> int:
    key = settings.SECRET_KEY.encode()
    return int.from_bytes(hmac.new(key, text.encode(), hashlib.sha256).digest()[:8], "big")


def take_turns(rng: random.Random, families: int) -> tuple[int, bool]:
    """(which family of question to ask, whether its answer is the first of two), dealt by
    ``deal``: every block of 2 × ``families`` turns asks each family twice, once with each
    answer, in an order the seed does not tell (so any 4 × ``families`` turns that follow
    each other hold a whole block, and 30 puzzles of a rule split 40-60 %)."""
    family, answer = deal(rng, families, 2)
    return family, answer == 0


def until(rng: random.Random, make: Callable, holds: Callable, tries: int = 60):
    """``make(rng)`` again until ``holds(made)`` (the answer wanted), at most ``tries``
    times; then the last one made (check_practice's split shows if that happens often)."""
    for _attempt in range(tries - 1):
        made = make(rng)
        if holds(made):
            return made
    return make(rng)
