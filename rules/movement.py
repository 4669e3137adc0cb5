"""How each piece moves, judged on an empty-enough board: the rules that come before king safety.

Each function returns the findings for one kind of piece; an empty list means the
move follows that piece's movement (it is pseudo-legal).
"""

import chess

from rules.codes import Reason
from rules.en_passant import en_passant_victim, expired_en_passant_victim
from rules.verdict import Finding

KNIGHT_JUMPS = {(1, 2), (2, 1)}


def finding(board: chess.Board, reason: Reason, *squares: chess.Square) -> Finding:
    """A finding naming ``squares`` and the pieces on them in ``board``."""
    return Finding(
        reason,
        tuple(chess.square_name(square) for square in squares),
        tuple(_symbol(board, square) for square in squares),
    )


def _symbol(board: chess.Board, square: chess.Square) -> str | None:
    piece = board.piece_at(square)
    return piece.symbol() if piece else None


def deltas(move: chess.Move) -> tuple[int, int]:
    """(files, ranks) travelled by ``move``, signed."""
    return (
        chess.square_file(move.to_square) - chess.square_file(move.from_square),
        chess.square_rank(move.to_square) - chess.square_rank(move.from_square),
    )


def squares_between(origin: chess.Square, target: chess.Square) -> list[chess.Square]:
    """The squares strictly between two squares on one line, in order from ``origin``."""
    file_step = _sign(chess.square_file(target) - chess.square_file(origin))
    rank_step = _sign(chess.square_rank(target) - chess.square_rank(origin))
    squares = []
    file, rank = chess.square_file(origin) + file_step, chess.square_rank(origin) + rank_step
    while (file, rank) != (chess.square_file(target), chess.square_rank(target)):
        squares.append(chess.square(file, rank))
        file, rank = file + file_step, rank + rank_step
    return squares


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def movement_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """What is wrong with how the piece moves, ignoring the safety of its own king."""
    piece = board.piece_at(move.from_square)
    assert piece is not None
    findings = []
    target = board.piece_at(move.to_square)
    if target is not None and target.color == piece.color:
        findings.append(finding(board, Reason.OWN_PIECE_ON_TARGET, move.to_square))
    judge = _JUDGES[piece.piece_type]
    findings.extend(judge(board, move))
    return findings


def knight_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """A knight jumps in an L, over anything in between (there is no blocking a knight)."""
    files, ranks = deltas(move)
    if (abs(files), abs(ranks)) in KNIGHT_JUMPS:
        return []
    return [finding(board, Reason.NOT_HOW_IT_MOVES, move.from_square, move.to_square)]


def king_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """A king steps one square (castling is judged in ``rules.castling``).

    A king on its home square taken further than two squares along its rank, towards a
    corner it may still castle with, was meant to castle: in castling the king goes
    exactly two squares, and the finding names the square it lands on.
    """
    files, ranks = deltas(move)
    if max(abs(files), abs(ranks)) == 1:
        return []
    rank = chess.square_rank(move.from_square)
    home = chess.square(4, 0 if board.turn == chess.WHITE else 7)
    corner = chess.square(7 if files > 0 else 0, rank)
    if (
        move.from_square == home
        and ranks == 0
        and abs(files) > 2
        and board.castling_rights & chess.BB_SQUARES[corner]
    ):
        landing = chess.square(6 if files > 0 else 2, rank)
        return [finding(board, Reason.CASTLING_KING_TWO_SQUARES, landing)]
    return [finding(board, Reason.NOT_HOW_IT_MOVES, move.from_square, move.to_square)]


def slider_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """Rooks move along ranks and files, bishops along diagonals, queens both; none jumps."""
    files, ranks = deltas(move)
    piece_type = board.piece_type_at(move.from_square)
    straight = files == 0 or ranks == 0
    diagonal = abs(files) == abs(ranks)
    allowed = {
        chess.ROOK: straight,
        chess.BISHOP: diagonal,
        chess.QUEEN: straight or diagonal,
    }[piece_type]
    if not allowed:
        return [finding(board, Reason.NOT_HOW_IT_MOVES, move.from_square, move.to_square)]
    for square in squares_between(move.from_square, move.to_square):
        if board.piece_at(square) is not None:
            return [finding(board, Reason.PATH_BLOCKED, square)]
    return []


def pawn_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """A pawn steps forward (two from its start), captures one square diagonally forward."""
    pawn_color = board.color_at(move.from_square)
    files, ranks = deltas(move)
    forward = ranks if pawn_color == chess.WHITE else -ranks
    target = board.piece_at(move.to_square)
    enemy_on_target = target is not None and target.color != pawn_color
    if files == 0 and forward == 1:
        if enemy_on_target:
            return [finding(board, Reason.PAWN_FORWARD_OCCUPIED, move.to_square)]
        return []
    if files == 0 and forward == 2:
        start_rank = 1 if pawn_color == chess.WHITE else 6
        if chess.square_rank(move.from_square) != start_rank:
            return [finding(board, Reason.NOT_HOW_IT_MOVES, move.from_square, move.to_square)]
        (middle,) = squares_between(move.from_square, move.to_square)
        if board.piece_at(middle) is not None:
            return [finding(board, Reason.PATH_BLOCKED, middle)]
        if enemy_on_target:
            return [finding(board, Reason.PAWN_FORWARD_OCCUPIED, move.to_square)]
        return []
    if abs(files) == 1 and forward == 1:
        if target is not None or move.to_square == board.ep_square:
            return []
        victim = expired_en_passant_victim(board, move)
        if victim is not None:
            return [finding(board, Reason.EN_PASSANT_EXPIRED, victim)]
        victim = en_passant_victim(board, move)
        if victim is not None:
            # An enemy pawn beside, but it did not just advance two squares past this one.
            return [finding(board, Reason.EN_PASSANT_NEEDS_TWO_STEP, victim)]
        return [finding(board, Reason.PAWN_DIAGONAL_NEEDS_CAPTURE, move.to_square)]
    return [finding(board, Reason.NOT_HOW_IT_MOVES, move.from_square, move.to_square)]


_JUDGES = {
    chess.PAWN: pawn_findings,
    chess.KNIGHT: knight_findings,
    chess.BISHOP: slider_findings,
    chess.ROOK: slider_findings,
    chess.QUEEN: slider_findings,
    chess.KING: king_findings,
}
