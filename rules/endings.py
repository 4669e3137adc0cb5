"""How the game stands: check, the endings that need no claim, the draws that may be claimed,
and the fact that shows a wrong description of how the game stands wrong."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import chess

from rules.codes import Claim, Fact, Termination
from rules.position import board_from, parse_uci
from rules.verdict import Refutation, refutation


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


def checkmated_king(fen: str) -> str | None:
    """The square of the king that is checkmated in ``fen``, or None: what a board drawn
    for the position marks, without the rest of ``assess`` (draw claims, repetitions).

    >>> checkmated_king("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), checkmated_king(chess.STARTING_FEN)
    ('g8', None)
    """
    board = board_from(fen)
    if not board.is_checkmate():
        return None
    return chess.square_name(board.king(board.turn))


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


def claim_possible_with_a_move(fen: str, moves: Sequence[str] = ()) -> bool:
    """Whether some legal move, declared with a claim, would draw by threefold repetition or
    fifty moves (``claims_after`` of it is not empty): a game's page offers 「走這步並要求和棋」
    only then.

    >>> claim_possible_with_a_move("4k3/8/8/8/8/8/8/4K2R w - - 98 80")
    False
    >>> claim_possible_with_a_move("4k3/8/8/8/8/8/8/4K2R w - - 99 80")
    True
    """
    board = board_from(fen, moves)
    if board.halfmove_clock < 99 and not _seen_twice(board):
        return False  # no move can reach a third time, nor the hundredth half-move
    for move in list(board.legal_moves):
        board.push(move)
        found = termination_of(board) is None and bool(claims_now(board))
        board.pop()
        if found:
            return True
    return False


def _seen_twice(board: chess.Board) -> bool:
    """Some position of the game (transposition key) has appeared twice already."""
    replay = board.root()
    counts = Counter([replay._transposition_key()])
    for move in board.move_stack:
        replay.push(move)
        counts[replay._transposition_key()] += 1
    return any(count >= 2 for count in counts.values())


def repetitions(board: chess.Board) -> int:
    """How many times the position on the board has appeared in this game, now included.

    Positions count as the same as in ``claims_now`` (python-chess's transposition key).
    """
    key = board._transposition_key()
    replay = board.root()
    count = int(replay._transposition_key() == key)
    for move in board.move_stack:
        replay.push(move)
        count += replay._transposition_key() == key
    return count


def _last_reset(board: chess.Board) -> chess.Square | None:
    """Where the last pawn move or capture of the history landed (it restarted the count)."""
    replay = board.root()
    square = None
    for move in board.move_stack:
        if replay.is_zeroing(move):
            square = move.to_square
        replay.push(move)
    return square


def _mating_material(board: chess.Board) -> list[chess.Square]:
    """The pieces that could still help checkmate: anything but the kings, unless what is
    left is the material that cannot mate (then nothing)."""
    if board.is_insufficient_material():
        return []
    return sorted(chess.SquareSet(board.occupied & ~board.kings))


def _answer_to_check(board: chess.Board) -> chess.Move:
    """A move out of check, preferring what a child overlooks: the capture, then the block."""
    checkers = board.checkers()
    moves = list(board.legal_moves)

    def rank(move: chess.Move) -> int:
        if move.to_square in checkers and board.piece_type_at(move.from_square) != chess.KING:
            return 0
        if board.piece_type_at(move.from_square) != chess.KING:
            return 1
        return 2

    return min(moves, key=lambda move: (rank(move), move.uci()))


def ending_refutation(board: chess.Board, chosen: str) -> Refutation:
    """Why ``chosen`` (a ``Termination`` or ``Claim`` value, or "ongoing") does not say
    how the game stands in ``board``: the fact a child needs to see.

    >>> board = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    >>> ending_refutation(board, "checkmate").fact
    <Fact.KING_NOT_IN_CHECK: 'king_not_in_check'>
    >>> ending_refutation(board, "ongoing").fact
    <Fact.NO_LEGAL_MOVE: 'no_legal_move'>
    """
    king = board.king(board.turn)
    assert king is not None
    termination = termination_of(board)
    checkers = sorted(board.checkers())
    if termination is Termination.CHECKMATE:
        return refutation(board, Fact.NO_ESCAPE, king, *checkers)
    if termination is Termination.STALEMATE:
        if chosen == Termination.CHECKMATE.value:
            return refutation(board, Fact.KING_NOT_IN_CHECK, king)
        return refutation(board, Fact.NO_LEGAL_MOVE, king)
    if termination is Termination.INSUFFICIENT_MATERIAL and chosen == Termination.CHECKMATE.value:
        return _no_mating_material(board)  # the rule that matters: nobody can ever mate here
    if chosen == Termination.CHECKMATE.value:
        if not checkers:
            return refutation(board, Fact.KING_NOT_IN_CHECK, king)
        answer = _answer_to_check(board)
        return refutation(board, Fact.CHECK_CAN_BE_ANSWERED, answer.from_square, answer.to_square)
    if chosen == Termination.STALEMATE.value:
        if checkers:
            return refutation(board, Fact.KING_IN_CHECK, king, *checkers)
        move = min(
            board.legal_moves,
            key=lambda move: (
                move.from_square != king,
                chess.square_distance(move.from_square, move.to_square),
                move.uci(),
            ),
        )
        return refutation(board, Fact.HAS_LEGAL_MOVE, move.from_square, move.to_square)
    if chosen == Termination.INSUFFICIENT_MATERIAL.value and not board.is_insufficient_material():
        return refutation(board, Fact.MATING_MATERIAL, *_mating_material(board))
    if termination is Termination.INSUFFICIENT_MATERIAL:
        return _no_mating_material(board)
    return _counted(board, chosen, termination)


def _no_mating_material(board: chess.Board) -> Refutation:
    """Every piece left besides the kings (or the kings, when nothing else is left)."""
    others = sorted(chess.SquareSet(board.occupied & ~board.kings))
    named = others or sorted(chess.SquareSet(board.kings))
    return refutation(board, Fact.NO_MATING_MATERIAL, *named)


def _counted(board: chess.Board, chosen: str, termination: Termination | None) -> Refutation:
    """A draw by counting chosen wrongly (or missed): the moves counted, or the positions."""
    if chosen in (Claim.FIFTY_MOVES.value, Termination.SEVENTYFIVE_MOVES.value) or (
        termination is Termination.SEVENTYFIVE_MOVES
        or (Claim.FIFTY_MOVES in claims_now(board) and chosen == "ongoing")
    ):
        reset = _last_reset(board)
        if reset is not None and board.halfmove_clock < 100:
            return refutation(board, Fact.COUNT_RESET, reset, count=board.halfmove_clock // 2)
        return refutation(board, Fact.MOVE_COUNT, count=board.halfmove_clock // 2)
    if chosen in (Claim.THREEFOLD_REPETITION.value, Termination.FIVEFOLD_REPETITION.value):
        other_rights = _looks_alike_with_other_rights(board)
        if other_rights is not None:
            return other_rights
    return refutation(board, Fact.POSITION_COUNT, count=repetitions(board))


def looks_alike(board: chess.Board) -> list[chess.Board]:
    """Every earlier position of the game with the same pieces on the same squares and the
    same side to move as ``board`` (its rights may differ), first first, ``board`` excluded."""
    replay = board.root()
    shape = (board.board_fen(), board.turn)
    found = []
    for move in board.move_stack:
        if (replay.board_fen(), replay.turn) == shape:
            found.append(replay.copy(stack=False))
        replay.push(move)
    return found


def _looks_alike_with_other_rights(board: chess.Board) -> Refutation | None:
    """When the position seems to have come three times but one of those times another
    right stood (an en passant capture, a castling still allowed), that time: it was not
    the same position (FIDE 9.2.3). None otherwise."""
    earlier = looks_alike(board)
    if len(earlier) + 1 < 3:
        return None
    count = repetitions(board)
    for then in earlier:
        if then.has_legal_en_passant() and not board.has_legal_en_passant():
            move = next(m for m in then.legal_moves if then.is_en_passant(m))
            taken = move.to_square + (-8 if then.turn == chess.WHITE else 8)
            return refutation(board, Fact.EN_PASSANT_THEN, move.from_square, taken, count=count)
        lost = then.clean_castling_rights() & ~board.clean_castling_rights()
        if lost:
            rook = chess.lsb(lost)
            king = then.king(
                chess.WHITE if chess.BB_SQUARES[rook] & chess.BB_RANK_1 else chess.BLACK
            )
            return refutation(board, Fact.CASTLING_THEN, king, rook, count=count)
    return None
