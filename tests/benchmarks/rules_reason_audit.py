"""Audit of the reason ``rules.check_move`` gives: is it the one a chess teacher would give first?

Run: .venv/bin/python tests/benchmarks/rules_reason_audit.py [PAIRS] [SEED]
Prints the pairs checked, the disagreements by (engine reason, teacher reason) with
three examples of each, and three real verdicts per reason with their Chinese sentences.
A verdict whose squares do not hold what its sentences say (``false_claims``: the
blocker named is not in the way, the attacker named does not attack...) is counted
as a disagreement too, under (engine reason, "false claim").

``teacher`` below is written from the Laws of Chess, deliberately simple and apart
from ``rules/``: it looks at the move the way a teacher at the board does, in this
order: is the game over; is there a piece, is it yours; castling and its conditions;
your own piece on the target; how the piece moves (and what is in its way); does your
king stay safe (walking into attack, a pin, a check not answered); promotion.

Pairs come from random legal games (``rules_agreement.sample_pairs``), plus, from
the same games, the moves a teacher sees most often as mistakes: moves that follow
the piece's movement but leave the king attacked, castling attempts, pawn moves
to the last rank with and without a suffix, and diagonal pawn steps; then en passant
captures tried too late (``late_en_passant_pairs``) and the hand-made ``TRICKY``
positions (double check, a king stepping back along a checking line, en passant
uncovering the king, castling without a rook...). With 100,000 random pairs that is
151,000 pairs (about two minutes).
"""

import os
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules import Reason, check_move
from tests.benchmarks.rules_agreement import Pair, sample_pairs


@dataclass(frozen=True)
class Said:
    """What the teacher says first: the reason, and the squares named with it.

    ``squares`` must match the engine's squares for that reason exactly, unless
    ``any_of`` is given: then the engine names one square and it must be among them
    (a king walking into attack may be told about any one of its attackers).
    """

    reason: Reason | None
    squares: tuple[str, ...] = ()
    any_of: frozenset[str] | None = None


LEGAL = Said(None)


def name(square: int) -> str:
    return chess.square_name(square)


def between(a: int, b: int) -> list[int]:
    """Squares strictly between a and b when they share a rank, file or diagonal."""
    return [s for s in chess.SquareSet(chess.between(a, b))]


def teacher(board: chess.Board, move: chess.Move) -> Said:
    """The first thing a teacher says about ``move`` in ``board`` (LEGAL when nothing is wrong)."""
    if not any(board.legal_moves) or board.halfmove_clock >= 150 or board.is_fivefold_repetition():
        return Said(Reason.GAME_OVER)
    piece = board.piece_at(move.from_square)
    if piece is None:
        return Said(Reason.NO_PIECE, (name(move.from_square),))
    if piece.color != board.turn:
        return Said(Reason.OPPONENT_PIECE, (name(move.from_square),))
    if _looks_like_castling(board, move, piece):
        return _castling(board, move)
    target = board.piece_at(move.to_square)
    if target is not None and target.color == piece.color:
        return Said(Reason.OWN_PIECE_ON_TARGET, (name(move.to_square),))
    wrong = _movement(board, move, piece)
    if wrong is not None:
        return wrong
    last_rank = piece.piece_type == chess.PAWN and chess.square_rank(move.to_square) in (0, 7)
    as_played = chess.Move(move.from_square, move.to_square, chess.QUEEN if last_rank else None)
    unsafe = _king_safety(board, as_played, piece)
    if unsafe is not None:
        return unsafe
    if move.promotion is not None and (not last_rank or move.promotion in (chess.KING, chess.PAWN)):
        return Said(Reason.BAD_PROMOTION)
    if last_rank and move.promotion is None:
        return Said(Reason.PROMOTION_REQUIRED)
    return LEGAL


