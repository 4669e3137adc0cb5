"""Squares a piece may go to, attacks, and the pawns that may capture en passant."""

from collections.abc import Sequence

import chess

from rules.en_passant import en_passant_capture_squares
from rules.judge import game_over
from rules.position import board_from, parse_square


def destinations(fen: str, square: str, moves: Sequence[str] = ()) -> set[str]:
    """The squares the piece on ``square`` may legally move to (castling: the king's square).

    Empty for an empty square, a piece of the side not to move, or a finished game.
    """
    board = board_from(fen, moves)
    origin = parse_square(square)
    if board.color_at(origin) != board.turn or game_over(board):
        return set()
    return {
        chess.square_name(move.to_square)
        for move in board.generate_legal_moves(from_mask=chess.BB_SQUARES[origin])
    }


def attacks(fen: str, square: str, moves: Sequence[str] = ()) -> set[str]:
    """The squares the piece on ``square`` attacks, whoever's turn it is (empty square: none)."""
    board = board_from(fen, moves)
    return {chess.square_name(target) for target in board.attacks(parse_square(square))}


def en_passant_capturers(fen: str, moves: Sequence[str] = ()) -> set[str]:
    """The squares of the pawns that may capture en passant now."""
    return en_passant_capture_squares(board_from(fen, moves))
