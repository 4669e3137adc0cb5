"""Material: what the pieces are worth (Q 9, R 5, B 3, N 3, P 1) and who has more.

The values are the ones every beginner's book gives; the king has none (it is
never traded). Positions are FEN strings (or a ``Position``) with a UCI history.

>>> material("4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1")
{'white': 8, 'black': 0}
>>> material_lead("4k3/7q/8/8/8/8/8/R3K1N1 w - - 0 1")
-1
"""

from collections.abc import Sequence

import chess

from rules.position import board_from

VALUES = {
    chess.PAWN: 1,
    chess.KNIGHT: 3,
    chess.BISHOP: 3,
    chess.ROOK: 5,
    chess.QUEEN: 9,
    chess.KING: 0,
}


def piece_value(letter: str) -> int:
    """The value of the piece ``letter`` (either colour; the king: 0).

    >>> piece_value("Q"), piece_value("n"), piece_value("k")
    (9, 3, 0)
    """
    return VALUES[chess.Piece.from_symbol(letter).piece_type]


def board_material(board: chess.Board, colour: chess.Color) -> int:
    return sum(
        VALUES[piece.piece_type] for piece in board.piece_map().values() if piece.color == colour
    )


def material(fen: object, moves: Sequence[str] = ()) -> dict[str, int]:
    """Each side's material, in points."""
    board = board_from(fen, moves)
    return {
        "white": board_material(board, chess.WHITE),
        "black": board_material(board, chess.BLACK),
    }


def material_lead(fen: object, moves: Sequence[str] = ()) -> int:
    """White's material minus Black's: above 0 White is ahead, below 0 Black is."""
    counts = material(fen, moves)
    return counts["white"] - counts["black"]
