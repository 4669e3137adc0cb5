"""Making practice positions: fresh, legal positions for one rule's questions, from a seed.

No Django here, and no words: each maker takes a ``random.Random`` and a ``level``
(1: few pieces; 2: distractors, pieces of both sides around; 3: pins, checks, a history
that matters) and returns a ``Made``: the position (FEN and the history played from it)
and the squares or move the question is about. What is asked about it, and in which
words, is the caller's; whether the question is sound is the validator's.

Positions look like chess: both kings on the board and never next to each other, the
side not to move not in check, pawns off the first and last ranks, and the side to move
not in check unless the rule is about check. The same seed makes the same position.

>>> import random
>>> made = piece_moves(random.Random(7), 1, "N")
>>> piece_at(made.fen, made.square)
'N'
>>> made == piece_moves(random.Random(7), 1, "N")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import chess

from rules.errors import RulesError
from rules.protection import forced_gain
from rules.squares import piece_at

__all__ = ["LEVELS", "Made", "NoPosition", "piece_at"]

LEVELS = (1, 2, 3)
TRIES = 400  # a maker that finds nothing in this many tries gives up (NoPosition)
INNER = chess.SquareSet(chess.BB_ALL & ~chess.BB_RANK_1 & ~chess.BB_RANK_8)


class NoPosition(RulesError):
    """No position fitting the maker's conditions was found in ``TRIES`` tries."""


@dataclass(frozen=True)
class Made:
    """A practice position and what the question is about.

    ``square``: the piece or square asked about; ``move``: the move asked about (UCI);
    ``side``: a castling side; ``piece``: a piece letter the question names (the kind to
    capture, the piece to promote to); ``holds``: a yes/no fact the engine found (whether
    the touched piece can move).
    """

    fen: str
    moves: tuple[str, ...] = ()
    square: str = ""
    move: str = ""
    side: str = ""
    piece: str = ""
    holds: bool = False


# --- small helpers -----------------------------------------------------------------------


def _until(rng: random.Random, make: Callable[[random.Random], Made | None]) -> Made:
    for _ in range(TRIES):
        made = make(rng)
        if made is not None:
            return made
    raise NoPosition(f"{getattr(make, '__name__', 'maker')}: nothing found in {TRIES} tries")


def _empty(turn: chess.Color = chess.WHITE) -> chess.Board:
    board = chess.Board(None)
    board.turn = turn
    return board


def _put(
    rng: random.Random, board: chess.Board, symbol: str, where=chess.SQUARES
) -> chess.Square | None:
    """Put the piece on a random empty square among ``where`` (pawns never on the back ranks)."""
    if symbol in "Pp":
        where = [s for s in where if s in INNER]
    piece = chess.Piece.from_symbol(symbol)
    if len(board.pieces(piece.piece_type, piece.color)) >= MOST[piece.piece_type]:
        return None  # no third rook, no second queen: the material of a real game
    if piece.piece_type == chess.BISHOP:
        where = [s for s in where if not _same_coloured_bishop(board, piece.color, s)]
    free = [s for s in where if board.piece_at(s) is None]
    if not free:
        return None
    square = rng.choice(free)
    board.set_piece_at(square, piece)
    return square


MOST = {chess.KING: 1, chess.QUEEN: 1, chess.ROOK: 2, chess.BISHOP: 2, chess.KNIGHT: 2,
        chess.PAWN: 8}  # fmt: skip


def _same_coloured_bishop(board: chess.Board, colour: chess.Color, square: chess.Square) -> bool:
    light = bool(chess.BB_SQUARES[square] & chess.BB_LIGHT_SQUARES)
    bishops = board.pieces(chess.BISHOP, colour)
    return any(bool(chess.BB_SQUARES[b] & chess.BB_LIGHT_SQUARES) == light for b in bishops)


def _kings(rng: random.Random, board: chess.Board, white=chess.SQUARES, black=chess.SQUARES):
    """Both kings, never side by side."""
    white_king = _put(rng, board, "K", white)
    if white_king is None:
        return False
    near = chess.SquareSet(chess.BB_KING_ATTACKS[white_king])
    return _put(rng, board, "k", [s for s in black if s not in near]) is not None


