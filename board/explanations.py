"""The engine's codes turned into sentences a child reads (Traditional Chinese through gettext).

``rules`` answers in codes and squares; every word here goes through gettext with an
English msgid and named placeholders, translated in locale/zh_Hant.
"""

from collections.abc import Callable

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

import rules
from languages import lists
from rules import Claim, Reason, Termination
from rules.verdict import Finding

# Whether a lesson (by slug) has been taught where the learner is; None: every lesson has.
Taught = Callable[[str], bool] | None

PIECE_NAMES = {
    "K": _("white king"),
    "Q": _("white queen"),
    "R": _("white rook"),
    "B": _("white bishop"),
    "N": _("white knight"),
    "P": _("white pawn"),
    "k": _("black king"),
    "q": _("black queen"),
    "r": _("black rook"),
    "b": _("black bishop"),
    "n": _("black knight"),
    "p": _("black pawn"),
}

# How each kind of piece moves: the whole rule, behind 「為什麼？」 when a piece is moved the
# wrong way (the short sentence already said which move it cannot make).
NOT_HOW_IT_MOVES = {
    "k": _(
        "A king steps one square at a time, in any direction: straight, sideways or diagonally."
    ),
    "q": _(
        "A queen goes straight, sideways or diagonally, "
        "as far as she likes while no piece is in the way."
    ),
    "r": _(
        "A rook goes only straight or sideways, as far as it likes while no piece is in the way."
    ),
    "b": _(
        "A bishop goes only diagonally, as far as it likes while no piece is in the way, "
        "so it always stays on squares of one colour."
    ),
    "n": _(
        "The L of a knight: two squares straight or sideways, then one square to the side. "
        "A knight may jump over other pieces."
    ),
    "p": _(
        "A pawn goes forward one square (two on its first move), captures one square "
        "diagonally forward, and never goes backwards or sideways."
    ),
}

# The short sentence for a piece moved the wrong way: the one rule it broke, with its squares.
# The whole rule of the piece (NOT_HOW_IT_MOVES above) is behind 「為什麼？」.
SHORT_NOT_HOW_IT_MOVES = {
    "k": _("The %(piece)s cannot go from %(from)s to %(to)s: a king steps one square."),
    "q": _("The %(piece)s cannot go from %(from)s to %(to)s: a queen goes straight or diagonally."),
    "r": _("The %(piece)s cannot go from %(from)s to %(to)s: a rook goes only straight."),
    "b": _("The %(piece)s cannot go from %(from)s to %(to)s: a bishop goes only diagonally."),
    "n": _("The %(piece)s cannot go from %(from)s to %(to)s: a knight moves in an L."),
    "p": _("The %(piece)s cannot go from %(from)s to %(to)s: a pawn goes forward."),
}
PAWN_NOT_HOW_IT_MOVES = {
    "backwards": _("The %(piece)s cannot go from %(from)s to %(to)s: a pawn never goes back."),
    "sideways": _("The %(piece)s cannot go from %(from)s to %(to)s: a pawn never goes sideways."),
    "two_later": _(
        "The %(piece)s cannot go from %(from)s to %(to)s: "
        "only on its first move may a pawn go two squares."
    ),
    "too_far": _(
        "The %(piece)s cannot go from %(from)s to %(to)s: a pawn goes one square at a time."
    ),
}

