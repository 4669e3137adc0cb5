"""Practice of touch-move: a touched piece that can move must be moved."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _

import rules
from board.explanations import piece_name
from curriculum.puzzles import Option
from practice.generators.parts import Parts, parts, take_turns, until
from rules import generate


def touch_move_rule(rng: random.Random, level: int) -> Parts:
    """Must the touched piece be moved: yes (it can move) and no (it cannot) take turns."""
    _family, first = take_turns(rng, 1)
    made = until(rng, lambda r: generate.touched(r, level), lambda m: m.holds == first)
    said = {"piece": piece_name(rules.piece_at(made.fen, made.square)), "square": made.square}
    must = Option(
        "must", _("I must move it"),
        _("This piece has no legal move, so you may move another piece."),
    )  # fmt: skip
    free = Option(
        "free", _("I may move another piece"),
        _("You touched your own piece and it can move, so you must move it."),
    )  # fmt: skip
    return parts(
        made, "text",
        _("You touched the %(piece)s on %(square)s. Must you move it now?") % said,
        _("A touched piece of your own must be moved, if it has a legal move."),
        _("Yes: it can move, so it must be the one you move.") if made.holds
        else _("No need: it cannot move at all, so you may move another piece."),
        params=MappingProxyType({"square": made.square}),
        options=(must, free), answer=("must" if made.holds else "free",),
    )  # fmt: skip
