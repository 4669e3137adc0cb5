"""A set's items as the curriculum's Puzzles, in the learner's language.

Each item is asked under its own id, ``set-<item id>``, and recorded under the lesson
``SET_LESSON`` (no lesson of the curriculum: the lesson grids never count it, and a set's
results are read by those ids, puzzlesets.results). A lesson's puzzle keeps its words and
its re-ask partners; a practice puzzle is made again from its id; an own puzzle is made
from its draft (curriculum.authoring, words from puzzlesets.questions) or its imported
table.
"""

from __future__ import annotations

import re
from dataclasses import replace

from curriculum import authoring
from curriculum.loading import get_curriculum, puzzle_from_table
from curriculum.puzzles import ContentError, Puzzle
from practice import generators
from puzzlesets import questions
from puzzlesets.models import OwnPuzzle, PuzzleSet, SetItem

SET_LESSON = "sets"
ITEM_ID = re.compile(r"^set-(\d{1,12})$")


def item_id(item: SetItem) -> str:
    return f"set-{item.pk}"


def item_pk(puzzle_id: str) -> int | None:
    found = ITEM_ID.match(puzzle_id or "")
    return int(found.group(1)) if found else None


def source_puzzle(source: str) -> Puzzle | None:
    """A lesson's puzzle by its id, or a practice puzzle made again from its id."""
    if generators.parse_id(source):
        return generators.validated(source)
    return get_curriculum().puzzle(source)


def own_puzzle(own: OwnPuzzle, puzzle_id: str = "own") -> Puzzle | None:
    """An own puzzle as a Puzzle; None if it no longer loads (its draft refused now)."""
    try:
        if own.table:
            puzzle = puzzle_from_table({**own.table, "id": f"{SET_LESSON}-own"}, SET_LESSON)
            return replace(puzzle, id=puzzle_id)
        draft = authoring.Draft.from_dict(own.draft)
        return authoring.puzzle_of(draft, puzzle_id, SET_LESSON, questions.words(draft, own.prompt))
    except (ContentError, ValueError, KeyError, TypeError):
        return None


def base_puzzle(item: SetItem) -> Puzzle | None:
    """The item's puzzle under its own id (a lesson's or practice id, or ``own``)."""
    return own_puzzle(item.own) if item.own_id else source_puzzle(item.source)


def puzzle_of(item: SetItem) -> Puzzle | None:
    """The item as it is asked in a set: its own id, the lesson SET_LESSON."""
    puzzle = base_puzzle(item)
    return replace(puzzle, id=item_id(item), lesson=SET_LESSON) if puzzle else None


def puzzles_in(puzzle_set: PuzzleSet) -> list[tuple[SetItem, Puzzle]]:
    """The set's items that load, in order, each with its puzzle."""
    items = puzzle_set.items.select_related("own")
    return [(item, puzzle) for item in items if (puzzle := puzzle_of(item)) is not None]


def find(puzzle_id: str) -> tuple[SetItem, Puzzle] | None:
    pk = item_pk(puzzle_id)
    item = SetItem.objects.select_related("own", "puzzle_set").filter(pk=pk).first() if pk else None
    puzzle = puzzle_of(item) if item else None
    return (item, puzzle) if puzzle else None


def partners(item: SetItem):
    """What a two-option item asks in its place after a miss (lessons.answering.Reasks):
    a lesson's puzzle its own partners, an own puzzle the curriculum's that ask the same."""

    def of(puzzle: Puzzle) -> tuple[Puzzle, ...]:
        curriculum = get_curriculum()
        if not item.own_id:
            original = curriculum.puzzle(item.source)
            return curriculum.partners(original) if original else ()
        everything = [p for lesson in curriculum.lessons for p in lesson.puzzles]
        return authoring.partners_among(puzzle, everything)

    return of
