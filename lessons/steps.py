"""The row of numbered links above a puzzle: one per puzzle of its level, solved ones starred.

Drawn from templates/lessons/steps.jinja (see tutor/jinja.py), like the board's
squares: through Django templates the row of a level of eight puzzles cost ~0.3 ms of every
answer. The markup is the one tests/lessons/test_steps.py pins.
"""

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

import process_caches
from curriculum.loading import Lesson, Puzzle


@dataclass(frozen=True)
class Step:
    """One puzzle in the lesson's row of numbered links."""

    id: str
    number: int
    stars: int | None
    current: bool


def steps_of(lesson: Lesson, current: Puzzle, stars: dict[str, int]) -> list[Step]:
    """The puzzles of the current puzzle's level (a long lesson is shown a level at a time)."""
    level = lesson.levels[lesson.level_of(current)]
    first = lesson.puzzles.index(level[0]) + 1  # numbered as in the whole lesson
    return [
        Step(p.id, number, stars.get(p.id), p.id == current.id)
        for number, p in enumerate(level, start=first)
    ]


def steps_nav(steps: list[Step]) -> SafeString:
    """The <nav> of numbered links, each saying whether its puzzle is solved, and with how
    many stars. A learner's row is the same from one answer to the next until a puzzle of
    the level gets its stars, so each row is written once per process and language."""
    return _nav(tuple(steps), get_language())


@process_caches.kept("lessons.steps._nav")
def _nav(steps: tuple[Step, ...], language: str | None) -> SafeString:
    return render_to_string("lessons/steps.jinja", {"steps": steps}, using="jinja2")
