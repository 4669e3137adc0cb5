"""Castling: each of its conditions is its own function.

All the conditions a castling attempt breaks are reported, in the order a child
checks them at the board: have the king and that rook ever moved (rights lost),
is the king in check now, is anything standing between them, would the king pass
over an attacked square, would it land on one. When no rook of the player's own
stands in that corner (it moved away or was taken) that is its own finding, naming the
corner: there is nothing to castle with, and nothing is then said to stand "between"
them or to have "moved".

When castling is allowed, ``castling_allowance`` says the fact a child most likely
misread (only the rook crosses the attacked b-square; the rook itself is attacked;
the other rook has moved), and ``condition_holds`` why a condition named as the
obstacle is in fact met:

>>> board = chess.Board("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
>>> castling_allowance(board, "long").fact, castling_allowance(board, "long").squares
(<Fact.ROOK_MAY_CROSS_ATTACK: 'rook_may_cross_attack'>, ('b1', 'b8'))
>>> condition_holds(board, "long", Reason.CASTLING_THROUGH_ATTACK).squares
('d1',)
"""

import chess

from rules.codes import Fact, Reason
from rules.movement import finding, squares_between
from rules.verdict import Finding, Refutation, refutation

HOME = {chess.WHITE: chess.E1, chess.BLACK: chess.E8}

CASTLING_MOVES = {
    ("white", "short"): "e1g1",
    ("white", "long"): "e1c1",
    ("black", "short"): "e8g8",
    ("black", "long"): "e8c8",
}


def castling_move(colour: str, side: str) -> str:
    """The king's two-square move (UCI) that castles `side` ("short" or "long") for `colour`.

    >>> castling_move("black", "long")
    'e8c8'
    """
    return CASTLING_MOVES[(colour, side)]


def is_castling_attempt(board: chess.Board, move: chess.Move) -> bool:
    """The king on its home square moves two squares sideways, or onto its own rook's corner."""
    color = board.turn
    if board.king(color) != move.from_square or move.from_square != HOME[color]:
        return False
    rank = chess.square_rank(move.from_square)
    if chess.square_rank(move.to_square) != rank:
        return False
    if chess.square_file(move.to_square) in (2, 6):
        return True
    corner_rook = chess.Piece(chess.ROOK, color)
    return chess.square_file(move.to_square) in (0, 7) and board.piece_at(move.to_square) == (
        corner_rook
    )


def castling_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """Every castling condition the attempt breaks, in the order described above."""
    color = board.turn
    short = chess.square_file(move.to_square) > chess.square_file(move.from_square)
    rank = chess.square_rank(move.from_square)
    rook_home = chess.square(7 if short else 0, rank)
    crossed = chess.square(5 if short else 3, rank)
    destination = chess.square(6 if short else 2, rank)
    if board.piece_at(rook_home) != chess.Piece(chess.ROOK, color):
        # Nothing to castle with: pieces "between the king and the rook" would mean nothing.
        checks = (no_rook(board, rook_home), in_check(board))
    else:
        checks = (
            rights_lost(board, color, rook_home),
            in_check(board),
            blocked(board, move.from_square, rook_home),
        )
    checks += (
        attacked(board, Reason.CASTLING_THROUGH_ATTACK, crossed),
        attacked(board, Reason.CASTLING_INTO_ATTACK, destination),
    )
    return [check for check in checks if check is not None]


def no_rook(board: chess.Board, rook_home: chess.Square) -> Finding:
    """No rook of the player's own stands in that corner (it moved away or was taken).

    The finding names the corner; the piece on it is None, or the piece that stands there.
    """
    return finding(board, Reason.CASTLING_NO_ROOK, rook_home)


def rights_lost(board: chess.Board, color: chess.Color, rook_home: chess.Square) -> Finding | None:
    """The king or that rook has moved: the right is gone for ever, even if it came back.

    Called only when a rook of the player's own stands in the corner (see ``no_rook``).
    """
    if board.castling_rights & chess.BB_SQUARES[rook_home]:
        return None
    culprit = _culprit(board, color, rook_home)
    if culprit is None:
        return finding(board, Reason.CASTLING_RIGHTS_LOST)
    return finding(board, Reason.CASTLING_RIGHTS_LOST, culprit)


def _culprit(
    board: chess.Board, color: chess.Color, rook_home: chess.Square
) -> chess.Square | None:
    """Where the king or rook that lost the right stands now, when the history shows it."""
    replay = board.root()
    if not replay.castling_rights & chess.BB_SQUARES[rook_home]:
        return None
    for index, past in enumerate(board.move_stack):
        if past.from_square == HOME[color] and replay.turn == color:
            return board.king(color)
        if past.from_square == rook_home and replay.turn == color:
            return _follow(past.to_square, board.move_stack[index + 1 :])
        replay.push(past)
    return None


