"""``parse_move``: what a child types (UCI or SAN) turned into the UCI move the engine judges."""

import re
from collections.abc import Sequence

import chess

from rules.castling import HOME
from rules.codes import Fact
from rules.errors import InvalidMove
from rules.position import board_from
from rules.verdict import Refutation, refutation

_UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbnkp]?")
_CASTLING = re.compile(r"([o0])-?([o0])(-?[o0])?")
_SAN = re.compile(
    r"(?P<piece>[KQRBN])?(?P<file>[a-h])?(?P<rank>[1-8])?[x:]?(?P<target>[a-h][1-8])"
    r"(?:=?(?P<promotion>[QRBNKPqrbnkp]))?"
)
_ANNOTATIONS = "+#!? "
# FIDE notation may mark an en passant capture: "exd6 e.p." (also "exd6ep", "exd6 e.p").
_EN_PASSANT_MARK = re.compile(r"\s*e\.?p\.?$", re.IGNORECASE)


def parse_move(fen: str, text: str, moves: Sequence[str] = ()) -> str:
    """The UCI move meant by ``text``: UCI as is, or SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``).

    SAN naming an illegal move still gives the move the child most plausibly meant
    when exactly one piece of that kind could reach the square by its way of moving
    (ignoring blockers and checks), or when the side to move has only one piece of
    that kind (``Ng3`` for the only knight, ``Kb1``: the engine then says how the
    piece moves), so the engine can explain why it is illegal. A promotion to a king
    or a pawn (``a8=K``) is read too, for the engine to say what a pawn may become,
    and an en passant mark after a capture (``exd6 e.p.``) is allowed, as FIDE writes it.
    Raises InvalidMove when nothing, or more than one piece, fits.

    >>> parse_move("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Ng3")
    'g1g3'
    >>> parse_move("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.")
    'e5d6'
    """
    board = board_from(fen, moves)
    written = text.strip().rstrip(_ANNOTATIONS).strip() if isinstance(text, str) else ""
    written = _EN_PASSANT_MARK.sub("", written).rstrip(_ANNOTATIONS).strip()
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
    only = list(board.pieces(piece_type, board.turn))
    if not candidates and len(only) == 1 and piece_type != chess.PAWN and only[0] != target:
        candidates = only  # the one knight (or king …) moved the wrong way: say how it moves
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
    return score_rows(board.root(), _sans(board))


