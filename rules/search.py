"""Forced sequences: can one side force checkmate or stalemate within n of its moves,
and which reply resists best; and the "visit" search, where the other side passes.

Positions are FEN strings with a UCI history, as everywhere in the engine. The
searches are exhaustive and meant for puzzle sizes: mates and stalemates within 2,
visit budgets up to 6.

``goal`` is ``"mate"`` (the side that does not move first ends checkmated, after
one of the first side's moves) or ``"stalemate"`` (any stalemate on the way).
``within`` counts the moves of the side to move ("mate in 2" is ``within=2``).

White mates in one with Ra8, and not with Ra7:

>>> from rules import forced, progress_after
>>> fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
>>> forced(fen, (), "mate", within=1)
True
>>> progress_after(fen, (), "a1a8", "mate", within=1)
Progress(status='met', reply=None)
>>> progress_after(fen, (), "a1a7", "mate", within=1)
Progress(status='off', reply=None)
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import chess

from rules.position import board_from, parse_uci

GOALS = ("mate", "stalemate")

Reached = Callable[[chess.Board, chess.Color], bool]


@dataclass(frozen=True)
class Progress:
    """Where the goal stands after the attacker's move.

    ``status`` is ``"met"`` (the goal is reached: by the move itself, reply None, or by
    the defender's only sensible reply, given in ``reply``), ``"on_track"`` (the goal can
    still be forced; ``reply`` is the defender's reply that resists longest, ties broken
    by UCI order) or ``"off"`` (the defender can escape the goal; reply None).
    """

    status: str
    reply: str | None


@dataclass(frozen=True)
class VisitSearch:
    can_succeed: bool  # some sequence of moves collects every target within the budget
    can_fail: bool  # some sequence of legal moves does not


def forced(fen: str, moves: Sequence[str] = (), goal: str = "mate", within: int = 1) -> bool:
    """Whether the side to move can force ``goal`` within ``within`` of its moves."""
    board = board_from(fen, moves)
    return _forced(board, _within(within), _reached(goal), not board.turn)


def goal_holds_after(fen: str, moves: Sequence[str], move: str, goal: str, within: int) -> bool:
    """Whether, after the side to move plays ``move``, ``goal`` is still forced within
    ``within`` of its moves (counting ``move``). ``move`` must be legal."""
    board, loser = _after(fen, moves, move)
    return _holds_after(board, _within(within), _reached(goal), loser)


def progress_after(fen: str, moves: Sequence[str], move: str, goal: str, within: int) -> Progress:
    """The ``Progress`` after the side to move plays ``move`` (which must be legal),
    with ``within`` of its moves allowed in all, counting ``move``."""
    board, loser = _after(fen, moves, move)
    status, reply = _progress(board, _within(within), _reached(goal), loser)
    return Progress(status, reply)


def pass_turn(fen: str) -> str:
    """The position after the side to move passes: the other side moves next, no en passant."""
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    fields[3] = "-"
    return " ".join(fields)


def visit_search(
    fen: str, targets: Iterable[str], budget: int, piece: str | None = None
) -> VisitSearch:
    """Whether the side to move can land on every square of ``targets`` within ``budget``
    moves, and whether some sequence of legal moves fails to; the other side passes
    between moves. Moves that give check are left out (a pass would leave a king in check).
    ``piece`` (a letter, "n") keeps to the moves of that kind of piece: the one that must
    do the work.
    """
    board = board_from(fen)
    left = frozenset(targets)
    kind = _kind(piece)
    return VisitSearch(
        can_succeed=_can_collect(board, left, budget, kind),
        can_fail=_can_miss(board.copy(stack=False), left, budget, kind),
    )


def can_collect(fen: str, targets: Iterable[str], budget: int, piece: str | None = None) -> bool:
    """``visit_search(...).can_succeed``, without the second search."""
    return _can_collect(board_from(fen), frozenset(targets), budget, _kind(piece))


def visit_other_way(
    fen: str, targets: Iterable[str], budget: int, piece: str
) -> tuple[str, ...] | None:
    """A line of moves (UCI) that collects every target within ``budget`` with the help of
    a piece that is not a ``piece`` (a letter): a move of the king, a pawn promoted on the
    way. The puzzle could then be solved another way. None when only ``piece`` can do it.

    The king walks to the star the knight was meant to reach; from a8 it is too far:

    >>> visit_other_way("4k3/8/8/8/8/8/8/N6K w - - 0 1", ["e4"], 3, "n")
    ('h1g2', 'g2f3', 'f3e4')
    >>> visit_other_way("K3k3/8/8/8/8/8/8/N7 w - - 0 1", ["e4"], 3, "n") is None
    True
    """
    board = board_from(fen)
    kind = _kind(piece)
    start = (board.copy(stack=False), frozenset(targets), False, ())
    frontier = {(_key(board), start[1], False): start}
    for _depth in range(budget):
        following = {}
        for position, still, other, line in frontier.values():
            kinds = {
                move: position.piece_type_at(move.from_square) for move in position.legal_moves
            }
            for move, child in _passing_children(position):
                landed = chess.square_name(move.to_square)
                remaining = still - {landed}
                other_now = other or kinds[move] != kind
                path = (*line, move.uci())
                if not remaining:
                    if other_now:
                        return path
                    continue
                key = (_key(child), remaining, other_now)
                if key not in following:
                    following[key] = (child.copy(stack=False), remaining, other_now, path)
        frontier = following
    return None


def _kind(piece: str | None) -> chess.PieceType | None:
    if piece is None:
        return None
    return chess.PIECE_SYMBOLS.index(piece.lower())


# --- mate and stalemate ---------------------------------------------------------------


def _mate_reached(board: chess.Board, loser: chess.Color) -> bool:
    return board.turn == loser and board.is_checkmate()


def _stalemate_reached(board: chess.Board, loser: chess.Color) -> bool:
    return board.is_stalemate()


def _reached(goal: str) -> Reached:
    if goal == "mate":
        return _mate_reached
    if goal == "stalemate":
        return _stalemate_reached
    raise ValueError(f"unknown goal {goal!r}: expected one of {GOALS}")


def _within(within: int) -> int:
    if isinstance(within, bool) or not isinstance(within, int) or within < 1:
        raise ValueError(f"`within` must be a whole number of moves, 1 or more, not {within!r}")
    return within


def _after(fen: str, moves: Sequence[str], move: str) -> tuple[chess.Board, chess.Color]:
    board = board_from(fen, moves)
    played = parse_uci(move)
    if not board.is_legal(played):
        raise ValueError(f"{move} is not legal in the position {board.fen()}")
    board.push(played)
    return board, board.turn  # the defender moves next


def _forced(board: chess.Board, n: int, reached: Reached, loser: chess.Color) -> bool:
    if n <= 0:
        return False
    for move in list(board.legal_moves):
        if n == 1 and reached is _mate_reached and not board.gives_check(move):
            continue
        board.push(move)
        ok = _holds_after(board, n, reached, loser)
        board.pop()
        if ok:
            return True
    return False


def _holds_after(board: chess.Board, n: int, reached: Reached, loser: chess.Color) -> bool:
    if reached(board, loser):
        return True
    replies = list(board.legal_moves)
    if not replies:
        return False
    for reply in replies:
        board.push(reply)
        ok = reached(board, loser) or _forced(board, n - 1, reached, loser)
        board.pop()
        if not ok:
            return False
    return True


def _progress(
    board: chess.Board, n: int, reached: Reached, loser: chess.Color
) -> tuple[str, str | None]:
    if reached(board, loser):
        return "met", None
    if not _holds_after(board, n, reached, loser):
        return "off", None
    best, best_distance = None, -1
    for reply in sorted(board.legal_moves, key=lambda m: m.uci()):
        board.push(reply)
        if reached(board, loser):
            distance = 0
        else:
            distance = next(k for k in range(1, n) if _forced(board, k, reached, loser))
        board.pop()
        if distance > best_distance:
            best, best_distance = reply.uci(), distance
    return ("met" if best_distance == 0 else "on_track"), best


# --- visits: the other side passes -------------------------------------------------------


def _passing_children(board: chess.Board, kind: chess.PieceType | None = None):
    """Each move that gives no check, with the position after it and the other side's pass
    (only the moves of the ``kind`` of piece, when given)."""
    for move in list(board.legal_moves):
        if kind is not None and board.piece_type_at(move.from_square) != kind:
            continue
        board.push(move)
        if not board.is_check():
            board.turn = not board.turn
            board.ep_square = None
            yield move, board
        board.pop()  # restores the side to move and the en passant square too


def _can_collect(
    board: chess.Board, left: frozenset[str], budget: int, kind: chess.PieceType | None = None
) -> bool:
    board = board.copy(stack=False)
    frontier = {(_key(board), left): board}
    for _depth in range(budget):
        following = {}
        for (_placement, still), position in frontier.items():
            for move, child in _passing_children(position, kind):
                remaining = still - {chess.square_name(move.to_square)}
                if not remaining:
                    return True
                key = (_key(child), remaining)
                if key not in following:
                    following[key] = child.copy(stack=False)
        frontier = following
    return False


def _can_miss(
    board: chess.Board, left: frozenset[str], budget: int, kind: chess.PieceType | None = None
) -> bool:
    if budget == 0:
        return True
    moved = False
    for move, child in _passing_children(board, kind):
        moved = True
        remaining = left - {chess.square_name(move.to_square)}
        if remaining and _can_miss(child.copy(stack=False), remaining, budget - 1, kind):
            return True
    return not moved


def _key(board: chess.Board) -> tuple:
    return (
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.turn,
        board.castling_rights,
    )
