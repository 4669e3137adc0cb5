"""The engine's ``Fact`` codes turned into the sentence a child reads after a wrong answer.

Each sentence names exactly the squares its refutation carries, so the board rings what the
sentence names and nothing else. Short (about 30 characters in Chinese): the one fact that
shows the answer wrong. Every word goes through gettext (English msgid, zh_Hant msgstr).
"""

import re

from django.utils.translation import gettext_lazy as _

from board.explanations import piece_name
from languages import lists
from rules import Fact, Refutation

SENTENCES = {
    Fact.CASTLING_ALLOWED: _(
        "Castling is allowed: the %(other)s on %(square)s and the %(other2)s on %(square2)s "
        "have never moved, nothing stands between them and the king's way is not attacked."
    ),
    Fact.RIGHTS_KEPT: _(
        "The %(other)s on %(square)s and the %(other2)s on %(square2)s have never moved: "
        "castling on this side is still allowed."
    ),
    Fact.NOTHING_BETWEEN: _("Nothing stands between the king and the rook (%(squares)s)."),
    Fact.SQUARE_NOT_ATTACKED: _("No enemy piece attacks %(square)s."),
    Fact.ROOK_MAY_CROSS_ATTACK: _(
        "Only the rook crosses %(square)s; the king never does, so the %(other2)s on "
        "%(square2)s does not stop castling."
    ),
    Fact.ROOK_MAY_BE_ATTACKED: _(
        "The rule is about the king's squares: the rook on %(square)s may castle though "
        "the %(other2)s on %(square2)s attacks it."
    ),
    Fact.KING_IN_CHECK: _("The %(other)s on %(square)s is in check from %(rest)s."),
    Fact.KING_NOT_IN_CHECK: _("The %(other)s on %(square)s is not in check."),
    Fact.LINE_BLOCKED: _(
        "The %(other2)s on %(square2)s stands in the way of the %(other)s on %(square)s."
    ),
    Fact.DOES_NOT_ATTACK_KING: _(
        "The %(other)s on %(square)s does not reach the king on %(square2)s."
    ),
    Fact.NOT_A_PAWN: _("Only a pawn can capture en passant; on %(square)s stands a %(other)s."),
    Fact.NO_TWO_STEP: _(
        "The %(other2)s on %(square2)s came one square at a time: en passant takes only a "
        "pawn that has just moved two squares."
    ),
    Fact.TWO_STEP_NOT_LAST: _(
        "Too late: the %(other2)s on %(square2)s moved two squares earlier, not just now."
    ),
    Fact.NOT_BESIDE: _(
        "The %(other)s on %(square)s is not beside the %(other2)s on %(square2)s that just "
        "moved two squares."
    ),
    Fact.NO_PAWN_ADVANCED_TWO: _(
        "No enemy pawn beside the %(other)s on %(square)s has just moved two squares."
    ),
    Fact.CAN_CAPTURE_EN_PASSANT: _(
        "The %(other)s on %(square)s stands beside the %(other2)s on %(square2)s that just "
        "moved two squares: it may capture en passant."
    ),
    Fact.HAS_LEGAL_MOVE: _(
        "Not stalemate: the %(other)s on %(square)s can still move to %(square2)s."
    ),
    Fact.CHECK_CAN_BE_ANSWERED: _(
        "Not checkmate: the %(other)s on %(square)s can go to %(square2)s and end the check."
    ),
    Fact.NO_LEGAL_MOVE: _(
        "The %(other)s on %(square)s is not in check, but the side to move has no legal move."
    ),
    Fact.NO_ESCAPE: _(
        "The %(other)s on %(square)s is in check from %(rest)s and nothing can save it: checkmate."
    ),
    Fact.MATING_MATERIAL: _("Not a dead position: the pieces on %(squares)s can still checkmate."),
    Fact.NO_MATING_MATERIAL: _(
        "With only the pieces on %(squares)s nobody can checkmate: a dead position."
    ),
    Fact.EN_PASSANT_THEN: _(
        "The pieces stood so before, but then the %(other)s on %(square)s could take the pawn "
        "on %(square2)s en passant: not the same position. Times it has really appeared: "
        "%(count)s."
    ),
    Fact.CASTLING_THEN: _(
        "The pieces stood so before, but then the %(other)s on %(square)s could still castle "
        "with the %(other2)s on %(square2)s: not the same position. Times it has really "
        "appeared: %(count)s."
    ),
    Fact.COUNT_RESET: _("The pawn move to %(square)s started the count again: no fifty moves yet."),
    Fact.MOVE_IS_LEGAL: _("The %(other)s on %(square)s may go to %(square2)s."),
    Fact.KNIGHT_JUMPS: _(
        "A knight jumps over pieces: the %(other3)s on %(square3)s does not stop it going "
        "from %(square)s to %(square2)s."
    ),
    Fact.SAN_PIECE_LETTER: _("That is another piece's letter. Write %(expected)s."),
    Fact.SAN_LETTER_MISSING: _("Only pawns have no letter. Write %(expected)s."),
    Fact.SAN_PAWN_LETTER: _("A pawn move has no letter. Write %(expected)s."),
    Fact.SAN_CAPTURE_MARK: _("A capture is written with x. Write %(expected)s."),
    Fact.SAN_NO_CAPTURE: _("Nothing is captured, so no x. Write %(expected)s."),
    Fact.SAN_PAWN_CAPTURE_FILE: _(
        "A pawn capture starts with the pawn's file. Write %(expected)s."
    ),
    Fact.SAN_CHECK_MARK: _("The move gives check: add +. Write %(expected)s."),
    Fact.SAN_MATE_MARK: _("The move is checkmate: write # instead of +. Write %(expected)s."),
    Fact.SAN_NOT_MATE: _("It is check, not checkmate: + not #. Write %(expected)s."),
    Fact.SAN_NO_CHECK: _("There is no check, so no +. Write %(expected)s."),
    Fact.SAN_CASTLING_SIDE: _("O-O is short castling, O-O-O long castling. Write %(expected)s."),
    Fact.SAN_CASTLING_FORM: _("Castling is written with O (or 0). Write %(expected)s."),
    Fact.SAN_PROMOTION_FORM: _("A promotion is written square=piece. Write %(expected)s."),
    Fact.SAN_PROMOTION_PIECE: _(
        "A pawn becomes a queen, rook, bishop or knight, never a king. Write %(expected)s."
    ),
    Fact.SAN_AMBIGUOUS: _(
        "Both pieces (%(squares)s) could go there: say which one. Write %(expected)s."
    ),
    Fact.SAN_WRONG_ORIGIN: _("The piece that moves is the one on %(square)s. Write %(expected)s."),
    Fact.SAN_DESTINATION: _("Write the square the piece goes to. Write %(expected)s."),
    Fact.READ_ORIGIN: _("%(square)s is where the piece comes from; the move goes to %(square2)s."),
    Fact.READ_ROOK_SQUARE: _(
        "Castling is written for the king: it lands on %(square)s; %(square2)s is the rook's."
    ),
    Fact.READ_DESTINATION: _("The written move goes to %(square)s."),
    Fact.CANNOT_CAPTURE_ON: _("The %(other)s on %(square)s cannot capture on %(square2)s."),
    Fact.MATERIAL_POINTS: _(
        "Count the points (Q 9, R 5, B 3, N 3, P 1): White has %(count)s, Black %(expected)s."
    ),
    Fact.PIECE_ON_SQUARE: _("On %(square)s stands %(what)s."),
    Fact.SQUARE_COLOUR: _("%(square)s is a %(colour)s square."),
}

