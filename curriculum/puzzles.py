"""The curriculum's value types: a Lesson, its Puzzles and their Options, and the
errors that locate a broken one (ContentError, file:line) or reject it (Problem)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

import rules

BASE_DIR = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Option:
    value: str
    text: str
    why: str = ""  # text puzzles: why this option is wrong, said when it is chosen


@dataclass(frozen=True)
class Puzzle:
    id: str
    lesson: str
    kind: str
    prompt: str
    fen: str
    hint: str
    explanation: str
    moves: tuple[str, ...] = ()
    goal: Mapping | None = None  # move puzzles
    target: str = ""  # squares puzzles: destinations | attacks | king_cannot_go
    square: str = ""  # squares puzzles: the piece concerned (choice: the square asked about)
    question: str = ""  # choice puzzles
    params: Mapping = field(default_factory=lambda: MappingProxyType({}))  # choice parameters
    options: tuple[Option, ...] = ()
    answer: tuple[str, ...] = ()  # choice/assess: stated answer (checked); text: answer key
    again: str = ""  # a two-option question: the puzzle asked after a miss (curriculum.reasks)
    place: tuple[str, ...] = ()  # setup puzzles: the squares of `fen` the learner fills
    uses: tuple[str, ...] = ()  # rules named in the file (curriculum.uses adds the derived ones)

    def __hash__(self) -> int:  # goal and params are mappings: hash by the stable id
        return hash(self.id)

    @cached_property
    def start_fen(self) -> str:
        """The position the board shows first: `fen` after `moves`."""
        if not self.fen or not self.moves:
            return self.fen
        return rules.position_after(self.fen, self.moves)

    @property
    def side_to_move(self) -> str:
        return rules.side_to_move(self.start_fen)

    @cached_property
    def score_sheet(self) -> list[tuple[int, str, str]]:
        """The history `moves` as score-sheet rows, worked out once per process."""
        return rules.score_sheet(self.fen, self.moves) if self.moves else []


MAX_LEVEL = 10  # puzzles in one level: what a child finishes in one sitting


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    group: str
    order: float  # teaching order: any number, so 2.5 slots in between 2 and 3
    summary: str
    intro: tuple[str, ...]
    puzzles: tuple[Puzzle, ...]

    @property
    def levels(self) -> tuple[tuple[Puzzle, ...], ...]:
        """The puzzles in levels (關) a child can finish in one sitting: one level up to
        MAX_LEVEL puzzles, else as few levels as that allows, as even as possible, the
        longer ones first (11 puzzles: 6 and 5)."""
        count = -(-len(self.puzzles) // MAX_LEVEL) or 1
        size, extra = divmod(len(self.puzzles), count)
        levels, start = [], 0
        for index in range(count):
            end = start + size + (1 if index < extra else 0)
            levels.append(self.puzzles[start:end])
            start = end
        return tuple(levels)

    def level_of(self, puzzle: Puzzle) -> int:
        """The index of the level that holds ``puzzle`` (0 for the first)."""
        return next(i for i, level in enumerate(self.levels) if puzzle in level)


class ContentError(ValueError):
    """A lesson file or puzzle that breaks the format, located as file:line."""

    def __init__(self, path: Path | str, line: int, ref: str, message: str):
        super().__init__(message)
        self.path = Path(path)
        self.line = line
        self.ref = ref
        self.message = message

    def __str__(self) -> str:
        return f"{_display_path(self.path)}:{self.line}: {self.ref}: {self.message}"


def problem(message: str) -> ContentError:
    """A shape error inside a puzzle; the loader adds the file and line."""
    return ContentError("", 0, "", message)


class Problem(Exception):
    """One reason the validator rejects a puzzle (sound shape, unsound chess)."""


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(BASE_DIR))
    except ValueError:
        return str(path)
