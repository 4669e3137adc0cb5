"""Computer opponents for a first game: four levels, weakest first, on the engine's own moves.

No outside engine: each level chooses among python-chess's legal moves with its own small
rule. The level is named by an English id (``OPPONENTS``, weakest first); the names a
child reads live outside ``rules/``.

- ``any_move``: any legal move, at random.
- ``captures_first``: a checkmate if it has one, else the capture that takes the most (a
  promotion counts as what it gains), else a check, else any move; ties at random. It
  never asks whether the piece it moves is safe.
- ``one_move_ahead``: plays each of its moves in its head and counts the pieces' values
  after it, minus the most the other side could then take for free (a piece attacked and
  not defended, or attacked by a cheaper piece), less a little for each answer the other
  side has; a checkmate is worth everything, a stalemate or a position seen before counts
  as a draw. About one move in five it forgets to look at what the other side could
  take (a blunder).
- ``two_moves_ahead``: a small alpha-beta over its move and every answer to it, on the
  material plus a little centre, development and mobility (how many answers the other
  side has), and, once it is far ahead, driving the lone king to the edge; checkmates
  sooner are better, a repeated position counts as a draw.

Every choice is deterministic given the ``random.Random`` passed in: the legal moves are
put in UCI order before the random draws, so the same seed and position give the same
move on every machine.

>>> import random
>>> from rules.opponents import choose_move
>>> fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
>>> choose_move("two_moves_ahead", fen, rng=random.Random(1))
'a1a8'
>>> fen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"
>>> choose_move("captures_first", fen, rng=random.Random(1))
'd1d5'
"""

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import chess

from rules.codes import Claim, Termination
from rules.endings import termination_of
from rules.errors import RulesError
from rules.judge import game_over
from rules.material import VALUES
from rules.position import board_from

OPPONENTS = ("any_move", "captures_first", "one_move_ahead", "two_moves_ahead")

BLUNDER_RATE = 0.2  # one_move_ahead: how often it forgets to look at what it leaves hanging

MATE = 100_000  # a checkmate, in centipawns (the search's unit: a pawn is 100)
_CENTRE = chess.BB_D4 | chess.BB_E4 | chess.BB_D5 | chess.BB_E5
_WIDE_CENTRE = (chess.BB_FILE_C | chess.BB_FILE_D | chess.BB_FILE_E | chess.BB_FILE_F) & (
    chess.BB_RANK_3 | chess.BB_RANK_4 | chess.BB_RANK_5 | chess.BB_RANK_6
)
_BACK_RANKS = {chess.WHITE: chess.BB_RANK_1, chess.BLACK: chess.BB_RANK_8}


class UnknownOpponent(RulesError):
    """The opponent id is not one of ``OPPONENTS``."""


class GameOver(RulesError):
    """The game has ended, so no move may be played: checkmate, stalemate, fivefold
    repetition or 75 moves (as ``check_move`` refuses every move then)."""


def choose_move(
    opponent: str, fen: object, moves: Sequence[str] = (), *, rng: random.Random
) -> str:
    """The UCI move ``opponent`` plays in the position reached from ``fen`` (a FEN or a
    ``Position``) by the UCI ``moves``.

    Raises UnknownOpponent, GameOver, or the engine's InvalidFen / IllegalHistory.
    """
    if opponent not in _CHOOSERS:
        raise UnknownOpponent(f"{opponent!r} is not an opponent: expected one of {OPPONENTS}")
    return choose_on_board(opponent, board_from(fen, moves), rng)


def choose_on_board(opponent: str, board: chess.Board, rng: random.Random) -> str:
    """``choose_move`` on a board already built (left as it was): what self-play uses."""
    if game_over(board):
        raise GameOver(f"the game is over in the position {board.fen()}: no move may be played")
    legal = sorted(board.legal_moves, key=chess.Move.uci)
    return _CHOOSERS[opponent](board, legal, rng).uci()


@dataclass(frozen=True)
class Game:
    """A game between two opponents: its UCI moves, its result ("1-0", "0-1", "1/2-1/2",
    or "*" when it was stopped at the ply cap) and the ending (a Termination, the Claim a
    computer makes at once, or None when stopped)."""

    moves: tuple[str, ...]
    result: str
    ending: Termination | Claim | None


