"""Setting up a position by hand: reading a FEN being written, putting pieces on and off,
the side to move, the castling and en passant rights a placement allows, and what makes a
position impossible (two white kings, a pawn on the first rank, the side not to move in
check), as codes with the squares they are about.

Unlike the rest of the engine, these functions take positions that are not legal (yet):
a position being set up passes through many (the board is empty before the kings go on).
Only ``setup_flaws`` judges; every other function here writes FEN.

>>> fen = put(EMPTY_FEN, "e1", "K")
>>> [flaw.code.value for flaw in setup_flaws(fen)]
['no_black_king']
>>> fen = put(put(fen, "e8", "k"), "h1", "R")
>>> castling_offered(fen)
('K',)
>>> setup_flaws(with_castling(fen, "K", True))
()
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import chess

from rules.errors import InvalidFen
from rules.position import parse_square

EMPTY_FEN = "8/8/8/8/8/8/8/8 w - - 0 1"
START_FEN = chess.STARTING_FEN
PIECES = "KQRBNPkqrbnp"
CASTLING_RIGHTS = "KQkq"  # White short, White long, Black short, Black long
# The squares each right needs: the king's, then the rook's (standard chess, not Chess960).
CASTLING_SQUARES = {"K": ("e1", "h1"), "Q": ("e1", "a1"), "k": ("e8", "h8"), "q": ("e8", "a8")}
MAX_FEN_LENGTH = 100  # the longest real FEN is about 90 characters


class Flaw(Enum):
    """Why a position set up by hand could not happen in a game."""

    NO_WHITE_KING = "no_white_king"
    NO_BLACK_KING = "no_black_king"
    TOO_MANY_WHITE_KINGS = "too_many_white_kings"  # squares: every white king
    TOO_MANY_BLACK_KINGS = "too_many_black_kings"
    PAWN_ON_END_RANK = "pawn_on_end_rank"  # squares: each pawn on rank 1 or 8
    TOO_MANY_WHITE_PAWNS = "too_many_white_pawns"  # count: how many
    TOO_MANY_BLACK_PAWNS = "too_many_black_pawns"
    TOO_MANY_WHITE_PIECES = "too_many_white_pieces"  # count: how many
    TOO_MANY_BLACK_PIECES = "too_many_black_pieces"
    KINGS_TOUCH = "kings_touch"  # squares: both kings
    NOT_TO_MOVE_IN_CHECK = "not_to_move_in_check"  # squares: that king, then its checkers
    TOO_MANY_CHECKERS = "too_many_checkers"  # squares: the king in check, then its checkers
    IMPOSSIBLE_CHECK = "impossible_check"  # squares: the king in check, then its checkers
    BAD_CASTLING_RIGHTS = "bad_castling_rights"  # squares: the king's and rook's of each
    BAD_EN_PASSANT = "bad_en_passant"  # squares: the en passant square


@dataclass(frozen=True)
class SetupFlaw:
    """One flaw with the squares it is about (the order each ``Flaw`` member says)."""

    code: Flaw
    squares: tuple[str, ...] = ()
    count: int | None = None


def read_fen(text: object) -> str:
    """A FEN as a teacher pastes it, written in full: the placement alone (``8/8/…``) gets
    White to move, no rights, counts 0 and 1. The position may be impossible; only a text
    that is not a FEN raises InvalidFen.

    >>> read_fen("4k3/8/8/8/8/8/8/4K3")
    '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    """
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_FEN_LENGTH:
        raise InvalidFen(f"{text!r} is not a FEN")
    fields = text.split()
    defaults = ["w", "-", "-", "0", "1"]
    fields += defaults[len(fields) - 1 :]
    try:
        board = chess.Board(" ".join(fields[:6]))
    except ValueError as error:
        raise InvalidFen(f"{text!r} is not a FEN: {error}") from None
    return _write(board, fields[2], fields[3])


def _board(fen: str) -> tuple[chess.Board, str, str]:
    """The board of a FEN written by ``read_fen``, with its castling and en passant fields
    as written (python-chess would drop the rights the placement does not allow)."""
    text = read_fen(fen)
    fields = text.split()
    return chess.Board(text), fields[2], fields[3]


def _write(board: chess.Board, castling: str, en_passant: str) -> str:
    kept = "".join(right for right in CASTLING_RIGHTS if right in castling) or "-"
    turn = "w" if board.turn == chess.WHITE else "b"
    return (
        f"{board.board_fen()} {turn} {kept} {en_passant or '-'} "
        f"{board.halfmove_clock} {board.fullmove_number}"
    )


