"""Squares puzzles: tap every square that … (the piece's destinations, its attacks, the
squares next to the king that it may not step on, the pieces attacking or defending a
piece, the pieces left hanging). The truth is computed."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _

import rules
from curriculum import fields
from curriculum.kinds import common
from curriculum.outcome import AnswerError, Outcome
from curriculum.puzzles import Problem, Puzzle, problem

NAME = "squares"
BOARD_MODE = "mark"  # after the solve the marks stay, outside any form
shows_moves = common.never_shows_moves  # no move board: nothing to dot
NEEDS_POSITION = True
AUTHORED_OPTIONS = False
SQUARE_PATTERN = re.compile(r"^[a-h][1-8]$")

played_from = common.no_moves
position_now = common.start_position


def _king_cannot_go(fen: str, square: str, moves: tuple[str, ...]) -> set[str]:
    return rules.neighbours(square) - set(rules.destinations(fen, square, moves))


def _hanging(fen: str, square: str, moves: tuple[str, ...]) -> list[str]:
    piece = rules.piece_at(fen, square, moves) or "K"
    return rules.hanging(fen, "white" if piece.isupper() else "black", moves)


TARGETS = {
    "destinations": rules.destinations,
    "attacks": rules.attacks,
    "king_cannot_go": _king_cannot_go,
    "attackers": rules.attackers_of,
    "defenders": rules.defenders_of,
    "hanging": _hanging,
}


def truth(puzzle: Puzzle) -> frozenset[str]:
    target = TARGETS.get(puzzle.target)
    if target is None:
        raise ValueError(f"unknown squares target {puzzle.target!r}")
    return frozenset(target(puzzle.fen, puzzle.square, puzzle.moves))


def several(puzzle: Puzzle) -> bool:
    return False


def load(raw: Mapping) -> dict:
    if raw.get("target") not in TARGETS:
        raise problem(f"`target` must be one of {', '.join(TARGETS)}")
    return {"target": raw["target"], "square": fields.text(raw, "square")}


def judge(puzzle: Puzzle, answer: object, played: tuple[str, ...], position=None) -> Outcome:
    chosen = common.values(answer)
    bad = [s for s in chosen if not SQUARE_PATTERN.match(s)]
    if bad:
        raise AnswerError(f"not square names: {bad}")
    computed = truth(puzzle)
    return common.compare(puzzle, chosen, computed, _message(chosen, computed))


def _message(chosen: frozenset, computed: frozenset) -> str:
    if chosen - computed and computed - chosen:
        return _("Some squares you chose are wrong, and some are missing.")
    if chosen - computed:
        return _("Some squares you chose are wrong.")
    return _("Some squares are still missing.")


def validate(puzzle: Puzzle) -> None:
    if not SQUARE_PATTERN.match(puzzle.square):
        raise Problem(f"`square` {puzzle.square!r} is not a square name")
    piece = rules.piece_at(puzzle.start_fen, puzzle.square)
    if piece is None:
        raise Problem(f"no piece on {puzzle.square}")
    if puzzle.target == "king_cannot_go" and piece.lower() != "k":
        raise Problem(f"king_cannot_go: no king on {puzzle.square}")
    white_to_move = puzzle.side_to_move == "white"
    if puzzle.target in ("destinations", "king_cannot_go") and piece.isupper() != white_to_move:
        raise Problem(f"the piece on {puzzle.square} does not belong to the side to move")
    if not truth(puzzle):
        raise Problem("there is no square to tap")