def _sound(board: chess.Board, *, mover_in_check: bool | None = False) -> bool:
    """A legal position; the side to move in check exactly when asked (None: either)."""
    if board.status() != chess.STATUS_VALID:
        return False
    return mover_in_check is None or board.is_check() == mover_in_check


def _extras(rng: random.Random, board: chess.Board, count: int, symbols: str) -> None:
    for _ in range(count):
        _put(rng, board, rng.choice(symbols))


def _near(square: chess.Square, distance: int) -> list[chess.Square]:
    return [s for s in chess.SQUARES if chess.square_distance(s, square) <= distance]


def _made(board: chess.Board, **facts) -> Made:
    return Made(board.fen(), **facts)


# --- the pieces: where can this piece go ---------------------------------------------------

DISTRACTORS = {1: (0, 1), 2: (2, 4), 3: (3, 6)}


def piece_moves(rng: random.Random, level: int, letter: str) -> Made:
    """A white piece (``letter``: K Q R B N P) with somewhere to go, White to move; from
    level 2 other pieces stand around it, and at level 3 it may be pinned."""

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        if letter == "K":
            square = _put(rng, board, "K", _central(level))
            _put(
                rng, board, "k", [s for s in chess.SQUARES if chess.square_distance(s, square) > 1]
            )
        else:
            if not _kings(rng, board):
                return None
            where = _pawn_squares(rng) if letter == "P" else chess.SQUARES
            square = _put(rng, board, letter, where)
        if square is None:
            return None
        low, high = DISTRACTORS[level]
        _extras(rng, board, rng.randint(low, high), "PpNnBbRrq" if level > 1 else "Pp")
        if level == 3 and letter != "K":
            _pin(rng, board, square)
        if not _sound(board) or not any(board.generate_legal_moves(chess.BB_SQUARES[square])):
            return None
        if letter == "K" and not _king_kept_from(board, square):
            return None
        return _made(board, square=chess.square_name(square))

    make.__name__ = f"piece_moves_{letter}"
    return _until(rng, make)


def _central(level: int) -> list[chess.Square]:
    return [s for s in chess.SQUARES if level > 1 or 1 <= chess.square_file(s) <= 6]


def _pawn_squares(rng: random.Random) -> list[chess.Square]:
    """White pawns: often on their start rank (the two-square step), else ranks 3 to 6."""
    if rng.random() < 0.4:
        return list(chess.SquareSet(chess.BB_RANK_2))
    return [s for s in chess.SQUARES if 2 <= chess.square_rank(s) <= 5]


def _pin(rng: random.Random, board: chess.Board, square: chess.Square) -> None:
    """Maybe a black slider behind ``square``, on the line from the white king."""
    king = board.king(chess.WHITE)
    ray = chess.SquareSet(chess.ray(king, square))
    beyond = [
        s
        for s in ray
        if chess.square_distance(king, s) > chess.square_distance(king, square)
        and board.piece_at(s) is None
        and chess.SquareSet(chess.between(square, s)).isdisjoint(board.occupied_co[chess.BLACK])
    ]
    if not beyond or rng.random() < 0.4:
        return
    straight = chess.square_file(king) == chess.square_file(square) or (
        chess.square_rank(king) == chess.square_rank(square)
    )
    _put(rng, board, "r" if straight else "b", beyond)


def _king_kept_from(board: chess.Board, king: chess.Square) -> bool:
    """The king has a neighbour square it may not step on (attacked, or its own piece)."""
    around = chess.SquareSet(chess.BB_KING_ATTACKS[king])
    free = {move.to_square for move in board.generate_legal_moves(chess.BB_SQUARES[king])}
    return any(s not in free for s in around)


# --- the board: what stands where ----------------------------------------------------------


def scattered(rng: random.Random, level: int) -> Made:
    """A few pieces of both sides and a square asked about: often one with a piece on it."""

    def make(rng: random.Random) -> Made | None:
        board = _empty(rng.choice([chess.WHITE, chess.BLACK]))
        if not _kings(rng, board):
            return None
        _extras(rng, board, 1 + level * 2, "QRBNPqrbnp")
        if not _sound(board):
            return None
        occupied = list(chess.SquareSet(board.occupied))
        square = rng.choice(occupied if rng.random() < 0.7 else chess.SQUARES)
        return _made(board, square=chess.square_name(square))

    return _until(rng, make)


# --- capturing -------------------------------------------------------------------------------


