"""Ordered lists kept in a `position` column (a live playlist, a puzzle set)."""

from __future__ import annotations

from collections.abc import Sequence


def swap_with_neighbour(items: Sequence, item, step: int) -> None:
    """Move ``item`` one place (``step`` -1: earlier, +1: later) among ``items`` (rows in
    their order, locked by the caller), and save each row whose position changed; at an end
    of the list nothing moves."""
    ordered = list(items)
    index = next(n for n, other in enumerate(ordered) if other.pk == item.pk)
    other = index + step
    if not 0 <= other < len(ordered):
        return
    ordered[index], ordered[other] = ordered[other], ordered[index]
    for position, each in enumerate(ordered, start=1):
        if each.position != position:
            each.position = position
            each.save(update_fields=["position"])
