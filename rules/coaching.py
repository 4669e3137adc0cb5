"""Coaching in a game: the rule moments of a position, and the moments a player missed.

The engine's facts for the arbiter-coach of a real game, as codes and squares (``Note``,
``Moment``); the words a child reads live outside ``rules/``. Positions are a FEN (or a
``Position``) with the UCI history of the game, as everywhere in the engine.

``moments(fen, moves)`` lists, for the side to move now:

- ``CHECK``: the king is in check and must be answered (squares: the king, the checkers).
- ``EN_PASSANT``: a pawn may capture en passant, and only with this move: the chance ends
  after it (squares: the capturing pawns, then the pawn they may take; moves: the captures).
- ``CASTLING``: castling on a wing is legal, for the first time in the game for this side
  (squares: king, rook; moves: the king's two-square move). Each wing is told once.
- ``PROMOTION``: a pawn can reach the last rank with this move and the player chooses the
  piece it becomes (squares: the pawns; moves: from-square and to-square, no letter).
- ``STALEMATE_TRAP``: the side to move is a rook or more ahead (``OVERWHELMING_LEAD``)
  and some move would leave the other side without a legal move and not in check: a
  draw, not a win (moves: those moves; squares: the other king).
- ``THREEFOLD_CLAIMABLE``: this position stands here for the third time (or more): the
  side to move may claim a draw (squares: none).
- ``THREEFOLD_BY_MOVE``: the side to move may claim a draw by declaring one of these
  moves, which would bring a position back for the third time (9.2.1.1; moves: those
  moves). Told beside ``THREEFOLD_CLAIMABLE`` too: both claims are open then.
- ``FIFTY_MOVES_CLAIMABLE``: fifty moves by each side without a capture or a pawn move:
  the side to move may claim a draw (squares: none). At 75 the game ends by itself.
- ``FIFTY_MOVES_BY_MOVE``: 49 and a half moves so far: the side to move may claim a draw
  by declaring one of these moves, neither a capture nor a pawn move nor a mate (9.3.1;
  moves: those moves).

``game_moments(fen, moves)`` gives the moments of every position of the game (the rules
met), and ``missed_moments(fen, moves)`` what was there and not used: castling possible
and never played (once per side, at the first move it was possible, when that side never
castled), an en passant capture not taken, a threefold repetition not claimed (the game
went on; once per side), a mate in one not played, and a stalemate given by the side
that was a rook or more ahead.

The pawn on e5 may take the pawn that has just advanced to d5, now or never:

>>> from rules.coaching import moments
>>> found = moments("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", ["d7d5"])
>>> [(m.note.value, m.squares, m.moves) for m in found]
[('en_passant', ('e5', 'd5'), ('e5d6',))]
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import chess

from rules.judge import game_over
from rules.material import VALUES
from rules.position import board_from

OVERWHELMING_LEAD = 5  # points (a rook): a stalemate then throws a won game away


class Note(Enum):
    """A rule moment of a game."""

    CHECK = "check"
    EN_PASSANT = "en_passant"
    CASTLING = "castling"
    PROMOTION = "promotion"
    STALEMATE_TRAP = "stalemate_trap"
    THREEFOLD_CLAIMABLE = "threefold_claimable"
    THREEFOLD_BY_MOVE = "threefold_by_move"
    FIFTY_MOVES_CLAIMABLE = "fifty_moves_claimable"
    FIFTY_MOVES_BY_MOVE = "fifty_moves_by_move"
    # Only among the moments missed: a checkmate that one move would have given.
    MATE_IN_ONE = "mate_in_one"


@dataclass(frozen=True)
class Moment:
    """A rule moment: its ``note``, the squares it is about and the UCI moves that use it.

    In a game's moments, ``ply`` is the number of moves played before it (the moment is
    in the position before ``moves[ply]``), ``move_number`` the move's number on the
    score sheet ("move 12") and ``side`` "white" or "black", the side to move then;
    ``played`` is the move that was played there (None at the end of the game).
    """

    note: Note
    squares: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    ply: int | None = None
    move_number: int | None = None
    side: str | None = None
    played: str | None = None


def moments(fen: object, moves: Sequence[str] = ()) -> tuple[Moment, ...]:
    """The rule moments for the side to move, after ``moves`` from ``fen``; none once the
    game is over (checkmate, stalemate, fivefold repetition, 75 moves)."""
    board = board_from(fen, moves)
    seen = _castling_seen_before(board)
    return tuple(_moments_now(board, seen[board.turn]))


def game_moments(fen: object, moves: Sequence[str] = ()) -> tuple[Moment, ...]:
    """The moments of every position of the game, in order, each with its ply, move
    number, side and the move played there."""
    return tuple(moment for *_where, found in _walk(board_from(fen, moves)) for moment in found)


def missed_moments(fen: object, moves: Sequence[str] = ()) -> tuple[Moment, ...]:
    """What the game offered and the players did not use, in order (see the module)."""
    board = board_from(fen, moves)
    castled = set()
    replay = board.root()
    for move in board.move_stack:
        if replay.is_castling(move):
            castled.add(replay.turn)
        replay.push(move)
    missed: list[Moment] = []
    told: set[tuple[Note, str | None]] = set()
    for position, ply, played, found in _walk(board):
        missed.extend(m for m in found if _is_missed(m, castled, told))
        mate = _mate_missed(position, ply, played)
        if mate is not None:
            missed.append(mate)
    return tuple(missed)


def _walk(board: chess.Board):
    """Each position of ``board``'s game (a board to read, not to keep) with its moments."""
    played = list(board.move_stack)
    replay = board.root()
    seen: dict[chess.Color, set[str]] = {chess.WHITE: set(), chess.BLACK: set()}
    for ply in range(len(played) + 1):
        move = played[ply].uci() if ply < len(played) else None
        found = [_placed(m, replay, ply, move) for m in _moments_now(replay, seen[replay.turn])]
        yield replay, ply, move, found
        if move is not None:
            replay.push(played[ply])