def capture(rng: random.Random, level: int) -> Made:
    """White to move with an enemy piece to take (``piece``: its kind) and other moves too."""

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        if not _kings(rng, board):
            return None
        _extras(rng, board, level, "QRBN" if level > 1 else "RBN")
        _extras(rng, board, 1 + level, "qrbnp")
        if level > 1:
            _extras(rng, board, level - 1, "P")
        if not _sound(board):
            return None
        taken = {board.piece_type_at(m.to_square) for m in board.legal_moves if board.is_capture(m)}
        taken.discard(None)
        if not taken:
            return None
        kind = rng.choice(sorted(taken))
        return _made(board, piece=chess.piece_symbol(kind))

    return _until(rng, make)


def own_piece_move(rng: random.Random, level: int) -> Made:
    """A move onto a square: sometimes one's own piece stands there (never legal), sometimes
    an enemy piece (legal unless a pin or a check forbids it)."""

    def make(rng: random.Random) -> Made | None:
        made = capture(rng, level)
        board = chess.Board(made.fen)
        movers = [s for s in board.pieces(chess.QUEEN, chess.WHITE)]
        movers += list(board.pieces(chess.ROOK, chess.WHITE))
        movers += list(board.pieces(chess.BISHOP, chess.WHITE))
        movers += list(board.pieces(chess.KNIGHT, chess.WHITE))
        rng.shuffle(movers)
        for origin in movers:
            targets = [t for t in board.attacks(origin) if board.piece_at(t) is not None]
            targets = [t for t in targets if board.piece_type_at(t) != chess.KING]
            if targets:
                target = rng.choice(targets)
                return Made(made.fen, move=chess.square_name(origin) + chess.square_name(target))
        return None

    return _until(rng, make)


# --- check, checkmate, stalemate -------------------------------------------------------------


def check(rng: random.Random, level: int) -> Made:
    """White to move, in check about half the time; from level 2 a black piece may aim at
    the king with a piece in the way."""
    in_check = rng.random() < 0.5

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        if not _kings(rng, board):
            return None
        _extras(rng, board, level + 1, "qrbn" if level > 1 else "rbn")
        _extras(rng, board, level - 1, "PNB")
        if not _sound(board, mover_in_check=in_check) or not any(board.legal_moves):
            return None
        return _made(board, square=chess.square_name(board.king(chess.WHITE)))

    return _until(rng, make)


ESCAPES = ("capture", "block", "king")


def escape(rng: random.Random, level: int) -> Made:
    """White in check with one way out named in ``side`` (capture, block or king) that some
    move takes and some move does not."""
    way = ESCAPES[rng.randrange(3)]

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        if not _kings(rng, board, white=_near(rng.choice(chess.SQUARES), 3)):
            return None
        _put(rng, board, rng.choice("qrb"))
        _extras(rng, board, level, "RBN")
        _extras(rng, board, level - 1, "pn")
        if not _sound(board, mover_in_check=True) or len(board.checkers()) != 1:
            return None
        ways = [_escape_ways(board, move) for move in board.legal_moves]
        if not any(way in w for w in ways) or all(way in w for w in ways):
            return None
        return _made(board, side=way)

    return _until(rng, make)


def _escape_ways(board: chess.Board, move: chess.Move) -> set[str]:
    """How a move gets out of check: the king capturing the checker counts as both."""
    captures = move.to_square in board.checkers()
    if board.piece_type_at(move.from_square) == chess.KING:
        return {"king", "capture"} if captures else {"king"}
    return {"capture"} if captures else {"block"}


FORK_GAIN = 3  # a check that wins at least a minor piece's worth