def pieces_of(fen: str) -> dict[str, str]:
    """Every piece by square name, in any position that can be written as a FEN."""
    board, _, _ = _board(fen)
    return {chess.square_name(s): piece.symbol() for s, piece in board.piece_map().items()}


def put(fen: str, square: str, piece: str | None) -> str:
    """The FEN with ``piece`` ("Q", "p"; None: nothing) on ``square``. Castling and en
    passant rights the new placement no longer allows are dropped.

    >>> put(START_FEN, "h1", None)
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1'
    """
    if piece is not None and (len(piece) != 1 or piece not in PIECES):
        raise InvalidFen(f"{piece!r} is not a piece: one of {PIECES}")
    board, castling, en_passant = _board(fen)
    target = parse_square(square)
    if piece is None:
        board.remove_piece_at(target)
    else:
        board.set_piece_at(target, chess.Piece.from_symbol(piece))
    return _kept_rights(board, castling, en_passant)


def _kept_rights(board: chess.Board, castling: str, en_passant: str) -> str:
    offered = _castling_offered(board)
    castling = "".join(right for right in castling if right in offered)
    if en_passant != "-" and en_passant not in _en_passant_offered(board):
        en_passant = "-"
    return _write(board, castling, en_passant)


def with_turn(fen: str, side: str) -> str:
    """The FEN with ``side`` ("white" or "black") to move; an en passant right goes (it
    belonged to the other side's move)."""
    if side not in ("white", "black"):
        raise InvalidFen(f"{side!r} is not a side: white or black")
    board, castling, en_passant = _board(fen)
    turn = chess.WHITE if side == "white" else chess.BLACK
    if board.turn != turn:
        board.turn, en_passant = turn, "-"
    return _kept_rights(board, castling, en_passant)


def _castling_offered(board: chess.Board) -> tuple[str, ...]:
    offered = []
    for right, (king, rook) in CASTLING_SQUARES.items():
        colour = "K" if right.isupper() else "k"
        rook_piece = "R" if right.isupper() else "r"
        on_king = board.piece_at(parse_square(king))
        on_rook = board.piece_at(parse_square(rook))
        if on_king and on_king.symbol() == colour and on_rook and on_rook.symbol() == rook_piece:
            offered.append(right)
    return tuple(offered)


def castling_offered(fen: str) -> tuple[str, ...]:
    """The castling rights the placement allows: the king and that rook on their starting
    squares ("K" White short, "Q" White long, "k", "q" Black's)."""
    return _castling_offered(_board(fen)[0])


def castling_kept(fen: str) -> tuple[str, ...]:
    """The castling rights the FEN gives (of those its placement allows)."""
    board, castling, _ = _board(fen)
    offered = _castling_offered(board)
    return tuple(right for right in CASTLING_RIGHTS if right in castling and right in offered)


def with_castling(fen: str, right: str, kept: bool) -> str:
    """The FEN with the castling ``right`` ("K", "Q", "k" or "q") kept or lost; a right the
    placement does not allow is refused with InvalidFen."""
    board, castling, en_passant = _board(fen)
    if right not in _castling_offered(board):
        raise InvalidFen(f"castling right {right!r}: the king or the rook is not on its square")
    castling = castling.replace(right, "").replace("-", "") + (right if kept else "")
    return _kept_rights(board, castling, en_passant)


def _en_passant_offered(board: chess.Board) -> tuple[str, ...]:
    """The en passant squares that can be given: an enemy pawn that may just have advanced
    two squares (the squares it crossed empty), with a pawn of the side to move beside it."""
    offered = []
    rank = 5 if board.turn == chess.WHITE else 2  # 0-based rank of the square passed over
    for file in range(8):
        square = chess.square(file, rank)
        trial = board.copy(stack=False)
        trial.ep_square = square
        if trial.status() & chess.STATUS_INVALID_EP_SQUARE:
            continue
        if trial.has_pseudo_legal_en_passant():
            offered.append(chess.square_name(square))
    return tuple(offered)


def en_passant_offered(fen: str) -> tuple[str, ...]:
    """The en passant squares the position allows (see ``with_en_passant``)."""
    return _en_passant_offered(_board(fen)[0])


def en_passant_kept(fen: str) -> str | None:
    """The en passant square the FEN gives, when its position allows it; else None."""
    board, _, en_passant = _board(fen)
    return en_passant if en_passant in _en_passant_offered(board) else None


def with_en_passant(fen: str, square: str | None) -> str:
    """The FEN with the en passant right on ``square`` (the square the enemy pawn has just
    passed over, as FEN writes it), or none. A square the position does not allow is
    refused with InvalidFen.

    >>> with_en_passant("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "d6")
    '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'
    """
    board, castling, _ = _board(fen)
    if square is not None and square not in _en_passant_offered(board):
        raise InvalidFen(f"en passant square {square!r} does not follow a two-square advance")
    return _write(board, castling, square or "-")


