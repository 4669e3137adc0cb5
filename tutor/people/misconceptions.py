"""The rules learners trip over: a short name for each rules.Reason, and the lesson teaching it.

Keys are rules.Reason names (the engine's contract); the names are for grown-ups'
dashboards, so they are short and say the rule, not the mistake's details.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

BY_PIECE = "by-piece"  # the lesson of the piece that was moved: see lesson_for()

LESSON_OF_PIECE = {
    "k": "king",
    "q": "queen",
    "r": "rook",
    "b": "bishop",
    "n": "knight",
    "p": "pawn",
}


@dataclass(frozen=True)
class Misconception:
    reason: str
    title: Promise
    lesson: str

    def lesson_for(self, moved_piece: str) -> str:
        """The lesson teaching this rule; for a piece's own movement, that piece's lesson."""
        if self.lesson == BY_PIECE:
            return LESSON_OF_PIECE.get(moved_piece.lower(), "knight")
        return self.lesson


MISCONCEPTIONS = {
    m.reason: m
    for m in [
        Misconception("NO_PIECE", _("There is no piece on that square"), "board"),
        Misconception("OPPONENT_PIECE", _("You can only move your own pieces"), "setup"),
        Misconception("OWN_PIECE_ON_TARGET", _("You cannot capture your own piece"), "capture"),
        Misconception("NOT_HOW_IT_MOVES", _("That piece does not move like that"), BY_PIECE),
        Misconception("PATH_BLOCKED", _("Only the knight can jump over pieces"), BY_PIECE),
        Misconception(
            "PAWN_FORWARD_OCCUPIED", _("A pawn cannot move onto a piece in front of it"), "pawn"
        ),
        Misconception(
            "PAWN_DIAGONAL_NEEDS_CAPTURE", _("A pawn moves diagonally only to capture"), "pawn"
        ),
        Misconception(
            "EN_PASSANT_EXPIRED",
            _("En passant only on the very next move"),
            "en-passant",
        ),
        Misconception(
            "CASTLING_RIGHTS_LOST",
            _("No castling after the king or rook has moved"),
            "castling",
        ),
        Misconception("CASTLING_BLOCKED", _("No castling with pieces in between"), "castling"),
        Misconception("CASTLING_IN_CHECK", _("No castling out of check"), "castling"),
        Misconception(
            "CASTLING_THROUGH_ATTACK",
            _("When castling, the king cannot pass an attacked square"),
            "castling",
        ),
        Misconception(
            "CASTLING_INTO_ATTACK", _("When castling, the king cannot land in check"), "castling"
        ),
        Misconception("KING_INTO_ATTACK", _("The king cannot move into check"), "check"),
        Misconception("PINNED", _("A pinned piece cannot leave its king in check"), "check"),
        Misconception("IGNORES_CHECK", _("In check, you must get out of check"), "check"),
        Misconception("PROMOTION_REQUIRED", _("A pawn on the last rank must promote"), "promotion"),
        Misconception(
            "BAD_PROMOTION", _("A pawn promotes to a queen, rook, bishop or knight"), "promotion"
        ),
        Misconception("GAME_OVER", _("The game is already over"), "checkmate"),
    ]
}


def misconception_for(reason: str) -> Misconception:
    """The named misconception; an unknown code gets a plain title and no lesson."""
    return MISCONCEPTIONS.get(reason) or Misconception(reason, _("Another rule"), "")
