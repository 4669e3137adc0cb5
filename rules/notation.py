"""``parse_move``: what a child types (UCI or SAN) turned into the UCI move the engine judges."""

import re
from collections.abc import Sequence

import chess

from rules.castling import HOME
from rules.errors import InvalidMove
from rules.position import board_from

_UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbnkp]?")
_CASTLING = re.compile(r"([o0])-?([o0])(-?[o0])?")
_SAN = re.compile(
    r"(?P<piece>[KQRBN])?(?P<file>[a-h])?(?P<rank>[1-8])?[x:]?(?P<target>[a-h][1-8])"
    r"(?:=?(?P<promotion>[QRBNqrbn]))?"
)
_ANNOTATIONS = "+#!? "


def parse_move(fen: str, text: str, moves: Sequence[str] = ()) -> str:
    """The UCI move meant by ``text``: UCI as is, or SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``).

    SAN naming an illegal move still gives the move the child most plausibly meant
    when exactly one piece of that kind could reach the square by its way of moving
    (ignoring blockers and checks), so the engine can explain why it is illegal.
    Raises InvalidMove when nothing, or more than one piece, fits.
    """
    board = board_from(fen, moves)
    written = text.strip().rstrip(_ANNOTATIONS).strip() if isinstance(text, str) else ""
    if not written:
        raise InvalidMove(f"{text!r} is not a move: write it like e2e4, Nf3 or O-O")
    if _UCI.fullmatch(written.lower()):
        return written.lower()
    if written[0] in "nrqk" and _SAN.fullmatch(written[0].upper() + written[1:]):
        written = written[0].upper() + written[1:]  # "nf3" typed without the capital: Nf3
    castling = _CASTLING.fullmatch(written.lower())
    if castling:
        return _castling_move(board, long=castling.group(3) is not None)
    try:
        return board.parse_san(written).uci()
    except chess.AmbiguousMoveError:
        raise InvalidMove(f"{text!r} is ambiguous: more than one piece can play it") from None
    except ValueError:
        pass
    return _plausible_move(board, text, written)


def _castling_move(board: chess.Board, *, long: bool) -> str:
    king = board.king(board.turn)
    assert king is not None
    if king != HOME[board.turn]:
        side = "white" if board.turn == chess.WHITE else "black"
        raise InvalidMove(f"cannot castle: the {side} king is not on its starting square")
    target = king - 2 if long else king + 2
    return chess.Move(king, target).uci()


def _plausible_move(board: chess.Board, text: str, written: str) -> str:
    san = _SAN.fullmatch(written)
    if san is None:
        raise InvalidMove(f"{text!r} is not a move: write it like e2e4, Nf3 or O-O")
    piece_type = chess.PIECE_SYMBOLS.index(san["piece"].lower()) if san["piece"] else chess.PAWN
    target = chess.parse_square(san["target"])
    capture = "x" in written or ":" in written
    candidates = [
        square
        for square in board.pieces(piece_type, board.turn)
        if (san["file"] is None or chess.square_file(square) == "abcdefgh".index(san["file"]))
        and (san["rank"] is None or chess.square_rank(square) == int(san["rank"]) - 1)
        and _could_reach(board, square, target, piece_type, capture or san["file"] is not None)
    ]
    name = chess.piece_name(piece_type)
    if not candidates:
        raise InvalidMove(f"{text!r}: no {name} of the side to move can reach {san['target']}")
    if len(candidates) > 1:
        squares = ", ".join(chess.square_name(square) for square in candidates)
        raise InvalidMove(f"{text!r} is ambiguous: the {name}s on {squares} could all go there")
    move = chess.Move(candidates[0], target)
    if san["promotion"]:
        move.promotion = chess.PIECE_SYMBOLS.index(san["promotion"].lower())
    return move.uci()


def _could_reach(
    board: chess.Board,
    origin: chess.Square,
    target: chess.Square,
    piece_type: chess.PieceType,
    pawn_capture: bool,
) -> bool:
    """Whether a piece of ``piece_type`` on ``origin`` moves to ``target`` on an empty board."""
    files = chess.square_file(target) - chess.square_file(origin)
    ranks = chess.square_rank(target) - chess.square_rank(origin)
    if origin == target:
        return False
    if piece_type == chess.PAWN:
        forward = ranks if board.turn == chess.WHITE else -ranks
        if pawn_capture:
            return abs(files) == 1 and forward == 1
        start = chess.square_rank(origin) == (1 if board.turn == chess.WHITE else 6)
        return files == 0 and (forward == 1 or (forward == 2 and start))
    if piece_type == chess.KNIGHT:
        return {abs(files), abs(ranks)} == {1, 2}
    if piece_type == chess.KING:
        return max(abs(files), abs(ranks)) == 1
    straight = files == 0 or ranks == 0
    diagonal = abs(files) == abs(ranks)
    return {chess.ROOK: straight, chess.BISHOP: diagonal, chess.QUEEN: straight or diagonal}[
        piece_type
    ]


def history_san(fen: str, moves: Sequence[str] | str = ()) -> list[str]:
    """The history ``moves`` (UCI) written in SAN, one entry per move, as a score sheet shows it.

    >>> history_san("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", ["e2e4", "e8d7"])
    ['e4', 'Kd7']

    Raises InvalidFen or IllegalHistory, like every function that takes a history.
    """
    return _sans(board_from(fen, moves))


def _sans(board: chess.Board) -> list[str]:
    replay = board.root()
    sans = []
    for move in board.move_stack:
        sans.append(replay.san(move))
        replay.push(move)
    return sans


def score_sheet(fen: str, moves: Sequence[str] | str = ()) -> list[tuple[int, str, str]]:
    """The history as score-sheet rows (move number, White's SAN, Black's SAN).

    Numbers start from the FEN's fullmove number; "…" holds White's place when Black began.

    >>> score_sheet("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", ["e8d7", "e2e4"])
    [(7, '…', 'Kd7'), (8, 'e4', '')]
    """
    board = board_from(fen, moves)
    start = board.root()
    sans = (["…"] if start.turn == chess.BLACK else []) + _sans(board)
    rows = []
    for index in range(0, len(sans), 2):
        black = sans[index + 1] if index + 1 < len(sans) else ""
        rows.append((start.fullmove_number + index // 2, sans[index], black))
    return rows
