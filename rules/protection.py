"""Protection: which pieces attack a piece, which defend it, and what a capture wins.

A piece is *attacked* by the enemy pieces that could capture it and *defended* by
its own pieces that could recapture on its square (both counted as python-chess
counts attacks: a pinned piece still attacks). A piece is *hanging* when it is
attacked and not defended.

What a capture wins is the exchange on its square: both sides go on capturing
there, each with its least valuable piece, each free to stop when going on would
lose (``exchange_gain``, in the points of ``rules.material``). Only legal moves are
played, so a king never recaptures onto a defended square.

The black knight on d5 is attacked by the rook and defended by the pawn on e6:

>>> fen = "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1"
>>> attackers_of(fen, "d5"), defenders_of(fen, "d5")
(['d1'], ['e6'])
>>> exchange_gain(fen, "d1d5")
-2
>>> hanging("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "black")
['d5']
"""

from collections.abc import Sequence

import chess

from rules.material import VALUES
from rules.position import board_from, parse_square, parse_uci

COLOURS = {"white": chess.WHITE, "black": chess.BLACK}


def _names(squares) -> list[str]:
    return sorted(chess.square_name(square) for square in squares)


def _around(fen: object, square: str, moves: Sequence[str], own: bool) -> list[str]:
    """The pieces that could capture on ``square``: its own side's (own) or the enemy's."""
    board = board_from(fen, moves)
    target = parse_square(square)
    colour = board.color_at(target)
    if colour is None:
        return []
    return _names(board.attackers(colour if own else not colour, target))


def attackers_of(fen: object, square: str, moves: Sequence[str] = ()) -> list[str]:
    """The enemy pieces attacking the piece on ``square`` (empty square: none)."""
    return _around(fen, square, moves, own=False)


def defenders_of(fen: object, square: str, moves: Sequence[str] = ()) -> list[str]:
    """The pieces of its own side defending the piece on ``square`` (empty square: none)."""
    return _around(fen, square, moves, own=True)


def hanging(fen: object, colour: str, moves: Sequence[str] = ()) -> list[str]:
    """The pieces of ``colour`` ("white"/"black"; kings aside) attacked and not defended."""
    board = board_from(fen, moves)
    side = COLOURS[colour]
    return _names(
        square
        for square, piece in board.piece_map().items()
        if piece.color == side
        and piece.piece_type != chess.KING
        and board.is_attacked_by(not side, square)
        and not board.is_attacked_by(side, square)
    )


def _captures_on(board: chess.Board, square: chess.Square) -> list[chess.Move]:
    """The legal captures on ``square``, least valuable capturer first (promoting to a queen)."""
    moves = [
        move
        for move in board.legal_moves
        if move.to_square == square and move.promotion in (None, chess.QUEEN)
    ]
    return sorted(
        moves, key=lambda move: (VALUES[board.piece_type_at(move.from_square)], move.uci())
    )


def _taken_value(board: chess.Board, move: chess.Move) -> int:
    if board.is_en_passant(move):
        return VALUES[chess.PAWN]
    piece = board.piece_type_at(move.to_square)
    return VALUES[piece] if piece else 0


def _best_recapture(board: chess.Board, square: chess.Square) -> int:
    """What the side to move wins by capturing on ``square`` if it likes (0: it stops)."""
    captures = _captures_on(board, square)
    if not captures:
        return 0
    move = captures[0]
    taken = _taken_value(board, move)
    board.push(move)
    gain = taken - _best_recapture(board, square)
    board.pop()
    return max(0, gain)


def board_exchange_gain(board: chess.Board, move: chess.Move) -> int:
    """``exchange_gain`` on a board; ``move`` must be legal there."""
    taken = _taken_value(board, move)
    board = board.copy(stack=False)
    board.push(move)
    return taken - _best_recapture(board, move.to_square)


def exchange_gain(fen: object, move: str, moves: Sequence[str] = ()) -> int:
    """The points the side to move wins by ``move`` (a legal UCI move) and the exchange
    on its square that follows: above 0 a good capture, 0 a fair trade (or nothing
    happens), below 0 the piece is lost for less."""
    board = board_from(fen, moves)
    return board_exchange_gain(board, parse_uci(move))


def threats(fen: object, moves: Sequence[str] = ()) -> dict[str, int]:
    """Every square where the side to move wins material by capturing, with the gain."""
    board = board_from(fen, moves)
    found = {}
    for move in board.legal_moves:
        if board.is_capture(move) and move.promotion in (None, chess.QUEEN):
            gain = board_exchange_gain(board, move)
            square = chess.square_name(move.to_square)
            if gain > 0 and gain > found.get(square, 0):
                found[square] = gain
    return found


MATE_GAIN = 100  # what a checkmate "wins" in forced_gain: more than any material


def forced_gain(fen: object, move: str, moves: Sequence[str] = ()) -> int:
    """The points the side to move is sure to win by ``move`` and one capture after the
    other side's best reply (what that reply took counted against it): the check that
    forks king and rook wins 5 whatever the king does. ``MATE_GAIN`` for checkmate.

    >>> forced_gain("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "b5c7")
    5
    """
    board = board_from(fen, moves)
    board.push(parse_uci(move))
    if board.is_checkmate():
        return MATE_GAIN
    worst = None
    for reply in list(board.legal_moves):
        lost = _taken_value(board, reply)
        board.push(reply)
        best = max(
            (
                board_exchange_gain(board, capture)
                for capture in board.legal_moves
                if board.is_capture(capture)
            ),
            default=0,
        )
        board.pop()
        net = max(best, 0) - lost
        worst = net if worst is None else min(worst, net)
    return worst or 0