def _is_missed(moment: Moment, castled: set[chess.Color], told: set) -> bool:
    if moment.played is None:
        return False  # the game's last position: nothing was played there
    key = (moment.note, moment.side)
    if moment.note is Note.CASTLING:
        colour = chess.WHITE if moment.side == "white" else chess.BLACK
        missed = colour not in castled and key not in told
    elif moment.note is Note.EN_PASSANT:
        missed = moment.played not in moment.moves
    elif moment.note is Note.THREEFOLD_CLAIMABLE:
        missed = key not in told
    elif moment.note is Note.STALEMATE_TRAP:
        missed = moment.played in moment.moves  # the stalemate was given
    else:
        missed = False
    if missed:
        told.add(key)
    return missed


def _mate_missed(board: chess.Board, ply: int, played: str | None) -> Moment | None:
    """The mates in one the side to move had at ``ply`` and did not play (None when the
    move played mated, or there was none)."""
    if played is None:
        return None
    mates = []
    for move in board.legal_moves:
        if board.gives_check(move):
            board.push(move)
            if board.is_checkmate():
                mates.append(move)
            board.pop()
    if not mates or played in _ucis(mates):
        return None
    mates.sort(key=chess.Move.uci)
    king = board.king(not board.turn)
    return _placed(Moment(Note.MATE_IN_ONE, _names([king]), _ucis(mates)), board, ply, played)


# --- the moments of one position -----------------------------------------------------------


def _moments_now(board: chess.Board, castling_seen: set[str]) -> list[Moment]:
    """The moments of ``board`` for the side to move; ``castling_seen`` (the wings this side
    could already castle on, "short"/"long") is updated."""
    if game_over(board):
        return []
    legal = list(board.legal_moves)
    found: list[Moment] = []
    if board.is_check():
        king = board.king(board.turn)
        found.append(Moment(Note.CHECK, _names([king]) + _names(board.checkers())))
    found.extend(_en_passant(board, legal))
    found.extend(_castling(board, legal, castling_seen))
    found.extend(_promotion(board, legal))
    found.extend(_stalemate_trap(board, legal))
    found.extend(_threefold(board, legal))
    found.extend(_fifty_moves(board, legal))
    return found


def _en_passant(board: chess.Board, legal: list[chess.Move]) -> list[Moment]:
    captures = sorted((m for m in legal if board.is_en_passant(m)), key=chess.Move.uci)
    if not captures:
        return []
    behind = -8 if board.turn == chess.WHITE else 8
    victim = board.ep_square + behind
    pawns = sorted({m.from_square for m in captures})
    return [Moment(Note.EN_PASSANT, _names(pawns) + _names([victim]), _ucis(captures))]


def _castling(board: chess.Board, legal: list[chess.Move], seen: set[str]) -> list[Moment]:
    found = []
    for move in sorted(_castling_moves(board, legal), key=chess.Move.uci):
        wing = _wing(move)
        if wing in seen:
            continue
        seen.add(wing)
        rook = _castling_rook(board, move)
        king_move = chess.Move(
            move.from_square,
            chess.square(6 if wing == "short" else 2, chess.square_rank(move.from_square)),
        )
        found.append(Moment(Note.CASTLING, _names([move.from_square, rook]), (king_move.uci(),)))
    return found


