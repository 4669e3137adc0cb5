"""Puzzles asked outside the curriculum (a teacher's puzzle sets), in words for the
grown-ups' exports.

Their attempts are recorded like a lesson's, under a lesson code no lesson has (``sets``)
and puzzle ids of their own (``set-<item id>``). people never imports the app that
asks them (that app imports people): the app registers, when it is ready, a function
that says its puzzles in words (puzzlesets/attempt_words.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from curriculum.puzzles import Puzzle


@dataclass(frozen=True)
class OutsidePuzzle:
    """One puzzle as an export says it, in the request's language."""

    lesson: str  # for the Lesson column: the set's name
    title: str  # for the Puzzle column: its number in the set and its prompt, 「2. …」
    puzzle: Puzzle  # its options' words say a chosen answer
    partners: tuple[Puzzle, ...] = ()  # asked in its place after a miss (their own options)


Namer = Callable[[Collection[str]], dict[str, OutsidePuzzle]]
_NAMERS: dict[str, Namer] = {}


def register(lesson: str, namer: Namer) -> None:
    """``namer(puzzle_ids)`` says in words those of ``lesson``'s puzzles it still knows."""
    _NAMERS[lesson] = namer


def lessons() -> frozenset[str]:
    return frozenset(_NAMERS)


def named(pairs: Collection[tuple[str, str]]) -> dict[tuple[str, str], OutsidePuzzle]:
    """The (lesson, puzzle id) pairs of registered lessons in words; a puzzle no longer
    known (an item since removed) is left out, so its code stays."""
    found = {}
    for lesson, namer in _NAMERS.items():
        ids = {puzzle for there, puzzle in pairs if there == lesson}
        if ids:
            found |= {(lesson, puzzle): words for puzzle, words in namer(ids).items()}
    return found