MAX_QUIET_MOVES = 75  # at 75 moves each without a capture or pawn move the game is over


def quiet_moves(fen: str) -> int:
    """Moves by each side since the last capture or pawn move: the FEN's halfmove clock,
    halved (the fifty-move rule counts each side's moves)."""
    return _board(fen)[0].halfmove_clock // 2


def with_quiet_moves(fen: str, count: int) -> str:
    """The FEN with ``count`` moves by each side (0 to 75) since the last capture or pawn
    move; an en passant right says a pawn has just moved, so the count is 0 there.

    >>> with_quiet_moves("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 49)
    '4k3/8/8/8/8/8/8/4K2R w K - 98 1'
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_QUIET_MOVES:
        raise InvalidFen(f"{count!r} moves: write a number from 0 to {MAX_QUIET_MOVES}")
    board, castling, en_passant = _board(fen)
    if en_passant != "-" and count:
        raise InvalidFen("a pawn has just moved two squares: the count is 0")
    board.halfmove_clock = 2 * count
    return _write(board, castling, en_passant)


def setup_flaws(fen: str) -> tuple[SetupFlaw, ...]:
    """Everything that makes the position impossible, most basic first; () when it could
    happen in a game (python-chess's ``status``, split by colour and with squares)."""
    board, castling, en_passant = _board(fen)
    flaws = [*_king_flaws(board), *_count_flaws(board)]
    ends = board.pawns & (chess.BB_RANK_1 | chess.BB_RANK_8)
    if ends:
        flaws.append(SetupFlaw(Flaw.PAWN_ON_END_RANK, _names(ends)))
    if not any(flaw.code in KING_FLAWS for flaw in flaws):
        flaws.extend(_check_flaws(board))
    lost = [right for right in castling if right in CASTLING_RIGHTS]
    lost = [right for right in lost if right not in _castling_offered(board)]
    if lost:
        squares = tuple(s for right in lost for s in CASTLING_SQUARES[right])
        flaws.append(SetupFlaw(Flaw.BAD_CASTLING_RIGHTS, squares))
    if en_passant != "-" and en_passant not in _en_passant_offered(board):
        flaws.append(SetupFlaw(Flaw.BAD_EN_PASSANT, (en_passant,)))
    return tuple(flaws)


KING_FLAWS = frozenset(
    {Flaw.NO_WHITE_KING, Flaw.NO_BLACK_KING, Flaw.TOO_MANY_WHITE_KINGS, Flaw.TOO_MANY_BLACK_KINGS}
)


def _names(mask: int) -> tuple[str, ...]:
    return tuple(chess.square_name(s) for s in chess.SquareSet(mask))


def _king_flaws(board: chess.Board) -> list[SetupFlaw]:
    flaws = []
    for colour, none, many in (
        (chess.WHITE, Flaw.NO_WHITE_KING, Flaw.TOO_MANY_WHITE_KINGS),
        (chess.BLACK, Flaw.NO_BLACK_KING, Flaw.TOO_MANY_BLACK_KINGS),
    ):
        kings = board.kings & board.occupied_co[colour]
        if not kings:
            flaws.append(SetupFlaw(none))
        elif chess.popcount(kings) > 1:
            flaws.append(SetupFlaw(many, _names(kings), chess.popcount(kings)))
    return flaws


def _count_flaws(board: chess.Board) -> list[SetupFlaw]:
    flaws = []
    for colour, pawns_flaw, pieces_flaw in (
        (chess.WHITE, Flaw.TOO_MANY_WHITE_PAWNS, Flaw.TOO_MANY_WHITE_PIECES),
        (chess.BLACK, Flaw.TOO_MANY_BLACK_PAWNS, Flaw.TOO_MANY_BLACK_PIECES),
    ):
        pawns = chess.popcount(board.pawns & board.occupied_co[colour])
        if pawns > 8:
            flaws.append(SetupFlaw(pawns_flaw, count=pawns))
        pieces = chess.popcount(board.occupied_co[colour])
        if pieces > 16:
            flaws.append(SetupFlaw(pieces_flaw, count=pieces))
    return flaws


def _check_flaws(board: chess.Board) -> list[SetupFlaw]:
    """With one king of each colour: kings side by side, the side not to move in check, a
    check no move could have given."""
    white, black = board.king(chess.WHITE), board.king(chess.BLACK)
    if chess.square_distance(white, black) <= 1:
        return [SetupFlaw(Flaw.KINGS_TOUCH, (chess.square_name(white), chess.square_name(black)))]
    waiting = board.king(not board.turn)
    attackers = board.attackers(board.turn, waiting)
    if attackers:
        squares = (chess.square_name(waiting), *_names(int(attackers)))
        return [SetupFlaw(Flaw.NOT_TO_MOVE_IN_CHECK, squares)]
    status = board.status()
    king = board.king(board.turn)
    checkers = (chess.square_name(king), *_names(int(board.checkers())))
    if status & chess.STATUS_TOO_MANY_CHECKERS:
        return [SetupFlaw(Flaw.TOO_MANY_CHECKERS, checkers)]
    if status & chess.STATUS_IMPOSSIBLE_CHECK:
        return [SetupFlaw(Flaw.IMPOSSIBLE_CHECK, checkers)]
    return []


def same_position(fen: str, other: str) -> bool:
    """Whether two legal positions are the same for repetition (FIDE 9.2.3): the same side
    to move, the same pieces on the same squares and the same possible moves, so the same
    castling rights and the same en passant capture possible.

    >>> same_position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1")
    False
    """
    return _transposition(fen) == _transposition(other)


def _transposition(fen: str) -> tuple:
    board = chess.Board(fen)
    if board.status() != chess.STATUS_VALID:
        raise InvalidFen(f"{fen!r} is not a legal position")
    en_passant = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, board.clean_castling_rights(), en_passant)