def _promotion(board: chess.Board, legal: list[chess.Move]) -> list[Moment]:
    steps = sorted({(m.from_square, m.to_square) for m in legal if m.promotion})
    if not steps:
        return []
    pawns = sorted({origin for origin, _target in steps})
    moves = tuple(chess.square_name(o) + chess.square_name(t) for o, t in steps)
    return [Moment(Note.PROMOTION, tuple(chess.square_name(p) for p in pawns), moves)]


def _stalemate_trap(board: chess.Board, legal: list[chess.Move]) -> list[Moment]:
    if _lead(board, board.turn) < OVERWHELMING_LEAD:
        return []
    stalemating = []
    for move in legal:
        board.push(move)
        if board.is_stalemate():
            stalemating.append(move)
        board.pop()
    if not stalemating:
        return []
    king = board.king(not board.turn)
    return [Moment(Note.STALEMATE_TRAP, _names([king]), _ucis(sorted(stalemating, key=str)))]


def _threefold(board: chess.Board, legal: list[chess.Move]) -> list[Moment]:
    found = [Moment(Note.THREEFOLD_CLAIMABLE)] if board.is_repetition(3) else []
    # A capture or a pawn move makes a position never seen before: only the others can
    # bring one back, and only one seen twice already (the one now, or any other).
    quiet = [move for move in legal if not board.is_zeroing(move)]
    claiming = [move for move in quiet if _brings_third_time(board, move)]
    if claiming:
        moves = _ucis(sorted(claiming, key=chess.Move.uci))
        found.append(Moment(Note.THREEFOLD_BY_MOVE, (), moves))
    return found


def _brings_third_time(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_repetition(3) and not board.is_checkmate() and not board.is_stalemate()
    finally:
        board.pop()


def _fifty_moves(board: chess.Board, legal: list[chess.Move]) -> list[Moment]:
    if board.halfmove_clock >= 100:
        return [Moment(Note.FIFTY_MOVES_CLAIMABLE)]
    if board.halfmove_clock < 99:
        return []
    claiming = [move for move in legal if not board.is_zeroing(move) and _game_goes_on(board, move)]
    if not claiming:
        return []
    return [Moment(Note.FIFTY_MOVES_BY_MOVE, (), _ucis(sorted(claiming, key=chess.Move.uci)))]


def _game_goes_on(board: chess.Board, move: chess.Move) -> bool:
    """After ``move`` the other side has a legal move (no mate, no stalemate ends the game)."""
    board.push(move)
    try:
        return any(board.legal_moves)
    finally:
        board.pop()


# --- helpers -------------------------------------------------------------------------------


def _castling_seen_before(board: chess.Board) -> dict[chess.Color, set[str]]:
    """The wings each side could castle on at one of its earlier turns in the game."""
    seen: dict[chess.Color, set[str]] = {chess.WHITE: set(), chess.BLACK: set()}
    replay = board.root()
    for move in board.move_stack:
        if replay.castling_rights & replay.occupied_co[replay.turn]:
            for castle in _castling_moves(replay, replay.legal_moves):
                seen[replay.turn].add(_wing(castle))
        replay.push(move)
    return seen


def _castling_moves(board: chess.Board, legal) -> list[chess.Move]:
    return [move for move in legal if board.is_castling(move)]


def _wing(move: chess.Move) -> str:
    return (
        "short"
        if chess.square_file(move.to_square) > chess.square_file(move.from_square)
        else "long"
    )


def _castling_rook(board: chess.Board, move: chess.Move) -> chess.Square:
    rank = chess.square_rank(move.from_square)
    rooks = board.rooks & board.occupied_co[board.turn] & board.castling_rights
    candidates = [s for s in chess.SquareSet(rooks) if chess.square_rank(s) == rank]
    king_file = chess.square_file(move.from_square)
    short = _wing(move) == "short"
    return next(s for s in candidates if (chess.square_file(s) > king_file) == short)


def _lead(board: chess.Board, colour: chess.Color) -> int:
    return sum(
        VALUES[piece.piece_type] * (1 if piece.color == colour else -1)
        for piece in board.piece_map().values()
    )


def _placed(moment: Moment, board: chess.Board, ply: int, played: str | None) -> Moment:
    return Moment(
        moment.note,
        moment.squares,
        moment.moves,
        ply=ply,
        move_number=board.fullmove_number,
        side="white" if board.turn == chess.WHITE else "black",
        played=played,
    )


def _names(squares) -> tuple[str, ...]:
    return tuple(chess.square_name(square) for square in squares)


def _ucis(moves) -> tuple[str, ...]:
    return tuple(move.uci() for move in moves)