def play_game(
    white: str,
    black: str,
    *,
    rng: random.Random,
    fen: str = chess.STARTING_FEN,
    max_plies: int = 200,
) -> Game:
    """``white`` against ``black`` from ``fen`` until the game ends (checkmate, stalemate,
    insufficient material, fivefold, 75 moves, or a threefold repetition or fifty moves,
    which the side to move claims at once) or ``max_plies`` moves have been played."""
    for opponent in (white, black):
        if opponent not in _CHOOSERS:
            raise UnknownOpponent(f"{opponent!r} is not an opponent: expected one of {OPPONENTS}")
    board = board_from(fen)
    players = {chess.WHITE: white, chess.BLACK: black}
    while True:
        ending = _ending(board)
        if ending is not None:
            break
        if len(board.move_stack) >= max_plies:
            return Game(tuple(m.uci() for m in board.move_stack), "*", None)
        board.push_uci(choose_on_board(players[board.turn], board, rng))
    result = "1/2-1/2"
    if ending is Termination.CHECKMATE:
        result = "0-1" if board.turn == chess.WHITE else "1-0"
    return Game(tuple(m.uci() for m in board.move_stack), result, ending)


def _ending(board: chess.Board) -> Termination | Claim | None:
    termination = termination_of(board)
    if termination is not None:
        return termination
    if board.halfmove_clock >= 100:
        return Claim.FIFTY_MOVES
    if board.is_repetition(3):
        return Claim.THREEFOLD_REPETITION
    return None


def _best(
    moves: Sequence[chess.Move], score: Callable[[chess.Move], float], rng: random.Random
) -> chess.Move:
    """The move with the highest score; ties drawn at random."""
    scored = [(score(move), move) for move in moves]
    top = max(value for value, _move in scored)
    return rng.choice([move for value, move in scored if value == top])


# --- level 1: any legal move ---------------------------------------------------------------


def _any_move(board: chess.Board, legal: list[chess.Move], rng: random.Random) -> chess.Move:
    return rng.choice(legal)


# --- level 2: captures and checks first ----------------------------------------------------


def _gain(board: chess.Board, move: chess.Move) -> int:
    """What a move takes at once, in points: the captured piece, a promotion's gain."""
    gain = 0
    if board.is_en_passant(move):
        gain = 1
    else:
        captured = board.piece_type_at(move.to_square)
        if captured is not None:
            gain = VALUES[captured]
    if move.promotion:
        gain += VALUES[move.promotion] - 1
    return gain


def _captures_first(board: chess.Board, legal: list[chess.Move], rng: random.Random) -> chess.Move:
    def score(move: chess.Move) -> int:
        # Twice a capture's points, plus one for a check: any capture beats a check, and a
        # checkmate (the check of all checks) beats everything.
        value = 2 * _gain(board, move)
        if board.gives_check(move):
            value += MATE if _mates(board, move) else 1
        return value

    return _best(legal, score, rng)