def check_fork(rng: random.Random, level: int) -> Made:
    """White to move has a knight check that also attacks a black rook or queen and wins
    it (``move``; ``forced_gain`` at least ``FORK_GAIN``), and not every move does; from
    level 2 more pieces stand around, some of which may guard the target or the knight."""

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        king = rng.choice(chess.SQUARES)
        board.set_piece_at(king, chess.Piece.from_symbol("k"))
        fork = rng.choice(list(chess.SquareSet(chess.BB_KNIGHT_ATTACKS[king])))
        reach = [s for s in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[fork]) if s != king]
        if _put(rng, board, rng.choice("rq"), reach) is None:
            return None
        if _put(rng, board, "N", reach) is None:
            return None
        far = [s for s in chess.SQUARES if chess.square_distance(s, king) > 1]
        if _put(rng, board, "K", far) is None:
            return None
        _extras(rng, board, 2 * (level - 1), "PBRpbn")
        if not _sound(board):
            return None
        wins = [
            move
            for move in board.legal_moves
            if board.piece_type_at(move.from_square) == chess.KNIGHT
            and board.gives_check(move)
            and forced_gain(board.fen(), move.uci()) >= FORK_GAIN
        ]
        if not wins or len(wins) == board.legal_moves.count():
            return None
        return _made(board, move=rng.choice(wins).uci())

    return _until(rng, make)


def mate_in_one(rng: random.Random, level: int) -> Made:
    """White to move and mate, the black king on its edge; from level 2 defenders and
    moves that only check."""

    def make(rng: random.Random) -> Made | None:
        board = _cornered(rng, level)
        if board is None or not _sound(board):
            return None
        mates = [m for m in board.legal_moves if _mates(board, m)]
        if not mates or len(mates) == board.legal_moves.count():
            return None
        return _made(board, move=rng.choice(mates).uci())

    return _until(rng, make)


def _cornered(rng: random.Random, level: int) -> chess.Board | None:
    """The black king on the back rank behind a few of its pawns; White's pieces near."""
    board = _empty()
    file = rng.randrange(8)
    king = chess.square(file, 7)
    board.set_piece_at(king, chess.Piece.from_symbol("k"))
    for f in (file - 1, file, file + 1):
        if 0 <= f < 8 and rng.random() < 0.75:
            board.set_piece_at(
                chess.square(f, 6 - (rng.random() < 0.2)), chess.Piece(chess.PAWN, 0)
            )
    white_king = _put(rng, board, "K", [s for s in chess.SQUARES if chess.square_rank(s) < 6])
    if white_king is None:
        return None
    for symbol in rng.choice(["Q", "R", "RR", "QR", "QN", "RB"][: 2 + level * 2]):
        _put(rng, board, symbol)
    if level > 1:
        _extras(rng, board, level - 1, "rnbp")
    return board


def _mates(board: chess.Board, move: chess.Move) -> bool:
    return _after(board, move, chess.Board.is_checkmate)


def _stalemates(board: chess.Board, move: chess.Move) -> bool:
    return _after(board, move, chess.Board.is_stalemate)


def _after(board: chess.Board, move: chess.Move, question: Callable[[chess.Board], bool]) -> bool:
    board.push(move)
    try:
        return question(board)
    finally:
        board.pop()


ENDINGS = ("checkmate", "stalemate", "ongoing")


def standing(rng: random.Random, level: int, wanted: str) -> Made:
    """Black to move in a position that is ``wanted``: checkmate, stalemate or ongoing (which
    at level 2 and above is often a check that can be answered). Made by playing a White
    move in a mate-or-stalemate-in-one position, as a game would reach it."""

    def make(rng: random.Random) -> Made | None:
        board = _cornered(rng, level) if rng.random() < 0.6 else _boxed(rng)
        if board is None or not _sound(board):
            return None
        moves = list(board.legal_moves)
        rng.shuffle(moves)
        for move in moves:
            board.push(move)
            ending = _ending(board)
            if ending == wanted and (wanted != "ongoing" or level == 1 or board.is_check()):
                return _made(board)
            board.pop()
        return None

    make.__name__ = f"standing_{wanted}"
    return _until(rng, make)


def _boxed(rng: random.Random) -> chess.Board | None:
    """The black king in a corner, the white queen or rook close by, the white king near."""
    board = _empty()
    corner = rng.choice([chess.A8, chess.H8, chess.A1, chess.H1])
    board.set_piece_at(corner, chess.Piece.from_symbol("k"))
    if _put(rng, board, rng.choice("QR"), [s for s in _near(corner, 3) if s != corner]) is None:
        return None
    far = [s for s in _near(corner, 4) if chess.square_distance(s, corner) > 1]
    if _put(rng, board, "K", far) is None:
        return None
    if rng.random() < 0.4:
        _put(rng, board, "p")
    return board


def _ending(board: chess.Board) -> str:
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    return "ongoing"


