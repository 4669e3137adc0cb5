"""A set's item as its own page shows it (puzzlesets.views.item_puzzle)."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from editor.links import may_edit
from lessons.presenter import PuzzleView, present_puzzle
from puzzlesets.models import SetItem


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