def _mates(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()


# --- level 3: one move ahead ---------------------------------------------------------------


def material_balance(board: chess.Board, colour: chess.Color) -> int:
    """``colour``'s points minus the other side's (Q 9, R 5, B 3, N 3, P 1)."""
    total = 0
    for piece_type in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        own = chess.popcount(board.pieces_mask(piece_type, colour))
        theirs = chess.popcount(board.pieces_mask(piece_type, not colour))
        total += VALUES[piece_type] * (own - theirs)
    return total


def exposed_loss(board: chess.Board, colour: chess.Color) -> int:
    """The most the side to move can win at once from ``colour``'s pieces: the value of an
    undefended piece it attacks, or what a cheaper attacker wins by trading itself for it."""
    worst = 0
    for square in chess.SquareSet(board.occupied_co[colour] & ~board.kings):
        attackers = board.attackers(not colour, square)
        if not attackers:
            continue
        value = VALUES[board.piece_type_at(square)]
        if not board.attackers(colour, square):
            loss = value
        else:
            cheapest = min(VALUES[board.piece_type_at(attacker)] or 100 for attacker in attackers)
            loss = value - cheapest
        worst = max(worst, loss)
    return worst


def _one_move_ahead(board: chess.Board, legal: list[chess.Move], rng: random.Random) -> chess.Move:
    careless = rng.random() < BLUNDER_RATE
    me = board.turn

    def score(move: chess.Move) -> float:
        board.push(move)
        try:
            if board.is_checkmate():
                return MATE
            answers = board.legal_moves.count()
            if not answers or board.is_repetition(2):
                return 0  # stalemate, or a position seen before: a draw, whatever the material
            value = 100 * material_balance(board, me)
            if not careless:
                value -= 100 * exposed_loss(board, me)
            # A little: fewer answers for the other side (herds a lone king towards mate).
            return value - answers
        finally:
            board.pop()

    return _best(legal, score, rng)


# --- level 4: two moves ahead --------------------------------------------------------------


def evaluate(board: chess.Board, colour: chess.Color) -> int:
    """``colour``'s standing in centipawns: material, centre, development, and the lone
    king's corner once one side is a rook or more ahead."""
    balance = material_balance(board, colour)
    value = 100 * balance
    for side, sign in ((colour, 1), (not colour, -1)):
        pawns_and_knights = board.pawns | board.knights
        own = board.occupied_co[side]
        value += sign * 20 * chess.popcount(own & pawns_and_knights & _CENTRE)
        value += sign * 8 * chess.popcount(own & ~board.kings & ~board.pawns & _WIDE_CENTRE)
        minors = (board.knights | board.bishops) & own
        value -= sign * 10 * chess.popcount(minors & _BACK_RANKS[side])
    if abs(balance) >= 5:
        strong = colour if balance > 0 else not colour
        lone, own_king = board.king(not strong), board.king(strong)
        if lone is not None and own_king is not None:
            edge = _distance_from_centre(lone)
            closeness = 14 - chess.square_manhattan_distance(lone, own_king)
            value += (1 if strong == colour else -1) * (12 * edge + 4 * closeness)
    return value


def _distance_from_centre(square: chess.Square) -> int:
    file, rank = chess.square_file(square), chess.square_rank(square)
    return max(3 - file, file - 4) + max(3 - rank, rank - 4)


def _ordered(board: chess.Board, moves) -> list[chess.Move]:
    """Captures first, biggest victim by cheapest attacker: alpha-beta cuts sooner."""

    def key(move: chess.Move) -> int:
        gain = _gain(board, move)
        if not gain:
            return 0
        return -(10 * gain - VALUES[board.piece_type_at(move.from_square)])

    return sorted(moves, key=key)


def _answer_value(board: chess.Board, me: chess.Color, alpha: int) -> int:
    """The value for ``me`` of the position after my move, the other side to move and
    choosing the answer worst for me; at most ``alpha`` as soon as it cannot beat it."""
    answers = list(board.legal_moves)
    if not answers:
        return -MATE if board.is_check() else 0  # the other side is mated / stalemated
    if board.is_repetition(2) or board.is_insufficient_material():
        return 0
    # A little mobility: fewer answers for the other side is better.
    mobility = 2 * len(answers)
    worst = MATE
    for answer in _ordered(board, answers):
        board.push(answer)
        value = -MATE + 2 if board.is_checkmate() else evaluate(board, me) - mobility
        board.pop()
        worst = min(worst, value)
        if worst <= alpha:
            break
    return worst


def _two_moves_ahead(board: chess.Board, legal: list[chess.Move], rng: random.Random) -> chess.Move:
    me = board.turn
    alpha = -MATE - 1
    scored = []
    for move in _ordered(board, legal):
        board.push(move)
        value = MATE if board.is_checkmate() else _answer_value(board, me, alpha - 1)
        board.pop()
        scored.append((value, move))
        alpha = max(alpha, value)
    # Only the best value is exact (the others are bounds at most it): pick among the best.
    best = [move for value, move in scored if value == alpha]
    return rng.choice(sorted(best, key=chess.Move.uci))


_CHOOSERS = {
    "any_move": _any_move,
    "captures_first": _captures_first,
    "one_move_ahead": _one_move_ahead,
    "two_moves_ahead": _two_moves_ahead,
}