def stalemate_trap(rng: random.Random, level: int) -> Made:
    """White to move, winning, where some move stalemates Black (and some mates at level 3)."""

    def make(rng: random.Random) -> Made | None:
        board = _boxed(rng)
        if board is None:
            return None
        if level > 1:
            _put(rng, board, rng.choice("RBN"))
        if not _sound(board) or board.is_insufficient_material():
            return None
        moves = list(board.legal_moves)
        if not any(_stalemates(board, m) for m in moves):
            return None
        if level == 3 and not any(_mates(board, m) for m in moves):
            return None
        return _made(board, holds=level == 3)

    return _until(rng, make)


# --- castling ------------------------------------------------------------------------------

CASTLING_PATH = {
    "short": (chess.F1, chess.G1),
    "long": (chess.D1, chess.C1, chess.B1),
}


def castling(
    rng: random.Random, level: int, *, allowed: bool | None = None, colour: str = "white"
) -> Made:
    """White's king on e1 with a rook in the corner of ``side``; black pieces that may aim
    at the king's path, white pieces that may stand between, and from level 3 a history
    in which the king or the rook went out and came back. ``allowed``: insist that
    castling is (True) or is not (False) legal now. ``colour="black"``: the same position
    with the colours swapped and the board turned, Black's king on e8 and Black to move."""
    side = rng.choice(["short", "long"])

    rooks = {"short": chess.H1, "long": chess.A1}

    def make(rng: random.Random) -> Made | None:
        board = _back_rank(rng, level, side)
        if board is None:
            return None
        moves: tuple[str, ...] = ()
        if level == 3 and rng.random() < 0.4:
            moves = _out_and_back(rng, board, rng.choice([chess.E1, rooks[side]]))
            if moves is None:
                return None
        fen = board.fen()
        after = chess.Board(fen)
        for move in moves:
            after.push_uci(move)
        legal = after.is_legal(chess.Move.from_uci(_castle_uci(side)))
        if allowed is not None and legal != allowed:
            return None
        if colour == "black":
            fen, moves = chess.Board(fen).mirror().fen(), tuple(_mirrored(m) for m in moves)
        return Made(fen, moves, side=side, holds=legal)

    return _until(rng, make)


def _mirrored(uci: str) -> str:
    """The move seen with the board turned (e1g1 → e8g8): ``chess.Board.mirror`` for a move."""
    move = chess.Move.from_uci(uci)
    return chess.Move(
        chess.square_mirror(move.from_square), chess.square_mirror(move.to_square)
    ).uci()


def _back_rank(rng: random.Random, level: int, side: str) -> chess.Board | None:
    """White's king on e1, the rook of ``side`` (and maybe the other), pawns in front, the
    black king far off and a few black pieces; None when that is not a legal position."""
    board = _empty()
    board.set_piece_at(chess.E1, chess.Piece.from_symbol("K"))
    for name, square in (("short", chess.H1), ("long", chess.A1)):
        if name == side or rng.random() < 0.5:
            board.set_piece_at(square, chess.Piece.from_symbol("R"))
    for file in range(8):
        if rng.random() < (0.6 if level == 1 else 0.35):
            board.set_piece_at(chess.square(file, 1), chess.Piece.from_symbol("P"))
    if _put(rng, board, "k", [s for s in chess.SQUARES if chess.square_rank(s) >= 5]) is None:
        return None
    if rng.random() < 0.4:
        _put(rng, board, rng.choice("NB"), list(CASTLING_PATH[side]))
    _extras(rng, board, level, "rbqn")
    board.set_castling_fen(_rights(board))
    return board if _sound(board, mover_in_check=None) else None


def _castle_uci(side: str) -> str:
    return "e1g1" if side == "short" else "e1c1"


def _rights(board: chess.Board) -> str:
    rights = ""
    if board.piece_at(chess.H1) == chess.Piece.from_symbol("R"):
        rights += "K"
    if board.piece_at(chess.A1) == chess.Piece.from_symbol("R"):
        rights += "Q"
    return rights or "-"


