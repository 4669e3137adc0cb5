"""The codes the engine answers with: why a move is illegal, how a game ended, what may be
claimed, and the fact of a position that shows an answer to a question about it wrong.

These are codes, never sentences: the words a child reads live outside ``rules/``.
"""

from enum import Enum


class Reason(Enum):
    """The rule an illegal move breaks."""

    NO_PIECE = "no_piece"
    OPPONENT_PIECE = "opponent_piece"
    OWN_PIECE_ON_TARGET = "own_piece_on_target"
    NOT_HOW_IT_MOVES = "not_how_it_moves"
    PATH_BLOCKED = "path_blocked"
    PAWN_FORWARD_OCCUPIED = "pawn_forward_occupied"
    PAWN_DIAGONAL_NEEDS_CAPTURE = "pawn_diagonal_needs_capture"
    EN_PASSANT_EXPIRED = "en_passant_expired"
    EN_PASSANT_NEEDS_TWO_STEP = "en_passant_needs_two_step"
    CASTLING_KING_TWO_SQUARES = "castling_king_two_squares"
    CASTLING_RIGHTS_LOST = "castling_rights_lost"
    CASTLING_NO_ROOK = "castling_no_rook"  # no rook of the player's own in that corner
    CASTLING_BLOCKED = "castling_blocked"
    CASTLING_IN_CHECK = "castling_in_check"
    CASTLING_THROUGH_ATTACK = "castling_through_attack"
    CASTLING_INTO_ATTACK = "castling_into_attack"
    KING_INTO_ATTACK = "king_into_attack"
    PINNED = "pinned"
    IGNORES_CHECK = "ignores_check"
    PROMOTION_REQUIRED = "promotion_required"
    BAD_PROMOTION = "bad_promotion"
    GAME_OVER = "game_over"


