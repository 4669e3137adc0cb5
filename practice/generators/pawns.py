"""Practice of the pawn's special moves: en passant and promotion."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _

import rules
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice, parts, take_turns, yes_no
from rules import generate


def en_passant_rule(rng: random.Random, level: int) -> Parts:
    """Capture en passant (level 1), which pawns may (level 2), may it still (level 3:
    yes and no taking turns)."""
    _family, first = take_turns(rng, 1)
    made = generate.en_passant(rng, level, late=not first if level == 3 else None)
    advance = made.moves[0]
    said = {"from": advance[:2], "to": advance[2:4], "passed": made.move[2:4]}
    if level == 1:
        return parts(
            made, "move",
            _("The black pawn has just advanced two squares, from %(from)s to %(to)s. "
              "Capture it en passant.") % said,
            _("The white pawn moves diagonally to %(passed)s, the square the black pawn "
              "crossed.") % said,
            _("En passant! The white pawn went to %(passed)s and the pawn on %(to)s is "
              "gone.") % said,
            goal=MappingProxyType({"type": "en_passant"}),
        )  # fmt: skip
    pawns = [s for s, piece in sorted(rules.placement(made.fen).items()) if piece == "P"]
    capturers = sorted(rules.en_passant_capturers(made.fen, made.moves))
    if level == 2 and capturers and len(pawns) >= 2:
        offered = pawns if len(pawns) <= 3 else sorted({*capturers, *rng.sample(pawns, 3)})
        return choice(
            made, "en_passant_capturers", {},
            [Option(s, _("the pawn on %(square)s") % {"square": s}) for s in offered], capturers,
            _("Which white pawns may capture en passant now?"),
            _("Only a pawn right beside the pawn that advanced two squares, and only now."),
            _("Right! Only the pawns beside it may, on this very move."),
        )  # fmt: skip
    legal = made.holds
    return choice(
        made, "move_legal", {"move": made.move},
        yes_no(_("Yes, it may"), _("No, too late")), ["yes" if legal else "no"],
        _("May the white pawn on %(square)s capture en passant now?") % {"square": made.square},
        _("En passant is allowed only on the move right after the two-square advance."),
        _("Yes: the black pawn has just advanced two squares.") if legal
        else _("No: other moves came after the two-square advance, so the chance has passed."),
    )  # fmt: skip


def promotion_rule(rng: random.Random, level: int) -> Parts:
    made = generate.promotion(rng, level)
    if not made.holds:
        return parts(
            made, "move",
            _("Move the white pawn to the last rank and make it a queen."),
            _("On the last rank a pawn becomes a queen, rook, bishop or knight. Choose the queen!"),
            _("Promotion! The pawn became a queen, the strongest piece."),
            goal=MappingProxyType({"type": "promote", "piece": "q"}),
        )  # fmt: skip
    return parts(
        made, "move",
        _("Promote the white pawn. Do not stalemate Black, and do not draw!"),
        _("Before you choose the queen, look: could the black king still move?"),
        _("Well done! After the promotion Black can still move: no stalemate."),
        goal=MappingProxyType({"type": "promote", "piece": "any", "avoid_stalemate": True}),
    )  # fmt: skip
