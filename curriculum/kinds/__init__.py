"""The puzzle kinds: one module each, with the same parts.

A kind module has ``NAME``; ``BOARD_MODE`` (how the board takes input: "move",
"mark", or "view" for a picture); ``AUTHORED_OPTIONS`` (the file writes option
texts the validator reads); ``load(raw)`` (the kind's own fields of a content
table, raising a ContentError); ``validate(puzzle)`` (raising validator Problem);
``played_from(post)`` and ``position_now(puzzle, played)`` (where a try stands; a
"place" kind's is the board being set up, with ``fen_now``, and its ``step(puzzle,
placing, post)`` reads a tap);
``answer_from(chosen)`` for option kinds; ``several(puzzle)`` (checkboxes rather
than radio buttons); ``shows_moves(puzzle)`` (a piece picked up shows dots where it may go,
when that gives nothing away; ``common.never_shows_moves`` for a kind with no move board);
and ``judge(puzzle, answer, played)`` returning an Outcome.

Adding a kind is one module here plus its entry in ``KINDS``, and content.
"""

from types import MappingProxyType, ModuleType

from curriculum.kinds import assess, choice, move, setup, squares, text

KINDS: MappingProxyType[str, ModuleType] = MappingProxyType(
    {kind.NAME: kind for kind in (move, squares, choice, assess, text, setup)}
)


def kind_of(puzzle) -> ModuleType:
    return KINDS[puzzle.kind]
