"""How the game stands: check, the endings that need no claim, and the draws that may be claimed."""

from collections.abc import Sequence
from dataclasses import dataclass

import chess

from rules.codes import Claim, Termination
from rules.position import board_from, parse_uci


@dataclass(frozen=True)
class Assessment:
    """The state of the game for the side to move.

    ``termination`` is None while play goes on; ``winner`` is "white" or "black"
    after a checkmate, else None. ``claims`` are the draws the side to move may
    claim now (empty once the game has ended).
    """

    in_check: bool
    termination: Termination | None
    claims: frozenset[Claim]
    winner: str | None
    checkers: tuple[str, ...]


def assess(fen: str, moves: Sequence[str] = ()) -> Assessment:
    """How the game stands after ``moves`` from ``fen``."""
    return assess_board(board_from(fen, moves))


def assess_board(board: chess.Board) -> Assessment:
    """``assess`` for a board already read."""
    termination = termination_of(board)
    winner = None
    if termination is Termination.CHECKMATE:
        winner = "black" if board.turn == chess.WHITE else "white"
    return Assessment(
        in_check=board.is_check(),
        termination=termination,
        claims=frozenset() if termination else claims_now(board),
        winner=winner,
        checkers=tuple(chess.square_name(square) for square in board.checkers()),
    )


def termination_of(board: chess.Board) -> Termination | None:
    """The ending that has happened, if any; a mate counts before the automatic draws."""
    if board.is_checkmate():
        return Termination.CHECKMATE
    if board.is_stalemate():
        return Termination.STALEMATE
    if board.is_insufficient_material():
        return Termination.INSUFFICIENT_MATERIAL
    if board.is_fivefold_repetition():
        return Termination.FIVEFOLD_REPETITION
    if board.is_seventyfive_moves():
        return Termination.SEVENTYFIVE_MOVES
    return None


def claims_now(board: chess.Board) -> frozenset[Claim]:
    """The draws that may be claimed in ``board`` as it stands.

    Threefold repetition counts positions with the same pieces on the same squares,
    the same side to move, the same castling rights and the same en passant
    possibility (python-chess's transposition key); only positions in the history
    count. Fifty moves: fifty moves by each side without a capture or pawn move.
    """
    claims = set()
    if board.is_repetition(3):
        claims.add(Claim.THREEFOLD_REPETITION)
    if board.halfmove_clock >= 100:
        claims.add(Claim.FIFTY_MOVES)
    return frozenset(claims)


def claims_after(fen: str, move: str, moves: Sequence[str] = ()) -> frozenset[Claim]:
    """The draws the mover could claim by declaring ``move`` (written, not yet played).

    Under the Laws a player may claim threefold repetition or fifty moves by
    writing down the move that produces it. An illegal move, or one that ends the
    game (mate, stalemate …), lets nobody claim anything: the result is empty.
    """
    board = board_from(fen, moves)
    parsed = parse_uci(move)
    if not board.is_legal(parsed):
        return frozenset()
    board.push(parsed)
    if termination_of(board) is not None:
        return frozenset()
    return claims_now(board)
