"""Practice of the board and of each piece's moves (board, king … pawn)."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from board.explanations import piece_name
from curriculum.puzzles import Option
from practice.generators.parts import Maker, Parts, choice, parts
from rules import generate

PIECE_HINTS = {
    "K": lambda: _("The king steps one square in any direction, never onto an attacked square."),
    "Q": lambda: _("The queen goes straight or diagonally, as far as the way is free."),
    "R": lambda: _("The rook goes straight along its rank or file until a piece is in the way."),
    "B": lambda: _("The bishop goes diagonally, so it always stays on squares of one colour."),
    "N": lambda: _("Two squares straight, then one to the side: the knight jumps over pieces."),
    "P": lambda: _(
        "A pawn steps forward, two squares from its start, and captures one square diagonally."
    ),
}


def board_rule(rng: random.Random, level: int) -> Parts:
    made = generate.scattered(rng, level)
    square = made.square
    if rng.random() < 0.35:
        colour = rules.square_color(square)
        options = (Option("light", _("A light square")), Option("dark", _("A dark square")))
        explanation = (
            _("%(square)s is a light square.")
            if colour == "light"
            else _("%(square)s is a dark square.")
        ) % {"square": square}
        return choice(
            made, "square_color", {"square": square}, options, [colour],
            _("What colour is the square %(square)s?") % {"square": square},
            _("a1 is a dark square, and the colours take turns along every rank and file."),
            explanation,
        )  # fmt: skip
    here = rules.piece_at(made.fen, square) or "empty"
    others = [s for s in "KQRBNPkqrbnp" if s != here] + ([] if here == "empty" else ["empty"])
    values = [here, *rng.sample(others, 2)]
    rng.shuffle(values)
    options = [Option(v, _("No piece") if v == "empty" else piece_name(v)) for v in values]
    if here == "empty":
        explanation = _("%(square)s is empty.") % {"square": square}
    else:
        explanation = _("On %(square)s stands the %(piece)s.") % {
            "square": square,
            "piece": piece_name(here),
        }
    return choice(
        made, "piece_at", {"square": square}, options, [here],
        _("What stands on %(square)s?") % {"square": square},
        _("Find the file %(file)s by its letter, then the rank %(rank)s by its number.")
        % {"file": square[0], "rank": square[1]},
        explanation,
    )  # fmt: skip


def piece_rule(letter: str) -> Maker:
    def make(rng: random.Random, level: int) -> Parts:
        made = generate.piece_moves(rng, level, letter)
        said = {"piece": piece_name(letter), "square": made.square}
        if letter == "K" and rng.random() < 0.4:
            return parts(
                made, "squares",
                _("The %(piece)s is on %(square)s. Tap every square next to it that it may "
                  "not step on.") % said,
                _("The king may not step onto an attacked square, nor onto its own piece."),
                _("Right! Those squares are attacked, or its own piece stands there."),
                target="king_cannot_go", square=made.square,
            )  # fmt: skip
        count = len(rules.destinations(made.fen, made.square))
        return parts(
            made, "squares",
            _("The %(piece)s is on %(square)s. Tap every square it can move to.") % said,
            PIECE_HINTS[letter](),
            ngettext(
                "Right! The %(piece)s can go to %(count)s square.",
                "Right! The %(piece)s can go to %(count)s squares.",
                count,
            ) % {**said, "count": count},
            target="destinations", square=made.square,
        )  # fmt: skip

    return make