def _looks_like_castling(board: chess.Board, move: chess.Move, piece: chess.Piece) -> bool:
    home = chess.E1 if piece.color == chess.WHITE else chess.E8
    if piece.piece_type != chess.KING or move.from_square != home:
        return False
    if chess.square_rank(move.to_square) != chess.square_rank(home):
        return False
    to_file = chess.square_file(move.to_square)
    own_rook = chess.Piece(chess.ROOK, piece.color)
    return to_file in (2, 6) or (to_file in (0, 7) and board.piece_at(move.to_square) == own_rook)


def _castling(board: chess.Board, move: chess.Move) -> Said:
    """The first castling condition broken, in the order of the Laws (3.8.2)."""
    color = board.turn
    short = chess.square_file(move.to_square) > chess.square_file(move.from_square)
    rank = chess.square_rank(move.from_square)
    rook_home = chess.square(7 if short else 0, rank)
    if board.piece_at(rook_home) != chess.Piece(chess.ROOK, color):
        # No rook of the player's own in that corner: nothing to castle with.
        return Said(Reason.CASTLING_NO_ROOK, (name(rook_home),))
    if not board.has_castling_rights(color) or not (
        board.castling_rights & chess.BB_SQUARES[rook_home]
    ):
        return Said(Reason.CASTLING_RIGHTS_LOST, None)  # squares depend on the history
    if board.is_check():
        return Said(Reason.CASTLING_IN_CHECK, tuple(name(s) for s in board.checkers()))
    path = sorted(between(move.from_square, rook_home), key=lambda s: abs(s - move.from_square))
    in_between = [s for s in path if board.piece_at(s)]
    if in_between:
        return Said(Reason.CASTLING_BLOCKED, tuple(name(s) for s in in_between))
    king_path = [chess.square(5 if short else 3, rank), chess.square(6 if short else 2, rank)]
    for square, reason in zip(
        king_path, (Reason.CASTLING_THROUGH_ATTACK, Reason.CASTLING_INTO_ATTACK), strict=True
    ):
        attackers = board.attackers(not color, square)
        if attackers:
            return Said(reason, None, frozenset(f"{name(square)} {name(a)}" for a in attackers))
    return LEGAL


def _movement(board: chess.Board, move: chess.Move, piece: chess.Piece) -> Said | None:
    files = chess.square_file(move.to_square) - chess.square_file(move.from_square)
    ranks = chess.square_rank(move.to_square) - chess.square_rank(move.from_square)
    kind = piece.piece_type
    if kind == chess.KNIGHT:
        return (
            None
            if sorted((abs(files), abs(ranks))) == [1, 2]
            else Said(Reason.NOT_HOW_IT_MOVES, (name(move.from_square), name(move.to_square)))
        )
    if kind == chess.KING:
        if max(abs(files), abs(ranks)) == 1:
            return None
        # Further than two squares along the home rank, still allowed to castle that way:
        # the king was meant to castle, and castling takes it exactly two squares.
        home = chess.E1 if piece.color else chess.E8
        corner = chess.square(7 if files > 0 else 0, chess.square_rank(home))
        if move.from_square == home and ranks == 0 and board.castling_rights & (1 << corner):
            landing = chess.square(6 if files > 0 else 2, chess.square_rank(home))
            return Said(Reason.CASTLING_KING_TWO_SQUARES, (name(landing),))
        return Said(Reason.NOT_HOW_IT_MOVES, (name(move.from_square), name(move.to_square)))
    if kind == chess.PAWN:
        return _pawn_movement(board, move, files, ranks if piece.color else -ranks)
    along_line = files == 0 or ranks == 0
    along_diagonal = abs(files) == abs(ranks)
    if (kind == chess.ROOK and not along_line) or (kind == chess.BISHOP and not along_diagonal):
        return Said(Reason.NOT_HOW_IT_MOVES, (name(move.from_square), name(move.to_square)))
    if kind == chess.QUEEN and not (along_line or along_diagonal):
        return Said(Reason.NOT_HOW_IT_MOVES, (name(move.from_square), name(move.to_square)))
    return _first_in_the_way(board, move.from_square, move.to_square)


