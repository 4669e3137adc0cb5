"""A set's item as the live lesson's phones show it (puzzlesets.views.item_puzzle) and as a
page that carries the puzzle itself first shows it (live.puzzles.first_view)."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.urls import reverse

from editor.links import may_edit
from lessons import answering
from lessons.answering import Hints, Reasks
from lessons.presenter import PuzzleView, present_puzzle
from puzzlesets import catalogue, permissions
from puzzlesets.models import SetItem


def first_item_view(request: HttpRequest, set_item_id: int) -> PuzzleView:
    """A set's item as item_puzzle first shows it (Http404 where it would answer 404), for
    a page that carries the puzzle itself: a live lesson's phone (live.puzzles.first_view)."""
    item = permissions.item_for_student(request, set_item_id)
    puzzle = catalogue.puzzle_of(item)
    if puzzle is None:
        raise Http404("this puzzle no longer loads")
    reasks = Reasks(request.session, catalogue.partners(item))
    return item_view(request, item, answering.first_screen(puzzle, reasks, Hints(request.session)))


def item_view(request: HttpRequest, item: SetItem, screen) -> PuzzleView:
    """A set's item as the live lesson's phones show it; back to the set for its owner."""
    here = reverse("puzzlesets:item_puzzle", args=[item.pk])
    owner = request.user.is_authenticated and item.puzzle_set.owner_id == request.user.pk
    back = reverse("puzzlesets:set_page", args=[item.puzzle_set_id]) if owner else None
    return present_puzzle(
        screen,
        may_edit=may_edit(request),
        answer_url=here,
        retry_url=here,
        next_url=back or reverse("live:student"),
    )