class Mistake(Enum):
    """Why a piece put on the board in setting up the starting position is not where it
    starts (FIDE 2.3), by the rule a child learns for that piece."""

    ROOK_IN_CORNER = "rook_in_corner"  # the rooks stand in the corners
    KNIGHT_BESIDE_ROOK = "knight_beside_rook"  # each knight beside a rook
    BISHOP_BESIDE_KNIGHT = "bishop_beside_knight"  # each bishop beside a knight
    QUEEN_OWN_COLOUR = "queen_own_colour"  # the queen on her own colour: d1 light, d8 dark
    KING_BESIDE_QUEEN = "king_beside_queen"  # the king on the other middle square, e1 / e8
    PAWN_ROW = "pawn_row"  # the pawns in one row: rank 2 for White, 7 for Black
    WRONG_SQUARE = "wrong_square"  # any other target: the piece belongs elsewhere


START_SQUARES = {
    symbol: tuple(
        chess.square_name(s)
        for s in chess.SquareSet(chess.Board().pieces_mask(piece.piece_type, piece.color))
    )
    for symbol in PIECES
    for piece in (chess.Piece.from_symbol(symbol),)
}
RULE_OF_PIECE = {
    "r": Mistake.ROOK_IN_CORNER,
    "n": Mistake.KNIGHT_BESIDE_ROOK,
    "b": Mistake.BISHOP_BESIDE_KNIGHT,
    "q": Mistake.QUEEN_OWN_COLOUR,
    "k": Mistake.KING_BESIDE_QUEEN,
    "p": Mistake.PAWN_ROW,
}


@dataclass(frozen=True)
class PlacementMistake:
    """A piece put on ``squares[0]``; the rest are the squares where it belongs."""

    code: Mistake
    piece: str
    squares: tuple[str, ...]


def placement_mistakes(target_fen: str, placed: dict[str, str]) -> tuple[PlacementMistake, ...]:
    """Each piece of ``placed`` (square → piece, the pieces a learner put on) that does not
    stand where ``target_fen`` has it, with the rule it breaks: a piece whose every square in
    the target is its starting square breaks that piece's set-up rule, any other piece
    just stands elsewhere (WRONG_SQUARE). () when every piece stands where it belongs.

    >>> [(m.code.value, m.squares) for m in placement_mistakes(START_FEN, {"e1": "Q", "d1": "K"})]
    [('king_beside_queen', ('d1', 'e1')), ('queen_own_colour', ('e1', 'd1'))]
    """
    target = pieces_of(target_fen)
    mistakes = []
    for square, piece in sorted(placed.items(), key=lambda item: parse_square(item[0])):
        if target.get(square) == piece:
            continue
        belongs = tuple(
            s
            for s, p in sorted(target.items(), key=lambda item: parse_square(item[0]))
            if p == piece and placed.get(s) != piece
        )
        homes = tuple(s for s, p in target.items() if p == piece)
        starting = bool(homes) and set(homes) <= set(START_SQUARES[piece])
        code = RULE_OF_PIECE[piece.lower()] if starting else Mistake.WRONG_SQUARE
        mistakes.append(PlacementMistake(code, piece, (square, *belongs)))
    return tuple(mistakes)
