"""What the printable worksheets take from a set: its puzzles, in order, as the
curriculum's Puzzle values (the same ones a child answers on the site).

``puzzles_of(puzzle_set)`` is the one function the worksheet code calls (docs/puzzle-sets.md).
"""

from curriculum.puzzles import Puzzle
from puzzlesets.catalogue import puzzles_in
from puzzlesets.models import PuzzleSet


def puzzles_of(puzzle_set: PuzzleSet) -> list[Puzzle]:
    """The set's puzzles in the set's order, in the language of the request (or of a
    ``translation.override``); each keeps its item's id, ``set-<item id>``. An item that no
    longer loads (a lesson's puzzle since removed) is left out."""
    return [puzzle for _item, puzzle in puzzles_in(puzzle_set)]