def _first_in_the_way(board: chess.Board, origin: int, target: int) -> Said | None:
    path = sorted(between(origin, target), key=lambda s: chess.square_distance(origin, s))
    for square in path:
        if board.piece_at(square):
            return Said(Reason.PATH_BLOCKED, (name(square),))
    return None


def _pawn_movement(board: chess.Board, move: chess.Move, files: int, forward: int) -> Said | None:
    target = board.piece_at(move.to_square)
    if files == 0 and forward == 1:
        return Said(Reason.PAWN_FORWARD_OCCUPIED, (name(move.to_square),)) if target else None
    if files == 0 and forward == 2:
        start = 1 if board.turn == chess.WHITE else 6
        if chess.square_rank(move.from_square) != start:
            return Said(Reason.NOT_HOW_IT_MOVES, (name(move.from_square), name(move.to_square)))
        blocked = _first_in_the_way(board, move.from_square, move.to_square)
        if blocked:
            return blocked
        return Said(Reason.PAWN_FORWARD_OCCUPIED, (name(move.to_square),)) if target else None
    if abs(files) == 1 and forward == 1:
        if target or move.to_square == board.ep_square:
            return None
        victim = chess.square(
            chess.square_file(move.to_square), chess.square_rank(move.from_square)
        )
        if _missed_en_passant(board, move, victim):
            return Said(Reason.EN_PASSANT_EXPIRED, (name(victim),))
        fifth = 4 if board.turn == chess.WHITE else 3
        enemy_pawn = chess.Piece(chess.PAWN, not board.turn)
        if chess.square_rank(move.from_square) == fifth and board.piece_at(victim) == enemy_pawn:
            # En passant would take this pawn, had it just advanced two squares.
            return Said(Reason.EN_PASSANT_NEEDS_TWO_STEP, (name(victim),))
        return Said(Reason.PAWN_DIAGONAL_NEEDS_CAPTURE, (name(move.to_square),))
    return Said(Reason.NOT_HOW_IT_MOVES, (name(move.from_square), name(move.to_square)))


def _missed_en_passant(board: chess.Board, move: chess.Move, victim: int) -> bool:
    """The capture was once possible en passant, in some earlier position of this game.

    Replays the game: in some earlier position with the same side to move, the same
    move was an en passant capture, and the pawn taken then still stands on ``victim``
    untouched.
    """
    positions = []
    replay = board.copy()
    while replay.move_stack:
        replay.pop()
        positions.append(replay.copy(stack=False))
    played = list(board.move_stack)
    for back, earlier in enumerate(positions, start=1):
        if earlier.turn != board.turn or not earlier.is_en_passant(move):
            continue
        since = played[len(played) - back :]
        if all(victim not in (m.from_square, m.to_square) for m in since):
            return True
    # A FEN's en passant square with moves played since counts as an earlier position too.
    root = board.root()
    if played and root.turn == board.turn and root.ep_square == move.to_square:
        return all(victim not in (m.from_square, m.to_square) for m in played) and (
            root.piece_at(move.from_square) == board.piece_at(move.from_square)
        )
    return False


def _king_safety(board: chess.Board, move: chess.Move, piece: chess.Piece) -> Said | None:
    after = board.copy(stack=False)
    after.push(move)
    king = after.king(board.turn)
    attackers = after.attackers(after.turn, king)
    if not attackers:
        return None
    if piece.piece_type == chess.KING:
        return Said(Reason.KING_INTO_ATTACK, None, frozenset(name(a) for a in attackers))
    checkers = list(board.checkers())
    if len(checkers) >= 2:
        # Double check: only the king can answer it; a capture of one checker does not help.
        return Said(Reason.IGNORES_CHECK, tuple(name(s) for s in checkers))
    exposed = [a for a in attackers if a not in checkers]
    if checkers and not _answers(board, move, checkers[0]):
        return Said(Reason.IGNORES_CHECK, (name(checkers[0]),))
    pinner = exposed[0]
    if board.is_en_passant(move):
        taken = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        if taken in between(pinner, board.king(board.turn)):
            return Said(Reason.PINNED, (name(pinner), name(taken)))
    return Said(Reason.PINNED, (name(pinner),))