# One sentence for each reason that needs no choosing; the others are chosen in _VARIANTS.
# Placeholders: %(piece)s the piece that tried to move, %(to)s its target square,
# %(square)s / %(other)s the first square the reason points at and the piece on it,
# %(square2)s / %(other2)s the second, %(squares)s all of them.
SENTENCES = {
    Reason.NO_PIECE: _("There is no piece on %(square)s to move."),
    Reason.OWN_PIECE_ON_TARGET: _(
        "Your own %(other)s is on %(square)s: you can never capture your own piece."
    ),
    Reason.PATH_BLOCKED: _(
        "The %(piece)s cannot jump over pieces: the %(other)s on %(square)s is in the way."
    ),
    Reason.PAWN_FORWARD_OCCUPIED: _(
        "The %(piece)s cannot go forward: the %(other)s on %(square)s is in the way. "
        "Pawns capture only diagonally."
    ),
    Reason.PAWN_DIAGONAL_NEEDS_CAPTURE: _(
        "The %(piece)s may go diagonally only to capture, and there is nothing to capture "
        "on %(square)s."
    ),
    Reason.EN_PASSANT_EXPIRED: _(
        "Too late: the %(other)s on %(square)s could be captured en passant only right "
        "after its two-square move."
    ),
    Reason.EN_PASSANT_NEEDS_TWO_STEP: _(
        "The %(other)s on %(square)s did not just move two squares: en passant takes "
        "only a pawn that has just moved two."
    ),
    Reason.CASTLING_KING_TWO_SQUARES: _(
        "In castling the king goes exactly two squares, to %(square)s."
    ),
    Reason.CASTLING_NO_ROOK: _("You cannot castle: there is no rook of yours on %(square)s."),
    Reason.CASTLING_IN_CHECK: _(
        "You cannot castle: your king is in check from the %(other)s on %(square)s, "
        "and a king in check may not castle."
    ),
    Reason.CASTLING_THROUGH_ATTACK: _(
        "You cannot castle: %(square)s is attacked by the %(other2)s on %(square2)s, "
        "and the king may not pass over an attacked square."
    ),
    Reason.CASTLING_INTO_ATTACK: _(
        "You cannot castle: %(square)s is attacked by the %(other2)s on %(square2)s, "
        "and the king may not land on an attacked square."
    ),
    Reason.KING_INTO_ATTACK: _(
        "The %(piece)s cannot go to %(to)s: the %(other)s on %(square)s attacks it there."
    ),
    Reason.PROMOTION_REQUIRED: _(
        "The %(piece)s reaches the last rank and must be promoted: "
        "choose a queen, rook, bishop or knight."
    ),
    Reason.GAME_OVER: _("The game is already over: no more moves can be played."),
}

TERMINATIONS = {
    Termination.CHECKMATE: _("Checkmate! The game is over."),
    Termination.STALEMATE: _(
        "Stalemate: the side to move has no legal move but is not in check. The game is a draw."
    ),
    Termination.INSUFFICIENT_MATERIAL: _(
        "Dead position: neither side has enough pieces left to checkmate. The game is a draw."
    ),
    Termination.FIVEFOLD_REPETITION: _(
        "The same position has appeared five times: the game is a draw."
    ),
    Termination.SEVENTYFIVE_MOVES: _(
        "Seventy-five moves each without a capture or a pawn move: the game is a draw."
    ),
}

CHECKMATE_WINNER = {
    "white": _("Checkmate! White wins."),
    "black": _("Checkmate! Black wins."),
}

CLAIMS = {
    Claim.THREEFOLD_REPETITION: _(
        "The same position has appeared three times: a draw may be claimed."
    ),
    Claim.FIFTY_MOVES: _(
        "Fifty moves each without a capture or a pawn move: a draw may be claimed."
    ),
}


def piece_name(symbol: str | None) -> str:
    """The piece's name with its colour: "N" → 「白馬」, "q" → 「黑后」."""
    if symbol not in PIECE_NAMES:
        return gettext("piece")
    return str(PIECE_NAMES[symbol])


def describe_termination(termination: Termination, winner: str | None = None) -> str:
    """A short sentence saying how the game ended (and who won, after a mate, when given)."""
    if termination is Termination.CHECKMATE and winner in CHECKMATE_WINNER:
        return str(CHECKMATE_WINNER[winner])
    return str(TERMINATIONS[termination])


def describe_claim(claim: Claim) -> str:
    """A short sentence saying which draw may be claimed."""
    return str(CLAIMS[claim])


def explain(verdict: rules.Verdict, taught: Taught = None) -> list[str]:
    """The one sentence saying the rule the illegal move breaks (its primary reason).

    ``taught(slug)`` says whether the lesson ``slug`` has been taught where the learner is
    (None: everything has): before the castling lesson a king taken two squares hears
    that a king steps one square, not a castling condition; before the en passant
    lesson a pawn's diagonal step onto an empty square hears that a pawn goes
    diagonally only to capture. The other reasons, and a piece's whole rule of
    movement, are in ``explain_why``. Once the game is over that is all there is to
    say: advice such as "capture the checking piece" would be false after a checkmate.
    """
    findings = _fitting(verdict, taught)
    return [_sentence(verdict, findings[0])] if findings else []


