"""Practice of capturing and of check: giving it, seeing it, getting out of it, winning with it."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _

import rules
from board.explanations import piece_name
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice, parts, take_turns, until, yes_no
from rules import generate


def capture_rule(rng: random.Random, level: int) -> Parts:
    """May this piece move there (yes and no taking turns), or capture a named piece."""
    family, first = take_turns(rng, 2)
    if family == 0:
        # a "no" needs a second white piece to stand in the way: level 1 has one
        size = level if first else max(level, 2)
        made = until(rng, lambda r: generate.own_piece_move(r, size),
                     lambda m: rules.check_move(m.fen, m.move).legal == first)  # fmt: skip
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
    """Is the white king in check (yes and no taking turns), give check with a move, and
    from level 2 which pieces give check. Getting out of check is the next lesson's."""
    family, first = take_turns(rng, 2 if level == 1 else 3)
    if family == 1:
        return _give_check(rng, level)
    wanted = family == 2 or first  # checkers: in check; else yes and no take turns
    made = until(rng, lambda r: generate.check(r, level),
                 lambda m: rules.assess(m.fen).in_check == wanted)  # fmt: skip
    assessment = rules.assess(made.fen)
    black = [
        square for square, piece in sorted(rules.placement(made.fen).items())
        if piece in "qrbnp"
    ]  # fmt: skip
    hint = _("Look along every line to the white king, and at the knights near it.")
    if family == 2 and assessment.in_check and len(black) >= 2:
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


def _checking_moves(fen: str) -> list[str]:
    return [m for m in rules.legal_moves(fen) if rules.check_move(fen, m).gives_check]


def _give_check(rng: random.Random, level: int) -> Parts:
    """White, not in check, gives check with one of its moves (not every move does)."""

    def sound(made: generate.Made) -> bool:
        if rules.assess(made.fen).in_check:
            return False
        checking = _checking_moves(made.fen)
        return 0 < len(checking) < len(rules.legal_moves(made.fen))

    size = max(level, 2)  # level 1 gives White its king alone: nothing to check with
    made = until(rng, lambda r: generate.check(r, size), sound)
    return parts(
        made, "move",
        _("White to move. Give check to the black king."),
        _("Which white piece can go to a square from which it attacks the black king?"),
        _("Check! The black king is attacked, and Black must answer it."),
        goal=MappingProxyType({"type": "check"}),
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
