"""Practice of castling: how it is done, when it is not allowed now, and when never again."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _

import rules
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice, parts, take_turns, yes_no
from rules import generate

CASTLING_WHY = {
    "castling_rights_lost": lambda: _("No: the king or that rook has moved, so never again."),
    "castling_no_rook": lambda: _("No: there is no rook of yours in that corner."),
    "castling_in_check": lambda: _("No: the king is in check now."),
    "castling_blocked": lambda: _("No: a piece stands between the king and the rook."),
    "castling_through_attack": lambda: _("No: the king would pass over an attacked square."),
    "castling_into_attack": lambda: _("No: the king would land on an attacked square."),
}
# The same reasons said short, for an explanation that names several (≤ 40 characters).
CASTLING_WHY_SHORT = {
    "castling_rights_lost": lambda: _("No: the king or rook has moved, never again."),
    "castling_no_rook": lambda: _("No: no rook in that corner."),
    "castling_in_check": lambda: _("No: in check now."),
    "castling_blocked": lambda: _("No: a piece in between."),
    "castling_through_attack": lambda: _("No: it passes an attacked square."),
    "castling_into_attack": lambda: _("No: it lands on an attacked square."),
}
CASTLING_OPTIONS = {
    "castling_rights_lost": lambda: _("The king or the rook has moved"),
    "castling_blocked": lambda: _("A piece stands between the king and the rook"),
    "castling_in_check": lambda: _("The king is in check"),
    "castling_through_attack": lambda: _("The king would pass over an attacked square"),
    "castling_into_attack": lambda: _("The king would land on an attacked square"),
}


def _castling_hint() -> str:
    return _(
        "Check each condition: neither has moved, nothing between, not in check, "
        "no attacked square crossed or landed on."
    )


# 永遠不行，還是暫時不行: the same reasons, each said as for ever or for now
CASTLING_FOR_EVER_OPTIONS = {
    "castling_rights_lost": lambda: _("For ever: the king or the rook has moved"),
    "castling_blocked": lambda: _("For now: a piece stands between the king and the rook"),
    "castling_in_check": lambda: _("For now: the king is in check"),
    "castling_through_attack": lambda: _("For now: the king would pass over an attacked square"),
    "castling_into_attack": lambda: _("For now: the king would land on an attacked square"),
}


# How castling is done, said for each colour and side: (prompt, hint, explanation).
CASTLING_MOVES = {
    ("white", "short"): lambda: (
        _("Castle short with White."),
        _("Tap the white king, then g1: the rook jumps over by itself."),
        _("The king went from e1 to g1 and the rook from h1 to f1."),
    ),
    ("white", "long"): lambda: (
        _("Castle long with White."),
        _("Tap the white king, then c1: the rook jumps over by itself."),
        _("The king went from e1 to c1 and the rook from a1 to d1."),
    ),
    ("black", "short"): lambda: (
        _("Castle short with Black."),
        _("Tap the black king, then g8: the rook jumps over by itself."),
        _("The king went from e8 to g8 and the rook from h8 to f8."),
    ),
    ("black", "long"): lambda: (
        _("Castle long with Black."),
        _("Tap the black king, then c8: the rook jumps over by itself."),
        _("The king went from e8 to c8 and the rook from a8 to d8."),
    ),
}

# Where White's king can be thought to land: its square, its rook's, the other side's.
CASTLING_LANDINGS = {"short": ("g1", "f1", "c1"), "long": ("c1", "d1", "g1")}


def castling_rule(rng: random.Random, level: int) -> Parts:
    """How castling is done (王車易位：怎麼走): White castles the side asked (level 1),
    where the king lands after O-O or O-O-O (level 2), Black castles the side asked
    (level 3). When castling is not allowed is practised by castling-not-now and
    castling-forever, the lessons that teach it."""
    if level == 2:
        return _castling_landing(rng, generate.castling(rng, level, allowed=True))
    colour = "black" if level == 3 else "white"
    made = generate.castling(rng, min(level, 2), allowed=True, colour=colour)
    prompt, hint, explanation = CASTLING_MOVES[(colour, made.side)]()
    return parts(
        made, "move", prompt, hint, explanation,
        goal=MappingProxyType({"type": "castle", "side": made.side}),
    )  # fmt: skip


def _castling_landing(rng: random.Random, made: generate.Made) -> Parts:
    """White may castle: on which square does the king land? The rook's square and the
    other side's are offered beside it."""
    short = made.side == "short"
    squares = list(CASTLING_LANDINGS[made.side])
    king = squares[0]
    rng.shuffle(squares)
    return choice(
        made, "destination_of", {"san": "O-O" if short else "O-O-O"},
        [Option(sq, _("Ends on %(square)s") % {"square": sq}) for sq in squares], [king],
        _("White castles short (O-O). On which square does the king land?") if short
        else _("White castles long (O-O-O). On which square does the king land?"),
        _("The king moves two squares toward the rook; the rook jumps over it and stands "
          "beside it."),
        _("Short castling: the king lands on g1 and the rook on f1.") if short
        else _("Long castling: the king lands on c1 and the rook on d1."),
    )  # fmt: skip


