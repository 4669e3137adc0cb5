"""En passant: who may capture now, when the chance has already passed, and why a pawn may not."""

import chess

from rules.codes import Fact
from rules.verdict import Refutation, refutation


def expired_en_passant_victim(board: chess.Board, move: chess.Move) -> chess.Square | None:
    """The enemy pawn ``move`` could have taken en passant earlier, but no longer may.

    ``move`` is a pawn's diagonal step onto an empty square. It would have been an en
    passant capture had it been played right after the enemy pawn beside it advanced
    two squares; the history (or the FEN's en passant square, when moves have been
    played since) shows that advance, with another move after it.
    """
    victim = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    mover = board.piece_at(move.from_square)
    if mover is None or board.piece_at(victim) != chess.Piece(chess.PAWN, not mover.color):
        return None
    stack = board.move_stack
    if not stack:
        return None
    replay = board.root()
    if (
        replay.ep_square == move.to_square
        and _untouched(victim, stack)
        and replay.piece_at(move.from_square) == mover
    ):
        return victim
    for index, past in enumerate(stack[:-1]):
        advanced_two = (
            past.to_square == victim
            and replay.piece_type_at(past.from_square) == chess.PAWN
            and abs(chess.square_rank(past.to_square) - chess.square_rank(past.from_square)) == 2
        )
        replay.push(past)
        if (
            advanced_two
            and replay.piece_at(move.from_square) == mover
            and _untouched(victim, stack[index + 1 :])
        ):
            return victim
    return None


def _untouched(square: chess.Square, moves: list[chess.Move]) -> bool:
    return all(square not in (move.from_square, move.to_square) for move in moves)


def en_passant_capture_squares(board: chess.Board) -> set[str]:
    """Squares of the pawns that may capture en passant in ``board`` now."""
    return {
        chess.square_name(move.from_square)
        for move in board.legal_moves
        if board.is_en_passant(move)
    }


def en_passant_rank(color: chess.Color) -> int:
    """The rank (0-7) a pawn of ``color`` captures en passant from: its fifth."""
    return 4 if color == chess.WHITE else 3


def en_passant_victim(board: chess.Board, move: chess.Move) -> chess.Square | None:
    """The enemy pawn beside a pawn's diagonal step onto an empty square from its fifth rank.

    Such a step would be an en passant capture of that pawn, had it just advanced two squares.
    """
    mover = board.piece_at(move.from_square)
    if mover is None or mover.piece_type != chess.PAWN:
        return None
    if chess.square_rank(move.from_square) != en_passant_rank(mover.color):
        return None
    victim = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    if board.piece_at(victim) != chess.Piece(chess.PAWN, not mover.color):
        return None
    return victim


def en_passant_refusal(board: chess.Board, square: chess.Square) -> Refutation | None:
    """Why the piece on ``square`` may not capture en passant now (None when it may, or
    when only king safety stops it: the move's own verdict says that).

    Checked in the order a child thinks: is it a pawn; has an enemy pawn just advanced two
    squares; is this pawn beside it; and, for a pawn beside that did not, did that pawn
    come one step at a time or advance two earlier (the chance has passed).

    >>> board = chess.Board("4k3/8/8/1P1pP3/8/8/8/4K3 w - d6 0 1")
    >>> en_passant_refusal(board, chess.B5).fact, en_passant_refusal(board, chess.B5).squares
    (<Fact.NOT_BESIDE: 'not_beside'>, ('b5', 'd5'))
    >>> en_passant_refusal(board, chess.E5) is None
    True
    """
    piece = board.piece_at(square)
    if piece is None or piece.piece_type != chess.PAWN or piece.color != board.turn:
        return refutation(board, Fact.NOT_A_PAWN, square)
    just_advanced = _just_advanced_two(board)
    if just_advanced is not None:
        beside = (
            chess.square_rank(square) == chess.square_rank(just_advanced)
            and abs(chess.square_file(square) - chess.square_file(just_advanced)) == 1
        )
        if not beside:
            return refutation(board, Fact.NOT_BESIDE, square, just_advanced)
        return None
    enemy_pawn = chess.Piece(chess.PAWN, not piece.color)
    for file_step in (-1, 1):
        file = chess.square_file(square) + file_step
        if not 0 <= file <= 7:
            continue
        victim = chess.square(file, chess.square_rank(square))
        if board.piece_at(victim) != enemy_pawn:
            continue
        forward = 8 if piece.color == chess.WHITE else -8
        step = chess.Move(square, victim + forward)
        if chess.square_rank(square) == en_passant_rank(piece.color):
            if expired_en_passant_victim(board, step) == victim:
                return refutation(board, Fact.TWO_STEP_NOT_LAST, square, victim)
            return refutation(board, Fact.NO_TWO_STEP, square, victim)
    return refutation(board, Fact.NO_PAWN_ADVANCED_TWO, square)


def _just_advanced_two(board: chess.Board) -> chess.Square | None:
    """The enemy pawn that has just advanced two squares, if the last move was that."""
    if board.ep_square is None:
        return None
    behind = -8 if board.turn == chess.WHITE else 8
    return board.ep_square + behind