def _out_and_back(
    rng: random.Random, board: chess.Board, origin: chess.Square
) -> tuple[str, ...] | None:
    """Four plies in which the piece on ``origin`` steps out and back and the black king
    steps aside and back; None when they cannot be played."""
    trial = board.copy()
    outs = [
        m
        for m in trial.legal_moves
        if m.from_square == origin and not trial.is_castling(m) and not trial.is_capture(m)
    ]
    if not outs:
        return None
    out = rng.choice(outs)
    back = chess.Move(out.to_square, out.from_square)
    played = []
    for move in (out, None, back, None):
        if move is None:
            king = trial.king(chess.BLACK)
            steps = [m for m in trial.legal_moves if m.from_square == king]
            if not steps:
                return None
            move = (
                steps[0]
                if len(played) == 1
                else chess.Move(
                    chess.parse_square(played[1][2:4]), chess.parse_square(played[1][:2])
                )
            )
        if not trial.is_legal(move):
            return None
        trial.push(move)
        played.append(move.uci())
    return tuple(played)


# --- en passant -----------------------------------------------------------------------------


def en_passant(rng: random.Random, level: int, *, late: bool | None = None) -> Made:
    """A black pawn has just advanced two squares beside a white pawn (``moves`` holds the
    advance); ``move`` is the en passant capture. At level 2 more white pawns stand on
    the fifth rank; at level 3 (or ``late=True``) a pair of king moves came after the
    advance, so the chance has passed."""
    too_late = late if late is not None else level == 3 and rng.random() < 0.5

    def make(rng: random.Random) -> Made | None:
        board = _empty(chess.BLACK)
        file = rng.randrange(8)
        beside = [f for f in (file - 1, file + 1) if 0 <= f < 8]
        capturer = chess.square(rng.choice(beside), 4)
        board.set_piece_at(capturer, chess.Piece.from_symbol("P"))
        board.set_piece_at(chess.square(file, 6), chess.Piece.from_symbol("p"))
        for _ in range(level - 1):
            _put(rng, board, "P", list(chess.SquareSet(chess.BB_RANK_5)))
        if not _kings(rng, board, white=list(chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_2))):
            return None
        _extras(rng, board, level - 1, "pn")
        advance = chess.Move(chess.square(file, 6), chess.square(file, 4))
        if not _sound(board) or not board.is_legal(advance):
            return None
        board_after = board.copy()
        board_after.push(advance)
        moves = [advance.uci()]
        if too_late:
            for colour in (chess.WHITE, chess.BLACK):
                king = board_after.king(colour)
                steps = [m for m in board_after.legal_moves if m.from_square == king]
                if not steps:
                    return None
                step = rng.choice(steps)
                board_after.push(step)
                moves.append(step.uci())
        capture_move = chess.Move(capturer, chess.square(file, 5))
        if board_after.is_check() or board_after.is_legal(capture_move) == too_late:
            return None
        return Made(
            board.fen(),
            tuple(moves),
            square=chess.square_name(capturer),
            move=capture_move.uci(),
            holds=not too_late,
        )

    return _until(rng, make)


# --- promotion -------------------------------------------------------------------------------


def promotion(rng: random.Random, level: int) -> Made:
    """A white pawn on the seventh rank that can promote; from level 2 a promotion to a
    queen would stalemate Black (``holds``: so ``piece`` is not the queen). The answer never
    draws at once: at level 1 no promotion to a queen stalemates or leaves a dead position
    (5.2.2), from level 2 some promotion does neither."""
    trap = level > 1

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        pawn = rng.choice(list(chess.SquareSet(chess.BB_RANK_7)))
        board.set_piece_at(pawn, chess.Piece.from_symbol("P"))
        placed = _kings_for_the_trap(rng, board, pawn + 8) if trap else _kings(rng, board)
        if not placed:
            return None
        if level == 2 and rng.random() < 0.7:
            _blocked_pawns(rng, board)
        if level == 3:
            _extras(rng, board, 1, "PNp")
        if not _sound(board) or board.is_insufficient_material():
            return None
        if not _promotion_wanted(board, trap):
            return None
        return _made(board, square=chess.square_name(pawn), holds=trap)

    return _until(rng, make)


def _kings_for_the_trap(rng: random.Random, board: chess.Board, queen: chess.Square) -> bool:
    """The black king on the edge near the new queen's square, the white king close by: the
    queen may take the black king's last squares."""
    edge = [s for s in _near(queen, 3) if s not in _INNER_SQUARES and s != queen]
    black = rng.choice(edge)
    white = rng.choice([s for s in chess.SQUARES if 2 <= chess.square_distance(s, black) <= 3])
    if board.piece_at(black) or board.piece_at(white):
        return False
    board.set_piece_at(black, chess.Piece.from_symbol("k"))
    board.set_piece_at(white, chess.Piece.from_symbol("K"))
    return True