def history_move_refused(number: int, move: str, verdict: rules.Verdict | None) -> str:
    """Which move of a history cannot be played (``number``, counted from 1) and why, in
    the engine's words; ``verdict`` None: the move is not written as two squares."""
    if verdict is None:
        why = gettext("write a move as two squares, e.g. e2e4.")
    else:
        why = " ".join(explain(verdict)) or gettext("the rules do not allow it.")
    said = {"number": number, "move": move, "why": why}
    sentence = gettext("Move %(number)s of the moves played, %(move)s, cannot be played: %(why)s")
    return sentence % said


def explain_why(verdict: rules.Verdict, taught: Taught = None) -> list[str]:
    """The longer reason behind 「為什麼？」: a piece's whole rule of movement, and every
    other rule the move breaks (the other castling conditions, a pin beside a check)."""
    findings = _fitting(verdict, taught)
    if not findings or findings[0].reason is Reason.GAME_OVER:
        return []
    why = []
    if findings[0].reason is Reason.NOT_HOW_IT_MOVES:
        why.append(_sentence(verdict, findings[0], NOT_HOW_IT_MOVES[_kind(verdict)]))
    why.extend(_sentence(verdict, finding) for finding in findings[1:])
    return why


def _kind(verdict: rules.Verdict) -> str:
    return (verdict.mover or "k").lower()


_CASTLING = {
    Reason.CASTLING_KING_TWO_SQUARES,
    Reason.CASTLING_RIGHTS_LOST,
    Reason.CASTLING_NO_ROOK,
    Reason.CASTLING_BLOCKED,
    Reason.CASTLING_IN_CHECK,
    Reason.CASTLING_THROUGH_ATTACK,
    Reason.CASTLING_INTO_ATTACK,
}
_EN_PASSANT = {Reason.EN_PASSANT_EXPIRED, Reason.EN_PASSANT_NEEDS_TWO_STEP}


def _fitting(verdict: rules.Verdict, taught: Taught) -> tuple[Finding, ...]:
    """The findings told where the learner is: rules not taught yet give way to the
    rule the learner knows, and after the end of the game only that is said."""
    findings = verdict.findings
    if not findings:
        return ()
    if findings[0].reason is Reason.GAME_OVER:
        return findings[:1]
    learnt = taught or (lambda slug: True)
    frm, to = verdict.move[:2], verdict.move[2:4]
    if findings[0].reason in _CASTLING and not learnt("castling"):
        return (Finding(Reason.NOT_HOW_IT_MOVES, (frm, to), (verdict.mover, None)),)
    if findings[0].reason in _EN_PASSANT and not learnt("en-passant"):
        return (Finding(Reason.PAWN_DIAGONAL_NEEDS_CAPTURE, (to,), (None,)),)
    return findings


def _sentence(verdict: rules.Verdict, finding: Finding, template: object = None) -> str:
    """The sentence for one finding (or ``template``), with the piece and squares filled in."""
    values = {
        "piece": piece_name(verdict.mover),
        "from": verdict.move[:2],
        "to": verdict.move[2:4],
        "squares": lists.join(finding.squares),
    }
    for index, (square, symbol) in enumerate(zip(finding.squares, finding.pieces, strict=True)):
        suffix = "" if index == 0 else str(index + 1)
        values[f"square{suffix}"] = square
        values[f"other{suffix}"] = piece_name(symbol)
    return str(template or _template(verdict, finding)) % values


def _template(verdict: rules.Verdict, finding: Finding) -> str:
    choose = _VARIANTS.get(finding.reason)
    if choose is not None:
        return str(choose(verdict, finding))
    return str(SENTENCES[finding.reason])


def _opponent_piece(verdict: rules.Verdict, finding: Finding) -> str:
    if verdict.mover and verdict.mover.islower():
        return _("The %(other)s on %(square)s is not yours: it is white's turn to move.")
    return _("The %(other)s on %(square)s is not yours: it is black's turn to move.")


def _not_how_it_moves(verdict: rules.Verdict, finding: Finding) -> str:
    kind = _kind(verdict)
    if kind == "p":
        way = _pawn_way(verdict)
        if way is not None:
            return PAWN_NOT_HOW_IT_MOVES[way]
    return SHORT_NOT_HOW_IT_MOVES[kind]


def _pawn_way(verdict: rules.Verdict) -> str | None:
    """Which pawn rule a wrong pawn move breaks: backwards, sideways, two later, too far."""
    frm, to = verdict.move[:2], verdict.move[2:4]
    files = ord(to[0]) - ord(frm[0])
    forward = int(to[1]) - int(frm[1])
    start = "2"
    if verdict.mover == "p":
        forward, start = -forward, "7"
    if forward < 0:
        return "backwards"
    if forward == 0:
        return "sideways"
    if files == 0 and forward == 2 and frm[1] != start:
        return "two_later"
    if files == 0 and forward > 2:
        return "too_far"
    return None