def score_rows(start: "str | chess.Board", sans: Sequence[str]) -> list[tuple[int, str, str]]:
    """``score_sheet`` from the moves already written in SAN, played from ``start`` (a FEN
    or a board): a game that keeps its SANs as it goes writes its sheet without a replay.

    >>> score_rows("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", ["Kd7", "e4"])
    [(7, '…', 'Kd7'), (8, 'e4', '')]
    """
    board = start if isinstance(start, chess.Board) else board_from(start)
    written = (["…"] if board.turn == chess.BLACK else []) + list(sans)
    rows = []
    for index in range(0, len(written), 2):
        black = written[index + 1] if index + 1 < len(written) else ""
        rows.append((board.fullmove_number + index // 2, written[index], black))
    return rows


def _marks(san: str) -> tuple[str, str]:
    """The move without its check/mate mark, and the mark ("+", "#" or "")."""
    base = san.rstrip("+#")
    return base, san[len(base) :]


def _castling_form(text: str) -> str | None:
    """ "short"/"long" when ``text`` is written as castling (with O or 0), else None."""
    match = _CASTLING.fullmatch(text.lower())
    if match is None:
        return None
    return "long" if match.group(3) else "short"


def san_mistake(board: chess.Board, move: chess.Move, written: str) -> Refutation | None:
    """What is wrong with ``written`` as the SAN of the legal ``move`` (None when it is right;
    castling is right written with the letter O or the digit 0).

    >>> board = chess.Board("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")
    >>> san_mistake(board, chess.Move.from_uci("g1f3"), "Kf3").fact
    <Fact.SAN_PIECE_LETTER: 'san_piece_letter'>
    >>> san_mistake(board, chess.Move.from_uci("g1f3"), "Nf3") is None
    True
    """
    truth = board.san(move)
    base, mark = _marks(truth)
    written = written.strip()
    if board.is_en_passant(move):
        written = _EN_PASSANT_MARK.sub("", written)  # e.p. may be appended (C.13)
    written_base, written_mark = _marks(written)
    if board.is_castling(move):
        fact = _castling_mistake(base, written_base)
        if fact is not None:
            return _said(board, fact, truth)
        base = written_base
    if _same_move_written(base, written_base, board.is_capture(move)):
        fact = _mark_mistake(mark, "#" if written_mark == "++" else written_mark)
        return None if fact is None else _said(board, fact, truth)
    fact, named = _written_mistake(board, move, written_base)
    return _said(board, fact, truth, *named)


def _said(board: chess.Board, fact: Fact, truth: str, *named: chess.Square) -> Refutation:
    # Only the pieces to choose between are named by square; the rest is about writing.
    return refutation(board, fact, *named, expected=truth)


def _castling_mistake(base: str, written_base: str) -> Fact | None:
    side = _castling_form(written_base)
    if side is None:
        return Fact.SAN_CASTLING_FORM
    if (side == "long") != (base == "O-O-O"):
        return Fact.SAN_CASTLING_SIDE
    return None


def _same_move_written(base: str, written_base: str, captures: bool) -> bool:
    """``written_base`` is ``base`` (the SAN without its mark) in a form the Laws allow:
    the x of a capture may be left out (C.13) and a promotion written e8Q or e8=Q (C.10)."""
    forms = {base, base.replace("=", "")}
    if captures:
        forms |= {form.replace("x", "") for form in forms}
    return written_base in forms


def customary_marks(board: chess.Board, move: chess.Move, written: str) -> tuple[str, ...]:
    """The marks ``written`` leaves out that are customary though not obligatory (C.13):
    "x" for a capture, "+" for a check, "#" for a checkmate.

    >>> board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    >>> customary_marks(board, chess.Move.from_uci("a1a8"), "Ra8")
    ('+',)
    """
    truth = board.san(move)
    base, mark = _marks(truth)
    written_base, written_mark = _marks(written.strip())
    left_out = []
    if "x" in base and "x" not in written_base:
        left_out.append("x")
    if mark and not written_mark:
        left_out.append(mark)
    return tuple(left_out)


def _mark_mistake(mark: str, written_mark: str) -> Fact | None:
    """The check or mate mark written wrongly, the rest of the move being right. A mark
    left out is no mistake: +, # and ++ are not obligatory (C.13)."""
    if mark == written_mark or not written_mark:
        return None
    if not mark:
        return Fact.SAN_NO_CHECK
    if mark == "+":
        return Fact.SAN_NOT_MATE if written_mark == "#" else Fact.SAN_CHECK_MARK
    return Fact.SAN_MATE_MARK


def _written_mistake(
    board: chess.Board, move: chess.Move, written_base: str
) -> tuple[Fact, tuple[chess.Square, ...]]:
    """What is wrong in the move itself: promotion, letter, square, capture mark, origin."""
    fields = _SAN.fullmatch(written_base.replace("=K", "=k").replace("=P", "=p"))
    for check in (_promotion_mistake, _letter_mistake, _capture_mistake):
        fact = check(board, move, written_base, fields)
        if fact is not None:
            return fact, ()
    piece = board.piece_type_at(move.from_square)
    rivals = sorted(
        other.from_square
        for other in board.legal_moves
        if other.to_square == move.to_square
        and board.piece_type_at(other.from_square) == piece
        and other.promotion == move.promotion
    )
    if piece != chess.PAWN and len(rivals) > 1 and not (fields["file"] or fields["rank"]):
        return Fact.SAN_AMBIGUOUS, tuple(rivals)
    return Fact.SAN_WRONG_ORIGIN, (move.from_square,)


def _promotion_mistake(board, move, written_base, fields) -> Fact | None:
    if move.promotion is None:
        return None
    if fields is None or fields["promotion"] is None or fields["piece"]:
        return Fact.SAN_PROMOTION_FORM
    if fields["promotion"].lower() in "kp":
        return Fact.SAN_PROMOTION_PIECE
    return None


def _letter_mistake(board, move, written_base, fields) -> Fact | None:
    piece = board.piece_type_at(move.from_square)
    if written_base.startswith("P"):
        return Fact.SAN_PAWN_LETTER
    if fields is None:
        return Fact.SAN_DESTINATION
    letter = fields["piece"]
    if piece != chess.PAWN and letter is None:
        return Fact.SAN_LETTER_MISSING
    if piece != chess.PAWN and letter != chess.piece_symbol(piece).upper():
        return Fact.SAN_PIECE_LETTER
    if fields["target"] != chess.square_name(move.to_square):
        return Fact.SAN_DESTINATION
    return None


def _capture_mistake(board, move, written_base, fields) -> Fact | None:
    captures = board.is_capture(move)
    if captures and "x" not in written_base:
        return Fact.SAN_CAPTURE_MARK
    if not captures and "x" in written_base:
        return Fact.SAN_NO_CAPTURE
    if board.piece_type_at(move.from_square) == chess.PAWN and captures and not fields["file"]:
        return Fact.SAN_PAWN_CAPTURE_FILE
    return None


def reading_mistake(board: chess.Board, move: chess.Move, chosen: chess.Square) -> Refutation:
    """Why ``chosen`` is not where the written ``move`` goes: it is where the piece comes
    from, or, for castling, a square of the rook (castling is written for the king)."""
    if board.is_castling(move):
        short = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        rank = chess.square_rank(move.from_square)
        landing = chess.square(6 if short else 2, rank)
        rook_squares = {chess.square(file, rank) for file in ((7, 5) if short else (0, 3))}
        if chosen in rook_squares:
            return refutation(board, Fact.READ_ROOK_SQUARE, landing, chosen)
        return refutation(board, Fact.READ_DESTINATION, landing)
    if chosen == move.from_square:
        return refutation(board, Fact.READ_ORIGIN, move.from_square, move.to_square)
    return refutation(board, Fact.READ_DESTINATION, move.to_square)