def _answers(board: chess.Board, move: chess.Move, checker: int) -> bool:
    """The move takes the checking piece or steps between it and the king."""
    if board.is_en_passant(move):
        taken = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        if taken == checker:
            return True
    return move.to_square == checker or move.to_square in between(checker, board.king(board.turn))


def engine_said(verdict) -> Said:
    if verdict.legal:
        return LEGAL
    first = verdict.findings[0]
    return Said(first.reason, first.squares)


def agrees(engine: Said, taught: Said) -> bool:
    if engine.reason != taught.reason:
        return False
    if taught.any_of is not None:
        named = engine.squares[0] if len(engine.squares) == 1 else " ".join(engine.squares)
        return named in taught.any_of
    return taught.squares is None or engine.squares == taught.squares


def board_of(fen: str, history: tuple[str, ...]) -> chess.Board:
    board = chess.Board(fen)
    for uci in history:
        board.push_uci(uci)
    return board


def mistake_pairs(count: int, seed: int) -> list[Pair]:
    """Pairs a learner is likely to try: unsafe moves, castling, promotion, late en passant."""
    rng = random.Random(seed)
    pairs: list[Pair] = []
    for fen, history, _ in sample_pairs(count, seed + 1):
        board = board_of(fen, history)
        kinds = [tries for tries in _tries(board) if tries]
        if kinds:
            pairs.append((fen, history, rng.choice(rng.choice(kinds)).uci()))
    return pairs


def _tries(board: chess.Board) -> list[list[chess.Move]]:
    """Moves of each kind a learner tries, one list per kind."""
    king = board.king(board.turn)
    unsafe = [m for m in board.pseudo_legal_moves if not board.is_legal(m)]
    king_steps = [chess.Move(king, s) for s in chess.SquareSet(chess.BB_KING_ATTACKS[king])]
    castling = [
        chess.Move(king, king + step)
        for step in (-2, 2)
        if 0 <= king + step < 64 and chess.square_rank(king + step) == chess.square_rank(king)
    ]
    promotions = [
        chess.Move(m.from_square, m.to_square, suffix)
        for m in board.pseudo_legal_moves
        if m.promotion == chess.QUEEN
        for suffix in (None, chess.KING, chess.KNIGHT)
    ]
    diagonals = [
        chess.Move(square, square + step)
        for square in board.pieces(chess.PAWN, board.turn)
        for step in ((7, 9) if board.turn else (-7, -9))
        if 0 <= square + step < 64 and chess.square_distance(square, square + step) == 1
    ]
    return [unsafe, king_steps, castling, promotions, diagonals]


def late_en_passant_pairs(count: int, seed: int) -> list[Pair]:
    """En passant captures tried one, two or three moves too late, with the history that shows it.

    Also the same capture tried in time (legal, or pinned) and with the history cut
    so that the two-square advance is not in it.
    """
    rng = random.Random(seed)
    pairs: list[Pair] = []
    while len(pairs) < count:
        board = chess.Board()
        legal = list(board.legal_moves)
        while legal and len(board.move_stack) < 200:
            captures = []
            if board.ep_square is not None:
                captures = [m for m in board.pseudo_legal_moves if board.is_en_passant(m)]
            if captures:
                capture = rng.choice(captures)
                start = max(0, len(board.move_stack) - rng.choice([1, 2, 4]))
                later = board.copy()
                for _ in range(rng.choice([0, 2, 2, 4])):
                    moves = list(later.legal_moves)
                    if not moves:
                        break
                    later.push(rng.choice(moves))
                root = later.copy()
                while len(root.move_stack) > start:
                    root.pop()
                history = tuple(m.uci() for m in later.move_stack[start:])
                if later.turn == board.turn:
                    pairs.append((root.fen(), history, capture.uci()))
            board.push(rng.choice(legal))
            legal = list(board.legal_moves)
    return pairs[:count]


