"""The rules learners trip over: a short name for each rules.Reason and rules.Fact, and the
lesson teaching it; a wrong answer with neither is the rule of its lesson.

Keys are rules.Reason and rules.Fact names (the engine's contract); the names are for
grown-ups' dashboards, so they are short and say the rule, not the mistake's details.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from curriculum.loading import get_curriculum

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
    title: Promise | str
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
            "EN_PASSANT_NEEDS_TWO_STEP",
            _("En passant only takes a pawn that has just moved two squares"),
            "en-passant",
        ),
        Misconception(
            "CASTLING_KING_TWO_SQUARES",
            _("When castling, the king goes exactly two squares"),
            "castling",
        ),
        Misconception(
            "CASTLING_RIGHTS_LOST",
            _("No castling after the king or rook has moved"),
            "castling-forever",
        ),
        Misconception(
            "CASTLING_NO_ROOK", _("Castling needs your own rook in its corner"), "castling"
        ),
        Misconception("CASTLING_BLOCKED", _("No castling with pieces in between"), "castling"),
        Misconception("CASTLING_IN_CHECK", _("No castling out of check"), "castling-not-now"),
        Misconception(
            "CASTLING_THROUGH_ATTACK",
            _("When castling, the king cannot pass an attacked square"),
            "castling-not-now",
        ),
        Misconception(
            "CASTLING_INTO_ATTACK",
            _("When castling, the king cannot land in check"),
            "castling-not-now",
        ),
        Misconception("KING_INTO_ATTACK", _("The king cannot move into check"), "check-escape"),
        Misconception("PINNED", _("A pinned piece cannot leave its king in check"), "check-escape"),
        Misconception("IGNORES_CHECK", _("In check, you must get out of check"), "check-escape"),
        Misconception("PROMOTION_REQUIRED", _("A pawn on the last rank must promote"), "promotion"),
        Misconception(
            "BAD_PROMOTION", _("A pawn promotes to a queen, rook, bishop or knight"), "promotion"
        ),
        Misconception("GAME_OVER", _("The game is already over"), "checkmate"),
    ]
}


# Wrong answers to questions are recorded with the engine's rules.Fact name (the fact of
# the position that shows the answer wrong); each belongs to one rule a grown-up can read.
_FACT_RULES = (
    (
        _("The conditions for castling"),
        "castling-not-now",
        "CASTLING_ALLOWED RIGHTS_KEPT NOTHING_BETWEEN SQUARE_NOT_ATTACKED "
        "ROOK_MAY_CROSS_ATTACK ROOK_MAY_BE_ATTACKED",
    ),
    (
        _("What check is"),
        "check",
        "KING_IN_CHECK KING_NOT_IN_CHECK LINE_BLOCKED DOES_NOT_ATTACK_KING",
    ),
    (
        _("When en passant is allowed"),
        "en-passant",
        "NOT_A_PAWN NO_TWO_STEP TWO_STEP_NOT_LAST NOT_BESIDE NO_PAWN_ADVANCED_TWO "
        "CAN_CAPTURE_EN_PASSANT",
    ),
    (_("Checkmate: in check with no way out"), "checkmate", "CHECK_CAN_BE_ANSWERED NO_ESCAPE"),
    (_("Stalemate: no legal move, not in check"), "stalemate", "HAS_LEGAL_MOVE NO_LEGAL_MOVE"),
    (_("A dead position: nobody can checkmate"), "draws", "MATING_MATERIAL NO_MATING_MATERIAL"),
    (
        _("Claiming a draw: repetition and fifty moves"),
        "draws-repetition",
        "POSITION_COUNT MOVE_COUNT COUNT_RESET EN_PASSANT_THEN CASTLING_THEN",
    ),
    (_("Which moves a piece may make"), BY_PIECE, "MOVE_IS_LEGAL DOES_NOT_ATTACK"),
    # The 象棋 habit, by its own name: a chess knight is never blocked.
    (_("The knight jumps: no blocked leg (絆馬腳) as in xiangqi"), "knight", "KNIGHT_JUMPS"),
    (
        _("Writing and reading moves"),
        "notation",
        "SAN_PIECE_LETTER SAN_LETTER_MISSING SAN_PAWN_LETTER SAN_CAPTURE_MARK SAN_NO_CAPTURE "
        "SAN_PAWN_CAPTURE_FILE SAN_CHECK_MARK SAN_MATE_MARK SAN_NOT_MATE SAN_NO_CHECK "
        "SAN_CASTLING_SIDE SAN_CASTLING_FORM SAN_PROMOTION_FORM SAN_PROMOTION_PIECE "
        "SAN_AMBIGUOUS SAN_WRONG_ORIGIN SAN_DESTINATION READ_ORIGIN READ_ROOK_SQUARE "
        "READ_DESTINATION",
    ),
    (_("The board and its squares"), "board", "PIECE_ON_SQUARE SQUARE_COLOUR"),
    (_("What the pieces are worth"), "piece-values", "MATERIAL_POINTS"),
    (_("Attacked and defended pieces"), "protection", "ATTACKED_BY DEFENDED_BY CANNOT_CAPTURE_ON"),
)
FACT_MISCONCEPTIONS = {
    fact: Misconception(fact, title, lesson)
    for title, lesson, facts in _FACT_RULES
    for fact in facts.split()
}


def misconception_for(reason: str) -> Misconception:
    """The named misconception (an illegal move's rule, or a wrong answer's fact); an
    unknown code gets a plain title and no lesson."""
    found = MISCONCEPTIONS.get(reason) or FACT_MISCONCEPTIONS.get(reason)
    return found or Misconception(reason, _("Another rule"), "")


def lesson_misconception(slug: str) -> Misconception:
    """A wrong answer no engine code names (a text question, a legal move that misses the
    goal): the rule is the one its lesson teaches."""
    lesson = get_curriculum().lesson(slug)
    if lesson is None:
        return Misconception("", _("Another rule"), "")
    title = gettext("What the lesson “%(lesson)s” teaches") % {"lesson": lesson.title}
    return Misconception("", title, slug)
