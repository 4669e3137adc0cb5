"""A set's puzzles in words for the class's attempts CSV (people.reports.outside_puzzles):
the set's name, the puzzle's number in the set and its prompt, its options. Registered
when the app is ready (puzzlesets.apps)."""

from __future__ import annotations

from collections.abc import Collection

from people.reports import outside_puzzles
from people.reports.outside_puzzles import OutsidePuzzle
from puzzlesets import catalogue
from puzzlesets.models import PuzzleSet


def in_words(puzzle_ids: Collection[str]) -> dict[str, OutsidePuzzle]:
    """Each item id still in a set, numbered as the set's page numbers it (its place among
    the items that load), in the active language."""
    pks = {pk for puzzle_id in puzzle_ids if (pk := catalogue.item_pk(puzzle_id))}
    found = {}
    for puzzle_set in PuzzleSet.objects.filter(items__pk__in=pks).distinct():
        for number, (item, puzzle) in enumerate(catalogue.puzzles_in(puzzle_set), start=1):
            if item.pk in pks:
                partners = catalogue.partners(item)(puzzle) if puzzle.options else ()
                found[catalogue.item_id(item)] = OutsidePuzzle(
                    lesson=puzzle_set.name,
                    title=f"{number}. {puzzle.prompt}",
                    puzzle=puzzle,
                    partners=tuple(partners),
                )
    return found


def register() -> None:
    outside_puzzles.register(catalogue.SET_LESSON, in_words)