# Hand-made positions where a teacher's reason is easy to get wrong: (what it shows, FEN,
# history, move). Each is audited like a random pair.
TRICKY: list[tuple[str, str, tuple[str, ...], str]] = [
    ("double check, a knight takes one checker", "4r1k1/8/8/8/7b/5N2/8/4K3 w - - 0 1", (), "f3h4"),
    ("double check, a knight blocks one line", "4r1k1/8/8/8/7b/8/3N4/4K3 w - - 0 1", (), "d2f3"),
    ("double check and a pinned knight", "4r1k1/8/8/8/1b5b/8/3N4/4K3 w - - 0 1", (), "d2e4"),
    ("the king steps back along the checking rook", "4r2k/8/8/8/8/8/4K3/8 w - - 0 1", (), "e2e1"),
    ("the king takes a protected knight", "4k3/8/8/8/1b6/8/3n4/4K3 w - - 0 1", (), "e1d2"),
    ("the king takes a rook protected by a rook", "3rk3/8/8/8/8/8/3r4/4K3 w - - 0 1", (), "e1d2"),
    ("a pinned rook takes its pinner", "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", (), "e2e8"),
    ("a pinned rook slides along the pin", "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", (), "e2e5"),
    ("a pinned rook leaves the pin", "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", (), "e2d2"),
    ("en passant takes the checking pawn", "8/8/8/3k4/4Pp2/8/8/4K3 b - e3 0 1", (), "f4e3"),
    ("en passant uncovers a rank attack", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", (), "e5d6"),
    ("en passant takes a diagonal shield", "6b1/8/8/3pP3/8/8/K7/7k w - d6 0 1", (), "e5d6"),
    ("en passant by a diagonally pinned pawn", "7b/8/8/3pP3/8/8/8/K6k w - d6 0 1", (), "e5d6"),
    (
        "en passant one move late",
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        ("d7d5", "e1e2", "e8f8"),
        "e5d6",
    ),
    ("castling while the rook is attacked", "4k2r/8/8/8/8/8/8/4K2R w K - 0 1", (), "e1g1"),
    ("long castling with b1 attacked", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", (), "e1c1"),
    ("castling with no rook at all", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", (), "e1g1"),
    ("castling after the rook left", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", ("h1h2", "e8e7"), "e1g1"),
    ("castling after the rook was taken", "4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1", ("g2h1",), "e1g1"),
    (
        "castling after the rook came back",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        ("h1h2", "e8e7", "h2h1", "e7e8"),
        "e1g1",
    ),
    (
        "a two-square step blocked on the first square",
        "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
        (),
        "e2e4",
    ),
    ("a two-square step onto an enemy piece", "4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", (), "e2e4"),
    ("a two-square step onto its own piece", "4k3/8/8/8/4N3/8/4P3/4K3 w - - 0 1", (), "e2e4"),
    ("promotion by capture to a king", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", (), "a7b8k"),
    ("promotion by capture with no piece chosen", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", (), "a7b8"),
    ("a pinned pawn promoting to a king", "K7/1P6/8/8/8/8/8/k6b w - - 0 1", (), "b7b8k"),
    ("the other side's king moved three squares", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", (), "e8e5"),
    ("a knight's check ignored", "4k3/8/8/8/8/3n4/8/R3K3 w - - 0 1", (), "a1a2"),
]


SAFETY = {Reason.KING_INTO_ATTACK, Reason.PINNED, Reason.IGNORES_CHECK}
PROMOTION = {Reason.PROMOTION_REQUIRED, Reason.BAD_PROMOTION}


def false_claims(board: chess.Board, move: chess.Move, verdict) -> list[str]:
    """What the verdict's sentences would claim that is not so in ``board``.

    Checked apart from ``teacher``: each finding's squares must hold what its sentence
    says stands there (the blocker in the way, an enemy attacker, an empty target...),
    and, for pieces that are not castling, python-chess's own move generator must
    agree on the kind of rule broken: a move it generates as pseudo-legal breaks only
    king safety or promotion, any other breaks how the piece moves.
    """
    if verdict.legal or verdict.reason is Reason.GAME_OVER:
        return []
    wrong = []
    mover = board.piece_at(move.from_square)
    for finding in verdict.findings:
        squares = [chess.parse_square(square) for square in finding.squares]
        if not _holds(board, move, mover, finding.reason, squares):
            wrong.append(f"{finding.reason.name} {finding.squares}")
    if (
        mover is not None
        and mover.color == board.turn
        and not _looks_like_castling(board, move, mover)
    ):
        last = mover.piece_type == chess.PAWN and chess.square_rank(move.to_square) in (0, 7)
        plain = chess.Move(move.from_square, move.to_square, chess.QUEEN if last else None)
        allowed = SAFETY | PROMOTION if board.is_pseudo_legal(plain) else None
        if allowed is not None and verdict.reason not in allowed:
            wrong.append(f"{verdict.reason.name} for a pseudo-legal move")
        if allowed is None and verdict.reason in SAFETY | {Reason.PROMOTION_REQUIRED}:
            wrong.append(f"{verdict.reason.name} for a move the piece cannot make")
    return wrong


def _holds(board, move, mover, reason: Reason, squares: list[int]) -> bool:
    """Whether the squares of one finding hold what its sentence says about them."""
    enemy = not board.turn
    at = board.piece_at
    after = board.copy(stack=False)
    last = (
        mover is not None
        and mover.piece_type == chess.PAWN
        and chess.square_rank(move.to_square) in (0, 7)
    )
    plain = chess.Move(move.from_square, move.to_square, chess.QUEEN if last else None)
    if reason in SAFETY and board.is_pseudo_legal(plain):
        after.push(plain)
    king = board.king(board.turn)
    checks = {
        Reason.NO_PIECE: lambda: squares == [move.from_square] and at(squares[0]) is None,
        Reason.OPPONENT_PIECE: lambda: at(squares[0]).color == enemy,
        Reason.OWN_PIECE_ON_TARGET: lambda: (
            squares == [move.to_square] and at(squares[0]).color == board.turn
        ),
        Reason.NOT_HOW_IT_MOVES: lambda: squares == [move.from_square, move.to_square],
        Reason.PATH_BLOCKED: lambda: (
            len(squares) == 1
            and at(squares[0]) is not None
            and squares[0] in between(move.from_square, move.to_square)
        ),
        Reason.PAWN_FORWARD_OCCUPIED: lambda: (
            squares == [move.to_square] and at(squares[0]).color == enemy
        ),
        Reason.PAWN_DIAGONAL_NEEDS_CAPTURE: lambda: (
            squares == [move.to_square] and at(squares[0]) is None
        ),
        Reason.EN_PASSANT_EXPIRED: lambda: (
            at(squares[0]) == chess.Piece(chess.PAWN, enemy)
            and chess.square_distance(squares[0], move.from_square) == 1
        ),
        Reason.EN_PASSANT_NEEDS_TWO_STEP: lambda: (
            at(squares[0]) == chess.Piece(chess.PAWN, enemy)
            and chess.square_distance(squares[0], move.from_square) == 1
        ),
        Reason.CASTLING_KING_TWO_SQUARES: lambda: (
            at(squares[0]) is None and chess.square_rank(squares[0]) == chess.square_rank(king)
        ),
        Reason.CASTLING_RIGHTS_LOST: lambda: len(squares) <= 1,
        Reason.CASTLING_NO_ROOK: lambda: at(squares[0]) != chess.Piece(chess.ROOK, board.turn),
        Reason.CASTLING_BLOCKED: lambda: all(
            at(s) is not None and chess.square_rank(s) == chess.square_rank(king) for s in squares
        ),
        Reason.CASTLING_IN_CHECK: lambda: set(squares) == set(board.checkers()),
        Reason.CASTLING_THROUGH_ATTACK: lambda: _attacks_square(board, squares),
        Reason.CASTLING_INTO_ATTACK: lambda: _attacks_square(board, squares),
        Reason.KING_INTO_ATTACK: lambda: (
            len(squares) == 1
            and at(squares[0]).color == enemy
            and squares[0] in after.attackers(enemy, move.to_square)
        ),
        Reason.PINNED: lambda: (
            at(squares[0]).color == enemy
            and squares[0] in after.attackers(enemy, king)
            and squares[0] not in board.checkers()
            and (len(squares) == 1 or squares[1] in between(squares[0], king))
        ),
        Reason.IGNORES_CHECK: lambda: set(squares) == set(board.checkers()),
        Reason.PROMOTION_REQUIRED: lambda: squares == [],
        Reason.BAD_PROMOTION: lambda: squares == [],
    }
    try:
        return bool(checks[reason]())
    except (AttributeError, IndexError):
        return False


def _attacks_square(board: chess.Board, squares: list[int]) -> bool:
    square, attacker = squares
    return attacker in board.attackers(not board.turn, square)  # the king on its square


def audit(pairs: list[Pair]) -> tuple[Counter, dict, dict]:
    """Disagreement counts, examples of each, and verdicts by reason (for the sentences).

    A verdict whose squares do not hold what its sentences claim (``false_claims``)
    counts as a disagreement too, under (engine reason, "false claim").
    """
    disagreements: Counter = Counter()
    examples: dict = defaultdict(list)
    by_reason: dict = defaultdict(list)
    for fen, history, uci in pairs:
        verdict = check_move(fen, uci, history)
        engine = engine_said(verdict)
        board = board_of(fen, history)
        move = chess.Move.from_uci(uci)
        taught = teacher(board, move)
        for finding in verdict.findings:
            by_reason[finding.reason].append((fen, history, uci, verdict))
        if not agrees(engine, taught):
            key = (engine.reason, taught.reason)
            disagreements[key] += 1
            examples[key].append((fen, history, uci, engine, taught))
        wrong = false_claims(board, move, verdict)
        if wrong:
            key = (engine.reason, "false claim")
            disagreements[key] += 1
            examples[key].append((fen, history, uci, engine, wrong))
    return disagreements, examples, by_reason


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261129
    started = time.perf_counter()
    pairs = (
        sample_pairs(count, seed)
        + mistake_pairs(count // 2, seed)
        + late_en_passant_pairs(count // 100, seed)
    )
    tricky = [(fen, history, move) for _, fen, history, move in TRICKY]
    disagreements, examples, by_reason = audit(pairs + tricky)
    print(
        f"pairs checked: {len(pairs) + len(tricky)} ({len(tricky)} hand-made) "
        f"({time.perf_counter() - started:.1f} s)"
    )
    print(f"disagreements: {sum(disagreements.values())}")
    for (engine, taught), number in disagreements.most_common():
        print(f"  engine {engine} / teacher {taught}: {number}")
        for fen, history, uci, said, wanted in examples[(engine, taught)][:3]:
            print(f"    {fen} {' '.join(history)} | {uci}: {said} vs {wanted}")
    _print_sentences(by_reason, random.Random(seed))


def _print_sentences(by_reason: dict, rng: random.Random) -> None:
    import django
    from django.utils import translation

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
    os.environ.setdefault("DEBUG", "1")
    django.setup()
    from board.explanations import explain

    print("sentences, three real verdicts per reason:")
    for reason in Reason:
        cases = by_reason.get(reason, [])
        print(f"  {reason.name}: {len(cases)} verdicts")
        for fen, history, uci, verdict in rng.sample(cases, min(3, len(cases))):
            with translation.override("zh-hant"):
                sentences = explain(verdict)
            print(f"    {fen} {' '.join(history)} | {uci} {verdict.squares}")
            for sentence in sentences:
                print(f"      {sentence}")


if __name__ == "__main__":
    main()
