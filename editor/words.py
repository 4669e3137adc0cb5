"""The editor's words: the engine's flaws of a set-up, the rights it offers and what the
last button did, as sentences through gettext (English msgids, zh_Hant in locale/)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

import rules
from board.explanations import PIECE_NAMES, explain, history_move_refused
from editor.state import Event
from rules.setup import Flaw, SetupFlaw


def _squares(squares) -> str:
    return pgettext("list separator", ", ").join(squares)


def _side(side: str) -> str:
    return _("White") if side == "white" else _("Black")


FLAW_WORDS = {
    Flaw.NO_WHITE_KING: gettext_lazy(
        "There is no white king. Every game has one king of each colour."
    ),
    Flaw.NO_BLACK_KING: gettext_lazy(
        "There is no black king. Every game has one king of each colour."
    ),
    Flaw.TOO_MANY_WHITE_KINGS: gettext_lazy(
        "White has %(count)s kings (%(squares)s). Each side has only one."
    ),
    Flaw.TOO_MANY_BLACK_KINGS: gettext_lazy(
        "Black has %(count)s kings (%(squares)s). Each side has only one."
    ),
    Flaw.PAWN_ON_END_RANK: gettext_lazy(
        "A pawn stands on %(squares)s. No pawn stands on the first or last rank."
    ),
    Flaw.TOO_MANY_WHITE_PAWNS: gettext_lazy("White has %(count)s pawns. Each side has at most 8."),
    Flaw.TOO_MANY_BLACK_PAWNS: gettext_lazy("Black has %(count)s pawns. Each side has at most 8."),
    Flaw.TOO_MANY_WHITE_PIECES: gettext_lazy(
        "White has %(count)s pieces. Each side has at most 16."
    ),
    Flaw.TOO_MANY_BLACK_PIECES: gettext_lazy(
        "Black has %(count)s pieces. Each side has at most 16."
    ),
    Flaw.KINGS_TOUCH: gettext_lazy(
        "The two kings stand side by side (%(squares)s). Kings never touch."
    ),
    Flaw.NOT_TO_MOVE_IN_CHECK: gettext_lazy(
        "The king on %(square)s is in check, but it is the other side's move."
    ),
    Flaw.TOO_MANY_CHECKERS: gettext_lazy(
        "The king on %(square)s is in check from too many pieces at once."
    ),
    Flaw.IMPOSSIBLE_CHECK: gettext_lazy("No single move could give the check on %(square)s."),
    Flaw.BAD_CASTLING_RIGHTS: gettext_lazy(
        "A castling right is given, but the king or its rook has left its square."
    ),
    Flaw.BAD_EN_PASSANT: gettext_lazy(
        "The en passant square %(square)s does not follow a pawn's two-square move."
    ),
}


def flaw_sentence(flaw: SetupFlaw) -> str:
    """Why the position could not happen in a game, in a child's words."""
    return str(FLAW_WORDS[flaw.code]) % {
        "squares": _squares(flaw.squares),
        "square": flaw.squares[0] if flaw.squares else "",
        "count": flaw.count,
    }


CASTLING_WORDS = {
    "K": gettext_lazy("White may still castle kingside"),
    "Q": gettext_lazy("White may still castle queenside"),
    "k": gettext_lazy("Black may still castle kingside"),
    "q": gettext_lazy("Black may still castle queenside"),
}


LOST_CASTLING_WORDS = {
    "K": gettext_lazy("White may no longer castle kingside"),
    "Q": gettext_lazy("White may no longer castle queenside"),
    "k": gettext_lazy("Black may no longer castle kingside"),
    "q": gettext_lazy("Black may no longer castle queenside"),
}


def castling_words(right: str) -> str:
    return str(CASTLING_WORDS[right])


def en_passant_words(square: str) -> str:
    """The right given by the en passant square ``square`` (d6: Black's pawn is on d5)."""
    white_pawn = square[1] == "3"
    pawn = square[0] + ("4" if white_pawn else "5")
    if white_pawn:
        return _("White's pawn has just moved two squares to %(square)s") % {"square": pawn}
    return _("Black's pawn has just moved two squares to %(square)s") % {"square": pawn}


def standing_words(position: rules.Position) -> str:
    """How the position stands for the side to move."""
    assessment = rules.assess(position)
    side = {"side": _side(position.turn)}
    if assessment.termination is rules.Termination.CHECKMATE:
        return _("%(side)s is checkmated.") % side
    if assessment.termination is rules.Termination.STALEMATE:
        return _("%(side)s has no legal move and is not in check: stalemate.") % side
    if assessment.in_check:
        return _("%(side)s is in check.") % side
    return ""


def refused_history(refused) -> list[str]:
    """The move of a history read that cannot be played, and why (the board shows the
    position before it)."""
    if refused is None:
        return []
    return [history_move_refused(*refused)]


def event_words(event: Event | None) -> list[str]:
    """What the last button did, said once (the page's live region reads it)."""
    if event is None:
        return []
    said = _event_sentence(event)
    if event.cleared_moves:
        said.append(_("The moves played were cleared: the position they started from changed."))
    return said


EVENT_WORDS = {
    "placed": gettext_lazy("%(piece)s put on %(square)s."),
    "removed": gettext_lazy("%(piece)s taken off %(square)s."),
    "empty": gettext_lazy("%(square)s is empty already."),
    "played": gettext_lazy("%(san)s played."),
    "promotion": gettext_lazy("Your pawn reached the last rank. Which piece should it become?"),
    "undone": gettext_lazy("The last move was taken back."),
    "forgotten": gettext_lazy("The moves played were cleared."),
    "cleared": gettext_lazy("The board is empty."),
    "started": gettext_lazy("The pieces are on their starting squares."),
    "turn": gettext_lazy("%(side)s to move."),
    "fix_first": gettext_lazy("Make the position one that can happen first; then play moves."),
}


def _event_sentence(event: Event) -> list[str]:
    if event.kind == "refused":
        return [_("That move is not allowed."), *explain(event.verdict)]
    if event.kind == "quiet":
        return [
            ngettext(
                "Each side has made %(count)s move without a capture or a pawn move.",
                "Each side has made %(count)s moves without a capture or a pawn move.",
                event.count,
            )
            % {"count": event.count}
        ]
    if event.kind == "castling":
        words = CASTLING_WORDS if event.kept else LOST_CASTLING_WORDS
        return [str(words[event.piece])]
    if event.kind == "en_passant":
        if event.kept:
            return [en_passant_words(event.square)]
        return [_("No pawn may be taken en passant.")]
    side = _side(event.piece) if event.piece in ("white", "black") else ""
    return [
        str(EVENT_WORDS[event.kind])
        % {
            "square": event.square,
            "piece": PIECE_NAMES.get(event.piece, ""),
            "san": event.san,
            "side": side,
        }
    ]
