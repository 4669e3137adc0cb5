"""The codes the engine answers with: why a move is illegal, how a game ended, what may be claimed.

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
    CASTLING_RIGHTS_LOST = "castling_rights_lost"
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