def _castling_rights_lost(verdict: rules.Verdict, finding: Finding) -> str:
    if not finding.squares:
        return _(
            "You cannot castle: the king or this rook has already moved, "
            "so castling on this side is gone for good."
        )
    return _(
        "You cannot castle: the %(other)s on %(square)s has already moved, even if it came back."
    )


def _ignores_check(verdict: rules.Verdict, finding: Finding) -> str:
    if len(finding.squares) > 1:
        return _("Your king is in check from two pieces (%(squares)s): only moving the king helps.")
    if not finding.between:
        # A knight's or a pawn's check, or a piece right beside the king: nothing can block it.
        return _(
            "Your king is in check from the %(other)s on %(square)s: capture it or move your king."
        )
    return _(
        "Your king is in check from the %(other)s on %(square)s: capture it, "
        "block it, or move your king."
    )


def _pinned(verdict: rules.Verdict, finding: Finding) -> str:
    if len(finding.squares) > 1:
        # En passant: the engine names the pinner, then the pawn taken off its line.
        return _(
            "The %(piece)s cannot capture en passant here: once the %(other2)s on "
            "%(square2)s is gone, the %(other)s on %(square)s would attack your king."
        )
    return _(
        "The %(piece)s cannot move this way: it would leave your king open to "
        "the %(other)s on %(square)s."
    )


def _castling_blocked(verdict: rules.Verdict, finding: Finding) -> str:
    return ngettext(
        "You cannot castle: there is a piece between the king and the rook (%(squares)s).",
        "You cannot castle: there are pieces between the king and the rook (%(squares)s).",
        len(finding.squares),
    )


def _bad_promotion(verdict: rules.Verdict, finding: Finding) -> str:
    # A king or pawn suffix on a pawn reaching its last rank: the wrong piece was chosen.
    # Any suffix on another move (a rook's, a pawn's first step): there is no promotion.
    if verdict.move[4:] in ("k", "p") and rules.pawn_reaches_last_rank(verdict.mover, verdict.move):
        return _("A pawn can become a queen, rook, bishop or knight, never a king or a pawn.")
    return _("Only a pawn that reaches the last rank is promoted.")


_VARIANTS = {
    Reason.OPPONENT_PIECE: _opponent_piece,
    Reason.NOT_HOW_IT_MOVES: _not_how_it_moves,
    Reason.CASTLING_RIGHTS_LOST: _castling_rights_lost,
    Reason.CASTLING_BLOCKED: _castling_blocked,
    Reason.IGNORES_CHECK: _ignores_check,
    Reason.PINNED: _pinned,
    Reason.BAD_PROMOTION: _bad_promotion,
}


def move_in_words(verdict: rules.Verdict) -> str:
    """A legal move said in words, for lessons before notation is taught:
    「黑王從 g8 走到 h7」, 「白馬從 f3 吃掉 e5 的黑兵」, 「白方短易位」."""
    mover = verdict.piece or verdict.mover
    white = bool(mover and mover.isupper())
    if verdict.castling:
        return str(CASTLING_WORDS[(white, verdict.castling)])
    values = {
        "piece": piece_name(mover),
        "from": verdict.move[:2],
        "to": verdict.move[2:4],
        "captured": piece_name(verdict.captured),
        "promoted": piece_name(verdict.promotion.upper() if white else verdict.promotion)
        if verdict.promotion
        else "",
    }
    if verdict.en_passant:
        text = _("%(piece)s from %(from)s captures the %(captured)s en passant, landing on %(to)s")
    elif verdict.captured:
        text = _("%(piece)s from %(from)s takes the %(captured)s on %(to)s")
    else:
        text = _("%(piece)s from %(from)s to %(to)s")
    said = str(text) % values
    if verdict.promotion:
        said = str(_("%(move)s, and becomes a %(promoted)s")) % {
            "move": said,
            "promoted": values["promoted"],
        }
    return said


CASTLING_WORDS = {
    (True, "short"): _("White castles short"),
    (True, "long"): _("White castles long"),
    (False, "short"): _("Black castles short"),
    (False, "long"): _("Black castles long"),
}