def _follow(square: chess.Square, later: list[chess.Move]) -> chess.Square | None:
    """Follow a piece from ``square`` through the later moves; None once it is captured."""
    for move in later:
        if move.from_square == square:
            square = move.to_square
        elif move.to_square == square:
            return None
    return square


def in_check(board: chess.Board) -> Finding | None:
    """A king in check may not castle out of it."""
    if not board.is_check():
        return None
    return finding(board, Reason.CASTLING_IN_CHECK, *board.checkers())


def blocked(board: chess.Board, king: chess.Square, rook_home: chess.Square) -> Finding | None:
    """Every square between the king and the rook must be empty."""
    blockers = [s for s in squares_between(king, rook_home) if board.piece_at(s) is not None]
    if not blockers:
        return None
    return finding(board, Reason.CASTLING_BLOCKED, *blockers)


def attacked(board: chess.Board, reason: Reason, square: chess.Square) -> Finding | None:
    """The king may not pass over, or land on, a square an enemy piece attacks.

    Attacked in the position as it stands (3.8.2.2), the king on its square: a rook
    checking from d1 does not reach f1 through the king (that is the check, not f1).
    """
    attackers = board.attackers(not board.turn, square)
    if not attackers:
        return None
    return finding(board, reason, square, min(attackers))


def _corners(board: chess.Board, side: str) -> tuple[chess.Square, chess.Square, list[int]]:
    """The king's home, the rook's corner and the files (crossed, landing) of the king."""
    home = HOME[board.turn]
    rank = chess.square_rank(home)
    if side == "short":
        return home, chess.square(7, rank), [5, 6]
    return home, chess.square(0, rank), [3, 2]


def _attacker(board: chess.Board, square: chess.Square) -> chess.Square | None:
    attackers = board.attackers(not board.turn, square)
    return min(attackers) if attackers else None


def castling_allowance(board: chess.Board, side: str) -> Refutation:
    """Castling on ``side`` ("short"/"long") is allowed: the fact that may have looked like
    an obstacle, or else every condition holding (king and rook named)."""
    king, rook, _ = _corners(board, side)
    rank = chess.square_rank(king)
    if side == "long":
        b_square = chess.square(1, rank)
        attacker = _attacker(board, b_square)
        if attacker is not None:
            return refutation(board, Fact.ROOK_MAY_CROSS_ATTACK, b_square, attacker)
    attacker = _attacker(board, rook)
    if attacker is not None:
        return refutation(board, Fact.ROOK_MAY_BE_ATTACKED, rook, attacker)
    _, other_rook, _ = _corners(board, "long" if side == "short" else "short")
    own_rook = board.piece_at(other_rook) == chess.Piece(chess.ROOK, board.turn)
    if own_rook and not board.castling_rights & chess.BB_SQUARES[other_rook]:
        return refutation(board, Fact.RIGHTS_KEPT, king, rook)
    return refutation(board, Fact.CASTLING_ALLOWED, king, rook)


def condition_holds(board: chess.Board, side: str, reason: Reason) -> Refutation | None:
    """Why the castling condition ``reason`` does not stop castling on ``side`` here
    (None when it does: then the castling move's own verdict names it)."""
    king, rook, (crossed_file, landing_file) = _corners(board, side)
    rank = chess.square_rank(king)
    move = chess.Move(king, chess.square(landing_file, rank))
    broken = {finding.reason for finding in castling_findings(board, move)}
    if reason in broken:
        return None
    if Reason.CASTLING_NO_ROOK in broken and reason in (
        Reason.CASTLING_RIGHTS_LOST,
        Reason.CASTLING_BLOCKED,
    ):
        return None  # nothing to castle with: the move's own verdict names the empty corner
    if reason is Reason.CASTLING_RIGHTS_LOST:
        return refutation(board, Fact.RIGHTS_KEPT, king, rook)
    if reason is Reason.CASTLING_BLOCKED:
        return refutation(board, Fact.NOTHING_BETWEEN, *squares_between(king, rook))
    if reason is Reason.CASTLING_IN_CHECK:
        return refutation(board, Fact.KING_NOT_IN_CHECK, king)
    if reason is Reason.CASTLING_THROUGH_ATTACK:
        return refutation(board, Fact.SQUARE_NOT_ATTACKED, chess.square(crossed_file, rank))
    if reason is Reason.CASTLING_INTO_ATTACK:
        return refutation(board, Fact.SQUARE_NOT_ATTACKED, chess.square(landing_file, rank))
    return None