def _promotion_wanted(board: chess.Board, trap: bool) -> bool:
    """Without the trap no promotion to a queen draws at once; with it one does stalemate,
    and some other promotion draws not."""
    promotions = [m for m in board.legal_moves if m.promotion]
    queens = [m for m in promotions if m.promotion == chess.QUEEN]
    if not queens:
        return False
    if not trap:
        return not any(draws_at_once(board, m) for m in queens)
    stalemate = any(_stalemates(board, m) for m in queens)
    return stalemate and not all(draws_at_once(board, m) for m in promotions)


_MIDDLE_RANKS = chess.SquareSet(
    chess.BB_RANK_2 | chess.BB_RANK_3 | chess.BB_RANK_4 | chess.BB_RANK_5 | chess.BB_RANK_6
)


def _blocked_pawns(rng: random.Random, board: chess.Board) -> None:
    """A white pawn and a black pawn face to face on one file: neither can move forward."""
    white = rng.choice(list(_MIDDLE_RANKS))
    if board.piece_at(white) is None and board.piece_at(white + 8) is None:
        board.set_piece_at(white, chess.Piece.from_symbol("P"))
        board.set_piece_at(white + 8, chess.Piece.from_symbol("p"))


_INNER_SQUARES = chess.SquareSet(
    chess.BB_ALL & ~chess.BB_RANK_1 & ~chess.BB_RANK_8 & ~chess.BB_FILE_A & ~chess.BB_FILE_H
)


def draws_at_once(board: chess.Board, move: chess.Move) -> bool:
    """After ``move`` the game is drawn there and then: stalemate, or a dead position
    (no sequence of legal moves can end in checkmate, 5.2.2: king and knight or bishop)."""
    return _after(board, move, lambda b: b.is_stalemate() or b.is_insufficient_material())


# --- draws -----------------------------------------------------------------------------------

DRAWS = ("insufficient_material", "fifty_moves", "threefold_repetition", "ongoing")


