"""Check as a fact of the position: which pieces give it, and why a piece aiming at the
king does not (something stands in its way, or it does not reach the king at all).

>>> board = chess.Board("4k3/3p4/8/1B6/8/8/8/4K3 b - - 0 1")
>>> not_in_check(board).fact, not_in_check(board).squares
(<Fact.LINE_BLOCKED: 'line_blocked'>, ('b5', 'd7'))
"""

import chess

from rules.codes import Fact
from rules.movement import squares_between
from rules.verdict import Refutation, refutation

_LINE_PIECES = {
    True: (chess.ROOK, chess.QUEEN),  # along a rank or file
    False: (chess.BISHOP, chess.QUEEN),  # along a diagonal
}


def in_check(board: chess.Board) -> Refutation:
    """The side to move is in check: its king, then every checking piece."""
    king = board.king(board.turn)
    assert king is not None
    return refutation(board, Fact.KING_IN_CHECK, king, *sorted(board.checkers()))


def not_in_check(board: chess.Board) -> Refutation:
    """The side to move is not in check: the enemy piece whose line to the king is blocked,
    with the first piece in the way, when there is one; else just the king."""
    king = board.king(board.turn)
    assert king is not None
    enemy = board.occupied_co[not board.turn]
    for square in chess.SquareSet(enemy):
        blocker = _first_blocker(board, square, king)
        if blocker is not None:
            return refutation(board, Fact.LINE_BLOCKED, square, blocker)
    return refutation(board, Fact.KING_NOT_IN_CHECK, king)


def not_checking(board: chess.Board, square: chess.Square) -> Refutation:
    """The piece on ``square`` does not give check: its blocked line, or that it does not
    reach the side to move's king."""
    king = board.king(board.turn)
    assert king is not None
    blocker = _first_blocker(board, square, king)
    if blocker is not None:
        return refutation(board, Fact.LINE_BLOCKED, square, blocker)
    return refutation(board, Fact.DOES_NOT_ATTACK_KING, square, king)


def _first_blocker(board: chess.Board, square: chess.Square, king: chess.Square) -> int | None:
    """The first piece between a line piece on ``square`` and the king, if it aims at it."""
    piece = board.piece_at(square)
    if piece is None or piece.color == board.turn:
        return None
    return line_blocker(board, square, king)


def line_blocker(board: chess.Board, origin: chess.Square, target: chess.Square) -> int | None:
    """The first piece between a line piece on ``origin`` and ``target``, if the piece's
    lines run through ``target`` (None: they do not, the way is free, or no line piece)."""
    piece = board.piece_at(origin)
    if piece is None or not chess.BB_RAYS[origin][target]:
        return None
    straight = chess.square_file(origin) == chess.square_file(target) or chess.square_rank(
        origin
    ) == chess.square_rank(target)
    if piece.piece_type not in _LINE_PIECES[straight]:
        return None
    for between in squares_between(origin, target):
        if board.piece_at(between) is not None:
            return between
    return None