def castling_not_now_rule(rng: random.Random, level: int) -> Parts:
    """When castling is not allowed now: no history, so every reason is for now."""
    _family, first = take_turns(rng, 1)
    made = generate.castling(rng, min(level, 2), allowed=False if level == 3 else first)
    return _castling_question(made, CASTLING_OPTIONS, reasons_asked=level == 3)


def castling_for_ever_rule(rng: random.Random, level: int) -> Parts:
    """For ever or for now: positions with a history in which the king or a rook went out
    and came back, beside positions where castling waits for an attack to go."""
    _family, first = take_turns(rng, 1)
    made = generate.castling(rng, 3, allowed=first if level == 1 else False)
    return _castling_question(
        made, CASTLING_FOR_EVER_OPTIONS, reasons_asked=level > 1, why=_for_ever_or_now
    )


def _why_not(short: bool) -> str:
    return (
        _("White may not castle short. Why? Choose every reason.")
        if short
        else _("White may not castle long. Why? Choose every reason.")
    )


def _for_ever_or_now(short: bool) -> str:
    return (
        _("White may not castle short. For ever, or for now? Choose every reason.")
        if short
        else _("White may not castle long. For ever, or for now? Choose every reason.")
    )


def _castling_question(
    made: generate.Made, options: dict, *, reasons_asked: bool, why=_why_not
) -> Parts:
    """May White castle now (yes or no), or, when it may not, every reason why."""
    move = rules.castling_move("white", made.side)
    verdict = rules.check_move(made.fen, move, made.moves)
    reasons = [reason.value for reason in verdict.reasons]
    short = made.side == "short"
    if reasons_asked and reasons and set(reasons) <= set(options):
        return choice(
            made, "castling_reasons", {"side": made.side},
            [Option(value, text()) for value, text in options.items()], reasons,
            why(short), _castling_hint(), _every_reason(reasons),
        )  # fmt: skip
    explanation = _("Yes: every condition holds.") if verdict.legal else _every_reason(reasons)
    return choice(
        made, "can_castle", {"side": made.side},
        yes_no(_("Yes, it may"), _("No, it may not")), ["yes" if verdict.legal else "no"],
        _("May White castle short now?") if short else _("May White castle long now?"),
        _castling_hint(), explanation,
    )  # fmt: skip


def _every_reason(reasons: list[str]) -> str:
    """Why White may not castle: every reason that applies, one after the other."""
    why = CASTLING_WHY if len(reasons) == 1 else CASTLING_WHY_SHORT
    said = [why.get(reason, why["castling_blocked"])() for reason in reasons]
    text = said[0]
    for more in said[1:]:
        text = _("%(reason)s %(more)s") % {"reason": text, "more": more}
    return text
