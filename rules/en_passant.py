"""En passant: who may capture now, and when the chance has already passed."""

import chess


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