class Termination(Enum):
    """The endings that need no claim: the game is over as soon as they happen."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    SEVENTYFIVE_MOVES = "seventyfive_moves"


class Claim(Enum):
    """The draws a player may claim (they do not end the game by themselves)."""

    THREEFOLD_REPETITION = "threefold_repetition"
    FIFTY_MOVES = "fifty_moves"


class Fact(Enum):
    """A fact of the position that shows a wrong answer to a question about it wrong.

    Each comes in a ``Refutation`` with the squares it is about (see there).
    """

    # Castling is allowed although the learner said it is not, or a chosen condition holds.
    CASTLING_ALLOWED = "castling_allowed"  # king, rook: every condition holds
    RIGHTS_KEPT = "rights_kept"  # king, rook: neither has ever moved
    NOTHING_BETWEEN = "nothing_between"  # the empty squares between king and rook
    SQUARE_NOT_ATTACKED = "square_not_attacked"  # the square the king crosses or lands on
    ROOK_MAY_CROSS_ATTACK = (
        "rook_may_cross_attack"  # the attacked square only the rook crosses, attacker
    )
    ROOK_MAY_BE_ATTACKED = "rook_may_be_attacked"  # rook, attacker
    # Check.
    KING_IN_CHECK = "king_in_check"  # king, then every checker
    KING_NOT_IN_CHECK = "king_not_in_check"  # king
    LINE_BLOCKED = (
        "line_blocked"  # the piece aiming at the king (or a square), then the piece in the way
    )
    DOES_NOT_ATTACK = "does_not_attack"  # the piece, the square its way of moving does not reach
    DOES_NOT_ATTACK_KING = "does_not_attack_king"  # the piece, the king
    # En passant: why this pawn may not capture en passant now, or that it may.
    NOT_A_PAWN = "not_a_pawn"  # the piece
    NO_TWO_STEP = "no_two_step"  # the pawn, the enemy pawn beside it that came one step at a time
    TWO_STEP_NOT_LAST = "two_step_not_last"  # the pawn, the enemy pawn that advanced two, earlier
    NOT_BESIDE = "not_beside"  # the pawn, the enemy pawn that has just advanced two squares
    NO_PAWN_ADVANCED_TWO = "no_pawn_advanced_two"  # the pawn: nothing has just advanced two
    CAN_CAPTURE_EN_PASSANT = "can_capture_en_passant"  # the pawn, the pawn it may take
    # How the game stands.
    HAS_LEGAL_MOVE = "has_legal_move"  # from, to of a legal move (not in check)
    CHECK_CAN_BE_ANSWERED = "check_can_be_answered"  # from, to of a move out of check
    NO_LEGAL_MOVE = "no_legal_move"  # king: no legal move and not in check
    NO_ESCAPE = "no_escape"  # king, checkers: in check with no legal move
    MATING_MATERIAL = "mating_material"  # the pieces that could still checkmate
    NO_MATING_MATERIAL = "no_mating_material"  # every piece left besides the kings (or the kings)
    POSITION_COUNT = "position_count"  # count: times the position has appeared
    # The same pieces on the same squares came before, but with other rights (FIDE 9.2.3):
    EN_PASSANT_THEN = "en_passant_then"  # the pawn that could take en passant then, its target
    CASTLING_THEN = "castling_then"  # king, rook: that castling was still allowed then
    MOVE_COUNT = "move_count"  # count: moves by each side without a capture or pawn move
    COUNT_RESET = "count_reset"  # the square of the pawn move or capture that reset the count
    # Moves.
    MOVE_IS_LEGAL = "move_is_legal"  # from, to
    KNIGHT_JUMPS = "knight_jumps"  # from, to, then the pieces beside the knight it jumps over
    # Notation: what is wrong with a written move, or with reading one.
    SAN_PIECE_LETTER = "san_piece_letter"  # from: another piece's letter was written
    SAN_LETTER_MISSING = "san_letter_missing"  # from: pieces other than pawns have a letter
    SAN_PAWN_LETTER = "san_pawn_letter"  # from: a pawn move has no letter
    SAN_CAPTURE_MARK = "san_capture_mark"  # to: a capture is written with x
    SAN_NO_CAPTURE = "san_no_capture"  # to: x written but nothing is captured
    SAN_PAWN_CAPTURE_FILE = "san_pawn_capture_file"  # from: a pawn capture starts with its file
    SAN_CHECK_MARK = "san_check_mark"  # the king: a check is written with +
    SAN_MATE_MARK = "san_mate_mark"  # the king: a checkmate is written with #
    SAN_NOT_MATE = "san_not_mate"  # the king: # written, but it is only check
    SAN_NO_CHECK = "san_no_check"  # the king: + written, but there is no check
    SAN_CASTLING_SIDE = "san_castling_side"  # king, rook: O-O is short, O-O-O long
    SAN_CASTLING_FORM = "san_castling_form"  # king, rook: castling is written O-O / O-O-O
    SAN_PROMOTION_FORM = "san_promotion_form"  # to: a promotion is written a8=Q
    SAN_PROMOTION_PIECE = "san_promotion_piece"  # to: a pawn never becomes a king or a pawn
    SAN_AMBIGUOUS = "san_ambiguous"  # the pieces that could all make the move
    SAN_WRONG_ORIGIN = "san_wrong_origin"  # from: the piece that really moves
    SAN_DESTINATION = "san_destination"  # to: the square the piece goes to
    # Reading a written move.
    READ_ORIGIN = "read_origin"  # from, to: the square chosen is where the piece comes from
    READ_ROOK_SQUARE = "read_rook_square"  # the king's square, the rook's: castling names the king
    READ_DESTINATION = "read_destination"  # to: the square the written move goes to
    # Material and protection.
    ATTACKED_BY = "attacked_by"  # the piece, then its attackers; count: how many
    DEFENDED_BY = "defended_by"  # the piece, then its defenders; count: how many
    CANNOT_CAPTURE_ON = "cannot_capture_on"  # the piece, the square it could not capture on
    MATERIAL_POINTS = "material_points"  # count: White's points; expected: Black's
    # What stands where.
    PIECE_ON_SQUARE = "piece_on_square"  # the square (its piece, or empty)
    SQUARE_COLOUR = "square_colour"  # the square, then h1 (light, at White's right hand)