def draw(rng: random.Random, level: int, wanted: str) -> Made:
    """A position that stands ``wanted``: a dead position (kings and at most a bishop or a
    knight), fifty moves without a capture or a pawn move, a threefold repetition in the
    history, or a game that goes on."""

    def make(rng: random.Random) -> Made | None:
        board = _empty(rng.choice([chess.WHITE, chess.BLACK]))
        if not _kings(rng, board):
            return None
        if wanted == "insufficient_material":
            _extras(rng, board, rng.randint(0, 1), "BNbn")
        else:
            _extras(rng, board, 1, "QRP")
            _extras(rng, board, level - 1, "rbnpRBN")
        if wanted == "fifty_moves":
            board.halfmove_clock = rng.randint(100, 140)
            board.fullmove_number = rng.randint(60, 90)
        elif wanted == "ongoing":
            board.halfmove_clock = rng.randint(0, 99 if level > 1 else 20)
            board.fullmove_number = max(1, board.halfmove_clock // 2 + rng.randint(1, 30))
        if not _sound(board) or board.is_stalemate() or board.is_checkmate():
            return None
        moves: tuple[str, ...] = ()
        if wanted == "threefold_repetition":
            moves = _repeat(rng, board)
            if moves is None:
                return None
        return Made(board.fen(), moves) if _draw_state(board, moves) == wanted else None

    make.__name__ = f"draw_{wanted}"
    return _until(rng, make)


def _repeat(rng: random.Random, board: chess.Board) -> tuple[str, ...] | None:
    """Eight plies: a piece of each side goes and comes back, twice."""
    trial = board.copy()
    pair = []
    for _ in range(2):
        quiet = [
            m
            for m in trial.legal_moves
            if not trial.is_capture(m)
            and not m.promotion
            and trial.piece_type_at(m.from_square) != chess.PAWN
        ]
        if not quiet:
            return None
        move = rng.choice(quiet)
        pair.append(move)
        trial.push(move)
    there_and_back = [pair[0], pair[1], _back(pair[0]), _back(pair[1])]
    played = []
    trial = board.copy()
    for move in there_and_back * 2:
        if not trial.is_legal(move):
            return None
        trial.push(move)
        played.append(move.uci())
    return tuple(played)


def _back(move: chess.Move) -> chess.Move:
    return chess.Move(move.to_square, move.from_square)


def _draw_state(board: chess.Board, moves: tuple[str, ...]) -> str:
    trial = board.copy()
    for move in moves:
        trial.push_uci(move)
    if trial.is_game_over(claim_draw=False):
        return "insufficient_material" if trial.is_insufficient_material() else "over"
    threefold, fifty = trial.can_claim_threefold_repetition(), trial.can_claim_fifty_moves()
    if threefold and fifty:
        return "both"
    if threefold:
        return "threefold_repetition"
    return "fifty_moves" if fifty else "ongoing"


# --- notation and touch-move -----------------------------------------------------------------

MOVE_SORTS = ("quiet", "capture", "check")


def move_to_write(rng: random.Random, level: int) -> Made:
    """A position and one of its legal moves (``move``) to write down: a quiet piece or pawn
    move at level 1, a capture at level 2, a check (or a capture) at level 3."""
    sort = MOVE_SORTS[min(level, 3) - 1]

    def make(rng: random.Random) -> Made | None:
        board = _empty(rng.choice([chess.WHITE, chess.BLACK]))
        if not _kings(rng, board):
            return None
        _extras(rng, board, 2 + level, "QRBNP")
        _extras(rng, board, 2 + level, "qrbnp")
        if not _sound(board):
            return None
        fitting = [m for m in board.legal_moves if _sort_of(board, m) == sort]
        fitting = [m for m in fitting if not m.promotion]
        if not fitting:
            return None
        return _made(board, move=rng.choice(fitting).uci())

    return _until(rng, make)


def _sort_of(board: chess.Board, move: chess.Move) -> str:
    if board.gives_check(move):
        return "check"
    return "capture" if board.is_capture(move) else "quiet"


def touched(rng: random.Random, level: int) -> Made:
    """A piece of the side to move that the player has touched (``square``); ``holds``:
    whether it can legally move (then it must be moved). From level 2 it is often boxed
    in or pinned, so it cannot."""
    stuck = rng.random() < (0.2 if level == 1 else 0.5)

    def make(rng: random.Random) -> Made | None:
        board = _empty()
        if not _kings(rng, board):
            return None
        _extras(rng, board, 2 + level, "PNBRQ")
        _extras(rng, board, 1 + level, "pnbrq")
        if not _sound(board):
            return None
        own = [s for s in chess.SquareSet(board.occupied_co[chess.WHITE])]
        rng.shuffle(own)
        for square in own:
            can_move = any(board.generate_legal_moves(chess.BB_SQUARES[square]))
            if can_move != stuck and board.piece_type_at(square) != chess.KING:
                return _made(board, square=chess.square_name(square), holds=can_move)
        return None

    return _until(rng, make)


def san_misspellings(san: str) -> list[str]:
    """Ways a beginner writes the move ``san`` wrongly: another piece's letter (or a letter
    for a pawn), the capture mark without the piece or the file that captures (or added to a
    move that captures nothing), a check mark where there is no check (# for a check).
    Never a form the Laws allow: leaving out x, + or # is not wrong (C.13).

    >>> san_misspellings("Nxe5")
    ['Bxe5', 'xe5', 'Nxe5+']
    >>> san_misspellings("e4")
    ['Pe4', 'xe4', 'e4+']
    >>> san_misspellings("Rd8+")
    ['Qd8+', 'Rxd8+', 'Rd8#']
    """
    body, mark = san.rstrip("+#"), san[len(san.rstrip("+#")) :]
    piece = body[0] if body[0] in "KQRBN" else ""
    letter = {"K": "Q", "Q": "K", "R": "Q", "B": "N", "N": "B"}.get(piece, "")
    wrong = [letter + body[1:] + mark if piece else "P" + body + mark]
    if "x" in body:
        wrong.append(body[body.index("x") :] + mark)
    else:
        wrong.append(body[:-2] + "x" + body[-2:] + mark)
    wrong.append(body + {"": "+", "+": "#", "#": "+"}[mark])
    return [w for w in dict.fromkeys(wrong) if w != san]