COLOURS = {"light": _("light"), "dark": _("dark")}

# Counting facts: what the count means depends on how far it has gone.
POSITION_COUNTS = (  # (at least, sentence)
    (
        5,
        _(
            "This position has appeared %(count)s times: "
            "at the fifth time the game is drawn by itself."
        ),
    ),
    (3, _("This position has appeared %(count)s times: a draw may be claimed.")),
    (0, _("This position has appeared only %(count)s times: a draw needs three.")),
)
MOVE_COUNTS = (
    (
        75,
        _(
            "%(count)s moves each without a capture or a pawn move: "
            "at 75 the game is drawn by itself."
        ),
    ),
    (50, _("%(count)s moves each without a capture or a pawn move: a draw may be claimed.")),
    (0, _("Only %(count)s moves each without a capture or a pawn move: a draw needs fifty.")),
)

ATTACKED_COUNTS = (
    (1, _("The %(other)s on %(square)s is attacked by %(count)s: %(rest)s.")),
    (0, _("No enemy piece attacks the %(other)s on %(square)s.")),
)
DEFENDED_COUNTS = (
    (1, _("The %(other)s on %(square)s is defended by %(count)s: %(rest)s.")),
    (0, _("No piece defends the %(other)s on %(square)s.")),
)
COUNTED = {
    Fact.POSITION_COUNT: POSITION_COUNTS,
    Fact.MOVE_COUNT: MOVE_COUNTS,
    Fact.ATTACKED_BY: ATTACKED_COUNTS,
    Fact.DEFENDED_BY: DEFENDED_COUNTS,
}


