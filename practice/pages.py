"""A practice or review puzzle as its round shows it (practice.views)."""

from django.urls import reverse
from django.utils.translation import gettext as _

from lessons.answering import Screen
from lessons.presenter import PuzzleView, present_puzzle
from practice import generators

PRACTICE, REVIEW = "practice", "review"  # the two rounds a practice puzzle is shown in


def practice_view(screen: Screen, mode: str, *, may_edit: bool) -> PuzzleView:
    """A practice or review puzzle as its round shows it: its heading, its addresses."""
    puzzle = screen.puzzle
    rule = puzzle.lesson
    here = reverse(f"{mode}_puzzle", args=[rule, puzzle.id])
    next_url = reverse("practice", args=[rule]) if mode == PRACTICE else reverse("review")
    _rule, level, _seed = generators.parse_id(puzzle.id)
    return present_puzzle(
        screen,
        may_edit=may_edit,
        answer_url=here,
        retry_url=here,
        next_url=next_url,
        heading=(
            _("Practice: level %(level)s of 3")
            if mode == PRACTICE
            else _("Review: level %(level)s of 3")
        )
        % {"level": level},
        next_label=_("Another puzzle") if mode == PRACTICE else _("Next review"),
    )
