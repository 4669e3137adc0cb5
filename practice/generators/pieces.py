"""Practice of the board and of each piece's moves (board, king … pawn)."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from board.explanations import piece_name
from curriculum.puzzles import Option
from practice.generators.parts import Maker, Parts, _hidden, choice, parts, yes_no
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


# A piece's practice (the king's aside) takes turns between its kinds of question, any 3
# turns in a row asking each once: move it there; tap every square it can go to; may it go
# to this square.
PIECE_FAMILIES = 3


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
        # The kinds in turn (a kind hides nothing: it shows); the king's turns are its two
        # squares questions (above and below).
        family = 1 if letter == "K" else getattr(rng, "turn", 0) % PIECE_FAMILIES
        if family == 0:
            return _move_it_there(rng, made, letter)
        if family == 2:
            return _may_it_go(rng, made, letter, level)
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


def _may_it_go(rng: random.Random, made: generate.Made, letter: str, level: int) -> Parts:
    """Yes and no once each in every two turns of this question, in an order kept secret
    (parts._hidden, as parts.deal); the levels lean opposite ways on an odd turn, so that a
    short run over the three levels stays near half."""
    index = getattr(rng, "turn", 0) // PIECE_FAMILIES
    rule = getattr(rng, "deck", "").split(":")[0]
    answer = (_hidden(f"{rule}:may:{index // 2}") + index + level) % 2
    reach = sorted(rules.destinations(made.fen, made.square))
    around = set().union(*(rules.neighbours(s) for s in rules.neighbours(made.square)))
    near = sorted(around - set(reach) - {made.square})
    yes = answer == 0 or not near
    to = rng.choice(reach if yes else near)
    move = made.square + to
    said = {"piece": piece_name(letter), "from": made.square, "to": to}
    return choice(
        made, "move_legal", {"move": move},
        yes_no(_("Yes, it may"), _("No, it may not")), ["yes" if yes else "no"],
        _("May the %(piece)s on %(from)s move to %(to)s?") % said,
        PIECE_HINTS[letter](),
        _("Yes: this move follows every rule.") if yes else _("No: this move breaks a rule."),
    )  # fmt: skip


def _move_it_there(rng: random.Random, made: generate.Made, letter: str) -> Parts:
    to = rng.choice(sorted(rules.destinations(made.fen, made.square)))
    said = {"piece": piece_name(letter), "from": made.square, "to": to}
    return parts(
        made, "move",
        _("Move the %(piece)s from %(from)s to %(to)s.") % said,
        PIECE_HINTS[letter](),
        _("Yes: this move follows every rule."),
        goal=MappingProxyType({"type": "reach", "piece": letter, "square": to}),
    )  # fmt: skip