# DOES_NOT_ATTACK says how that kind of piece attacks (by the letter of the piece).
ATTACK_REACH = {
    "k": _("The %(other)s on %(square)s attacks only the squares beside it, not %(square2)s."),
    "q": _(
        "The %(other)s on %(square)s attacks along straight lines and diagonals; "
        "%(square2)s is on none of them."
    ),
    "r": _(
        "The %(other)s on %(square)s attacks only along its file and rank; "
        "%(square2)s is not on them."
    ),
    "b": _(
        "The %(other)s on %(square)s attacks only along its diagonals; %(square2)s is not on them."
    ),
    "n": _("The %(other)s on %(square)s attacks only the squares an L away, not %(square2)s."),
    "p": _(
        "The %(other)s on %(square)s attacks only the squares diagonally in front of it, "
        "not %(square2)s."
    ),
}


# A square's name standing on its own in a sentence (not inside "Nxe5" or "e2e4").
SQUARE_NAME = re.compile(r"(?<![A-Za-z0-9])[a-h][1-8](?![A-Za-z0-9])")


def named_squares(*sentences: str) -> tuple[str, ...]:
    """The squares the sentences name, in order, each once: what the board rings."""
    found: list[str] = []
    for sentence in sentences:
        found.extend(s for s in SQUARE_NAME.findall(sentence) if s not in found)
    return tuple(found)


def refutation_sentence(refutation: Refutation) -> str:
    """The sentence for one refutation, with its squares and pieces filled in."""
    values: dict[str, object] = {
        "squares": lists.join(refutation.squares),
        "count": refutation.count,
        "expected": refutation.expected or "",
        "colour": str(COLOURS.get(refutation.expected or "", "")),
    }
    for index, (square, symbol) in enumerate(
        zip(refutation.squares, refutation.pieces, strict=True)
    ):
        suffix = "" if index == 0 else str(index + 1)
        values[f"square{suffix}"] = square
        values[f"other{suffix}"] = piece_name(symbol)
    values["rest"] = lists.join(refutation.squares[1:])
    first = refutation.pieces[0] if refutation.pieces else None
    values["what"] = piece_name(first) if first else str(_("nothing"))
    return str(_template(refutation)) % values


def _template(refutation: Refutation) -> object:
    counts = COUNTED.get(refutation.fact)
    if refutation.fact is Fact.DOES_NOT_ATTACK:
        return ATTACK_REACH[(refutation.pieces[0] or "k").lower()]
    if counts is None:
        return SENTENCES[refutation.fact]
    count = refutation.count or 0
    return next(sentence for least, sentence in counts if count >= least)
