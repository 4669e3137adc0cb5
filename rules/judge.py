"""``check_move``: is this move legal, and if not, every rule it breaks."""

from collections.abc import Sequence

import chess

import process_caches
from rules.castling import castling_findings, is_castling_attempt
from rules.codes import Reason
from rules.errors import InvalidMove
from rules.movement import finding, movement_findings
from rules.position import Position, board_from, parse_uci
from rules.safety import safety_findings
from rules.verdict import Finding, Verdict, illegal

_BAD_PROMOTION_PIECES = (chess.KING, chess.PAWN)


def check_move(fen: str, move: str, moves: Sequence[str] = ()) -> Verdict:
    """Judge the UCI ``move`` in the position reached from ``fen`` by the UCI ``moves``.

    ``fen`` may also be a ``Position``. Raises InvalidFen, InvalidMove or IllegalHistory
    (all ``RulesError``) for malformed input.

    A verdict depends on the position, its history and the move only, and the same ones
    come back all day (a class plays each puzzle's answer, and its usual wrong moves), so
    each is kept, per process (process_caches: "rules.judge.check_move"). Verdicts are
    frozen; errors are not kept.
    """
    key = _key(fen, move, moves)
    if key is None:  # input of another type: judged afresh, and refused with its error
        return _check_move(fen, move, moves)
    verdict = _VERDICTS.get(key)
    if verdict is None:
        verdict = _VERDICTS[key] = _check_move(fen, move, key[3])
    return verdict


_VERDICTS = process_caches.Table("rules.judge.check_move")


def _key(fen, move, moves) -> tuple | None:
    """(FEN, moves played from it, move, history after) for text input; None otherwise."""
    if isinstance(moves, str):
        moves = tuple(moves.split())
    elif isinstance(moves, list | tuple) and all(type(text) is str for text in moves):
        moves = tuple(moves)
    else:
        return None
    if type(move) is not str:
        return None
    if isinstance(fen, Position):
        return (fen.fen, fen.moves, move, moves)
    if type(fen) is str:
        return (fen, (), move, moves)
    return None


def _check_move(fen, move: str, moves: Sequence[str] = ()) -> Verdict:
    board = board_from(fen, moves)
    parsed = parse_uci(move)
    if board.is_legal(parsed):
        # A position with a legal move is neither mate nor stalemate: only the
        # automatic draws by repetition or by 75 moves can have ended it.
        over = board.halfmove_clock >= 150 or board.is_fivefold_repetition()
        if not over:
            return legal_verdict(board, parsed)
    else:
        over = game_over(board)
    findings = diagnose(board, parsed)
    if over:
        findings.insert(0, Finding(Reason.GAME_OVER))
    mover = board.piece_at(parsed.from_square)
    return illegal(parsed.uci(), findings, mover.symbol() if mover else None)


def game_over(board: chess.Board) -> bool:
    """The game has already ended, so no move may be played.

    A dead position (insufficient material) does not stop play here: lessons use
    bare positions, like a lone knight beside the kings, to show how pieces move.
    """
    return (
        board.is_fivefold_repetition()
        or board.halfmove_clock >= 150
        or not any(board.generate_legal_moves())
    )


def legal_verdict(board: chess.Board, move: chess.Move) -> Verdict:
    """The verdict for a legal ``move``, with the facts the lesson goals ask about.

    ``board`` is consumed: the move is played on it.
    """
    piece = board.piece_at(move.from_square)
    assert piece is not None
    castling = captured = captured_square = None
    en_passant = board.is_en_passant(move)
    if board.is_castling(move):
        # The king's two-square move, also when the move was given as king-takes-own-rook.
        short = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        castling = "short" if short else "long"
        rank = chess.square_rank(move.from_square)
        move = chess.Move(move.from_square, chess.square(6 if short else 2, rank))
    elif en_passant:
        captured = chess.Piece(chess.PAWN, not board.turn).symbol()
        beside = chess.square(
            chess.square_file(move.to_square), chess.square_rank(move.from_square)
        )
        captured_square = chess.square_name(beside)
    elif board.piece_at(move.to_square) is not None:
        captured = board.piece_at(move.to_square).symbol()
        captured_square = chess.square_name(move.to_square)
    uci = move.uci()
    san = board.san_and_push(move)
    gives_check = board.is_check()
    checkmate = san.endswith("#")
    stalemate = not gives_check and not any(board.generate_legal_moves())
    return Verdict(
        move=uci,
        legal=True,
        san=san,
        fen_after=board.fen(),
        piece=piece.symbol(),
        captured=captured,
        captured_square=captured_square,
        castling=castling,
        en_passant=en_passant,
        promotion=chess.piece_symbol(move.promotion) if move.promotion else None,
        gives_check=gives_check,
        checkmate=checkmate,
        stalemate=stalemate,
        mover=piece.symbol(),
    )


def diagnose(board: chess.Board, move: chess.Move) -> list[Finding]:
    """Every rule the illegal ``move`` breaks, primary first.

    Who may move comes first, then how the piece moves (a knight moved like a bishop
    is told so even when it is pinned), then king safety, and the promotion suffix last.
    """
    piece = board.piece_at(move.from_square)
    if piece is None:
        return [finding(board, Reason.NO_PIECE, move.from_square)]
    if piece.color != board.turn:
        return [finding(board, Reason.OPPONENT_PIECE, move.from_square)]
    promotion, plain = promotion_findings(board, move, piece)
    if piece.piece_type == chess.KING and is_castling_attempt(board, plain):
        return castling_findings(board, plain) + promotion
    movement = movement_findings(board, plain)
    if movement:
        return movement + promotion
    if board.is_legal(plain):
        return promotion
    # A move that cannot be made at all is told so before its promotion suffix.
    return _safety_or_promotion(board, plain) + promotion


def promotion_findings(
    board: chess.Board, move: chess.Move, piece: chess.Piece
) -> tuple[list[Finding], chess.Move]:
    """BAD_PROMOTION when the suffix is wrong, and the move with a proper suffix (or none)."""
    reaches_last_rank = piece.piece_type == chess.PAWN and chess.square_rank(move.to_square) in (
        0,
        7,
    )
    if move.promotion is None:
        return [], move
    if reaches_last_rank and move.promotion not in _BAD_PROMOTION_PIECES:
        return [], move
    fixed = chess.Move(move.from_square, move.to_square, chess.QUEEN if reaches_last_rank else None)
    return [finding(board, Reason.BAD_PROMOTION)], fixed


def _safety_or_promotion(board: chess.Board, move: chess.Move) -> list[Finding]:
    """A pseudo-legal move: a pawn reaching the last rank without choosing, or king safety."""
    piece_type = board.piece_type_at(move.from_square)
    if (
        piece_type == chess.PAWN
        and move.promotion is None
        and chess.square_rank(move.to_square) in (0, 7)
    ):
        promoted = chess.Move(move.from_square, move.to_square, chess.QUEEN)
        if board.is_legal(promoted):
            return [finding(board, Reason.PROMOTION_REQUIRED)]
        return safety_findings(board, promoted)
    return safety_findings(board, move)


def first_illegal(fen: str, moves: Sequence[str]) -> tuple[int, Verdict | None] | None:
    """Where a history goes wrong: (the index in ``moves`` of its first move that cannot be
    played, that move's verdict, or None when the move is not written in UCI); None when
    every move can be played. Raises InvalidFen for ``fen``."""
    board_from(fen)
    for index, move in enumerate(moves):
        try:
            verdict = check_move(fen, move, moves[:index])
        except InvalidMove:
            return index, None
        if not verdict.legal:
            return index, verdict
    return None
