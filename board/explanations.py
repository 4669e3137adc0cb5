"""The engine's codes turned into sentences a child reads (Traditional Chinese through gettext).

``rules`` answers in codes and squares; every word here goes through gettext with an
English msgid and named placeholders, translated in locale/zh_Hant.
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from rules import Claim, Reason, Termination
from rules.verdict import Finding

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

# How each kind of piece moves, said when a piece is moved the wrong way.
NOT_HOW_IT_MOVES = {
    "k": _("The %(piece)s does not move like that: a king steps one square in any direction."),
    "q": _(
        "The %(piece)s does not move like that: a queen goes straight or diagonally, "
        "as far as the way is free."
    ),
    "r": _("The %(piece)s does not move like that: a rook goes only straight, along a line."),
    "b": _("The %(piece)s does not move like that: a bishop goes only diagonally."),
    "n": _(
        "The %(piece)s does not move like that: a knight jumps in an L, "
        "two squares straight and then one to the side."
    ),
    "p": _(
        "The %(piece)s does not move like that: a pawn goes forward one square "
        "(two on its first move), captures one square diagonally forward, "
        "and never goes backwards or sideways."
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
    Reason.CASTLING_IN_CHECK: _(
        "You cannot castle: your king is in check from the %(other)s on %(square)s, "
        "and a king in check may not castle."
    ),
    Reason.CASTLING_BLOCKED: _(
        "You cannot castle: there are pieces between the king and the rook (%(squares)s)."
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


def explain(verdict: rules.Verdict) -> list[str]:
    """One sentence per reason the move is illegal, primary first (all of them for castling).

    Once the game is over that is all there is to say: advice such as "capture the
    checking piece" would be false after a checkmate.
    """
    findings = verdict.findings
    if findings and findings[0].reason is Reason.GAME_OVER:
        findings = findings[:1]
    return [_sentence(verdict, finding) for finding in findings]


def _sentence(verdict: rules.Verdict, finding: Finding) -> str:
    """The sentence for one finding, with the piece and squares filled in."""
    values = {
        "piece": piece_name(verdict.mover),
        "from": verdict.move[:2],
        "to": verdict.move[2:4],
        "squares": "、".join(finding.squares),
    }
    for index, (square, symbol) in enumerate(zip(finding.squares, finding.pieces, strict=True)):
        suffix = "" if index == 0 else str(index + 1)
        values[f"square{suffix}"] = square
        values[f"other{suffix}"] = piece_name(symbol)
    return _template(verdict, finding) % values


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
    return NOT_HOW_IT_MOVES[(verdict.mover or "k").lower()]


def _castling_rights_lost(verdict: rules.Verdict, finding: Finding) -> str:
    if not finding.squares:
        return _(
            "You cannot castle: the king or this rook has already moved, "
            "so castling on this side is gone for good."
        )
    king = verdict.mover or "K"
    if finding.pieces[0] == king:
        return _("You cannot castle: the %(other)s has already moved, even if it came back.")
    if finding.pieces[0] == ("R" if king.isupper() else "r"):
        return _(
            "You cannot castle: the %(other)s on %(square)s has already moved, "
            "even if it came back."
        )
    # The engine names the rook's corner when no rook of the player's stands there.
    return _("You cannot castle: there is no rook of yours on %(square)s.")


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
    Reason.IGNORES_CHECK: _ignores_check,
    Reason.PINNED: _pinned,
    Reason.BAD_PROMOTION: _bad_promotion,
}
