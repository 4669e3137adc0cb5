"""Squares a piece may go to, attacks, the pawns that may capture en passant, the legal
moves, and board geometry: what stands on a square, its colour, its neighbours."""

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


def legal_moves(fen: str, moves: Sequence[str] = ()) -> list[str]:
    """Every legal move of the side to move, in UCI (also after 75 moves or fivefold
    repetition: only checkmate and stalemate leave none)."""
    return [move.uci() for move in board_from(fen, moves).legal_moves]


def placement(fen: str, moves: Sequence[str] = ()) -> dict[str, str]:
    """Every piece of the position by square name: ``{"e1": "K", "e8": "k", ...}``."""
    pieces = board_from(fen, moves).piece_map()
    return {chess.square_name(square): piece.symbol() for square, piece in pieces.items()}


def piece_at(fen: str, square: str, moves: Sequence[str] = ()) -> str | None:
    """The symbol of the piece on ``square`` ("K" white king, "p" black pawn), or None."""
    piece = board_from(fen, moves).piece_at(parse_square(square))
    return piece.symbol() if piece else None


def square_color(square: str) -> str:
    """``"light"`` or ``"dark"``: a1 is dark, h1 is light."""
    light = chess.BB_SQUARES[parse_square(square)] & chess.BB_LIGHT_SQUARES
    return "light" if light else "dark"


def neighbours(square: str) -> set[str]:
    """The squares next to ``square``, diagonals included: where a king could step."""
    around = chess.SquareSet(chess.BB_KING_ATTACKS[parse_square(square)])
    return {chess.square_name(s) for s in around}
