"""What a puzzle's words say about its board, checked against the board where they can.

A text question is judged by its author's key, so nothing but its words ties it to the
position it shows; other kinds describe their position too. ``problems(puzzle)`` reads
the claims written in a fixed form and checks each against the position the board shows
first (``start_fen``), the learner being the side to move (the board shows that side at
the bottom):

- 「白車在 e1」: a piece of that colour and kind stands on that square (the prompt and
  the hint of every puzzle; the explanation too where no move is made before it is read);
- 「輪到白方」「輪到黑方」: that side is to move;
- 「對手只剩一個王」「你只剩王」: that side has its king alone;
- 「對手有后和車」「你有一個車」: that side has each piece named.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import rules
from curriculum.puzzles import Puzzle

PIECES = {"王": "k", "后": "q", "車": "r", "象": "b", "馬": "n", "兵": "p"}
COLOURS = {"白": "white", "黑": "black"}

ON_SQUARE = re.compile(r"([白黑])([王后車象馬兵])在 ?([a-h][1-8])(?![0-9])")
TO_MOVE = re.compile(r"輪到([白黑])方")
ALONE = re.compile(r"(對手|你)只剩(?:一個)?王")
HAS = re.compile(r"(對手|你)(?:還)?有((?:(?:一個|兩個)?[后車象馬兵][、和]?)+)")


def problems(puzzle: Puzzle) -> list[str]:
    """Every claim of the puzzle's words that its board contradicts."""
    if not puzzle.fen:
        return []
    try:
        fen = puzzle.start_fen
        placement = rules.placement(fen)
        mover = rules.side_to_move(fen)
    except (rules.RulesError, ValueError):
        return []  # an unreadable position is the validator's to report
    fields = ["prompt", "hint"] + ([] if puzzle.kind == "move" else ["explanation"])
    found = []
    for name in fields:
        for check in CHECKS:
            found += [
                f"{name}: {message}" for message in check(getattr(puzzle, name), placement, mover)
            ]
    return found


def _side(word: str, mover: str) -> str:
    other = "black" if mover == "white" else "white"
    return mover if word == "你" else other


def _pieces_of(placement: dict[str, str], colour: str) -> set[str]:
    return {p.lower() for p in placement.values() if p.isupper() == (colour == "white")}


def _on_square(text: str, placement: dict[str, str], mover: str) -> list[str]:
    found = []
    for match in ON_SQUARE.finditer(text):
        colour, piece, square = match.groups()
        letter = PIECES[piece] if colour == "黑" else PIECES[piece].upper()
        if placement.get(square) != letter:
            found.append(
                f"「{match.group(0)}」 but the board has {placement.get(square) or 'nothing'} there"
            )
    return found


def _to_move(text: str, placement: dict[str, str], mover: str) -> list[str]:
    return [
        f"「{match.group(0)}」 but {mover} is to move"
        for match in TO_MOVE.finditer(text)
        if COLOURS[match.group(1)] != mover
    ]


def _alone(text: str, placement: dict[str, str], mover: str) -> list[str]:
    found = []
    for match in ALONE.finditer(text):
        side = _side(match.group(1), mover)
        if _pieces_of(placement, side) != {"k"}:
            found.append(f"「{match.group(0)}」 but {side} (the {_who(match.group(1))}) has more")
    return found


def _has(text: str, placement: dict[str, str], mover: str) -> list[str]:
    found = []
    for match in HAS.finditer(text):
        side = _side(match.group(1), mover)
        named = {PIECES[c] for c in match.group(2) if c in PIECES}
        missing = named - _pieces_of(placement, side)
        if missing:
            found.append(
                f"「{match.group(0)}」 but {side} (the {_who(match.group(1))}) has no "
                + ", ".join(sorted(missing))
            )
    return found


def _who(word: str) -> str:
    return "learner, the side to move" if word == "你" else "opponent"


CHECKS: tuple[Callable[[str, dict[str, str], str], list[str]], ...] = (
    _on_square,
    _to_move,
    _alone,
    _has,
)
