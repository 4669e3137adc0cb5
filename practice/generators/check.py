"""Practice of capturing and of check: giving it, seeing it, getting out of it, winning with it."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _

import rules
from board.explanations import piece_name
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice, parts, yes_no
from rules import generate


def capture_rule(rng: random.Random, level: int) -> Parts:
    if rng.random() < 0.4:
        made = generate.own_piece_move(rng, level)
        verdict = rules.check_move(made.fen, made.move)
        mover = rules.piece_at(made.fen, made.move[:2])
        said = {"piece": piece_name(mover), "from": made.move[:2], "to": made.move[2:4]}
        if verdict.legal:
            explanation = _("Yes: it takes the enemy piece and stands on its square.")
        elif verdict.reason == rules.Reason.OWN_PIECE_ON_TARGET:
            explanation = _("No: a piece never captures a piece of its own side.")
        else:
            explanation = _("No: that move would leave the white king attacked.")
        return choice(
            made, "move_legal", {"move": made.move},
            yes_no(_("Yes, it may"), _("No, it may not")), ["yes" if verdict.legal else "no"],
            _("May the %(piece)s on %(from)s move to %(to)s?") % said,
            _("Look at whose piece stands on %(to)s.") % said,
            explanation,
        )  # fmt: skip
    made = generate.capture(rng, level)
    captured = {"piece": piece_name(made.piece)}
    return parts(
        made, "move",
        _("White to move. Capture a %(piece)s.") % captured,
        _("Which white piece can reach the %(piece)s? Follow each one's lines.") % captured,
        _("Captured! Your piece now stands where the %(piece)s stood.") % captured,
        goal=MappingProxyType({"type": "capture", "piece": made.piece}),
    )  # fmt: skip


ESCAPE_WORDS = {
    "capture": (
        lambda: _("The white king is in check. Capture the piece that gives check."),
        lambda: _("Capturing the checking piece ends the check."),
    ),
    "block": (
        lambda: _("The white king is in check. Put a piece in the way of the check."),
        lambda: _("A piece in between stops the attack."),
    ),
    "king": (
        lambda: _("The white king is in check. Move the king out of check."),
        lambda: _("The king stepped onto a square that is not attacked: safe."),
    ),
}


def check_escape_rule(rng: random.Random, level: int) -> Parts:
    """Out of check by one named way (capture, block or king), which some move misses."""
    made = generate.escape(rng, level)
    prompt, explanation = ESCAPE_WORDS[made.side]
    return parts(
        made, "move", prompt(),
        _("First find the black piece that gives check."), explanation(),
        goal=MappingProxyType({"type": "escape_check", "by": made.side}),
    )  # fmt: skip


def check_rule(rng: random.Random, level: int) -> Parts:
    if level > 1 and rng.random() < 0.5:
        return check_escape_rule(rng, level)
    made = generate.check(rng, level)
    assessment = rules.assess(made.fen)
    black = [
        square for square, piece in sorted(rules.placement(made.fen).items())
        if piece in "qrbnp"
    ]  # fmt: skip
    hint = _("Look along every line to the white king, and at the knights near it.")
    if assessment.in_check and level > 1 and len(black) >= 2:
        offered = [*assessment.checkers]
        offered += rng.sample(
            [s for s in black if s not in offered], min(3, len(black)) - len(offered)
        )
        rng.shuffle(offered)
        options = [
            Option(s, _("the %(piece)s on %(square)s") % {
                "piece": piece_name(rules.piece_at(made.fen, s)), "square": s})
            for s in offered
        ]  # fmt: skip
        return choice(
            made, "checkers", {}, options, assessment.checkers,
            _("The white king is in check. Which pieces give check?"), hint,
            _("Right! Those pieces attack the white king."),
        )  # fmt: skip
    if assessment.in_check:
        explanation = _(
            "Yes: a black piece attacks the white king, so White must answer the check."
        )
    else:
        explanation = _("No: no black piece attacks the white king right now.")
    return choice(
        made, "in_check", {}, yes_no(_("Yes, it is in check"), _("No")),
        ["yes" if assessment.in_check else "no"],
        _("Is the white king in check?"), hint, explanation,
    )  # fmt: skip


def check_wins_rule(rng: random.Random, level: int) -> Parts:
    """A knight check that forks the king and a rook or queen: give it, win the piece."""
    made = generate.check_fork(rng, level)
    return parts(
        made, "move",
        _("White to move. Give check with the knight and attack a black piece at the same "
          "time."),
        _("Look for a square from which the knight attacks the black king and the rook or "
          "queen together."),
        _("Check and attack together! The king must get out of check, and the piece is lost."),
        goal=MappingProxyType({"type": "check_wins"}),
    )  # fmt: skip
