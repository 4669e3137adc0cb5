"""The row of numbered links above a puzzle: one per puzzle of its level, solved ones starred.

Drawn in Python like the board's squares (board/drawing.py): through the template engine
the row of a level of eight puzzles cost ~0.3 ms of every answer, here ~0.03 ms. The
markup is the one tests/lessons/test_steps.py pins.
"""

from dataclasses import dataclass
from functools import lru_cache
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

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


@lru_cache(maxsize=1024)
def _nav(steps: tuple[Step, ...], language: str | None) -> SafeString:
    items = "\n".join(_item(step) for step in steps)
    label = escape(gettext("Puzzles in this lesson"))
    return mark_safe(  # every value is escaped
        f'<nav class="puzzle-steps" aria-label="{label}">\n<ol>\n{items}\n</ol>\n</nav>'
    )


def _item(step: Step) -> str:
    if step.stars:
        label = gettext("Puzzle %(number)s, solved, %(stars)s of 3 stars") % {
            "number": step.number,
            "stars": step.stars,
        }
    else:
        label = gettext("Puzzle %(number)s, not solved yet") % {"number": step.number}
    solved = ' class="solved"' if step.stars else ""
    current = ' aria-current="step"' if step.current else ""
    return (
        f'<li><a href="?puzzle={escape(step.id)}#puzzle"{solved}{current}'
        f' aria-label="{escape(label)}">{step.number}</a></li>'
    )
