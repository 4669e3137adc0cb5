"""Why a wrong answer to a question about a position is wrong: the fact that shows it.

Each function takes the position as everywhere in the engine (a FEN and a UCI history)
and returns a ``Refutation``: a ``Fact`` code with the squares it is about, never a
sentence. Wrong answers that claim a move is legal are refuted by ``check_move`` itself
(its findings name the rule the move breaks); these functions cover the others.

The black pawn came from d6 one step at a time, so the white pawn beside it may not
take it en passant:

>>> from rules.refute import why_no_en_passant
>>> why_no_en_passant("4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1", "e5", ["d6d5"]).fact
<Fact.NO_TWO_STEP: 'no_two_step'>

Stalemate, not checkmate: the black king is not in check.

>>> from rules.refute import why_not_ending
>>> why_not_ending("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "checkmate").squares
('h8',)
"""

from collections.abc import Sequence

import chess

from rules import castling, check, en_passant, endings, notation
from rules.codes import Fact, Reason
from rules.material import board_material
from rules.position import board_from, parse_square, parse_uci
from rules.verdict import Refutation, refutation


def why_castling_allowed(fen: str, side: str, moves: Sequence[str] = ()) -> Refutation:
    """Castling on ``side`` ("short"/"long") is allowed: what may have looked like an obstacle."""
    return castling.castling_allowance(board_from(fen, moves), side)


def why_condition_holds(
    fen: str, side: str, reason: Reason, moves: Sequence[str] = ()
) -> Refutation | None:
    """Why the castling condition ``reason`` does not stop castling (None: it does)."""
    return castling.condition_holds(board_from(fen, moves), side, reason)


def why_no_en_passant(fen: str, square: str, moves: Sequence[str] = ()) -> Refutation | None:
    """Why the piece on ``square`` may not capture en passant now (None: it may, or only
    the safety of its own king stops it, which the move's verdict says)."""
    return en_passant.en_passant_refusal(board_from(fen, moves), parse_square(square))


def why_en_passant(fen: str, square: str, moves: Sequence[str] = ()) -> Refutation:
    """The pawn on ``square`` may capture en passant: the pawn it may take."""
    board = board_from(fen, moves)
    origin = parse_square(square)
    for move in board.legal_moves:
        if move.from_square == origin and board.is_en_passant(move):
            behind = -8 if board.turn == chess.WHITE else 8
            return refutation(board, Fact.CAN_CAPTURE_EN_PASSANT, origin, move.to_square + behind)
    raise ValueError(f"the piece on {square} may not capture en passant")


def why_not_ending(fen: str, chosen: str, moves: Sequence[str] = ()) -> Refutation:
    """Why ``chosen`` (a ``Termination`` or ``Claim`` value, or "ongoing") is not how the
    game stands."""
    return endings.ending_refutation(board_from(fen, moves), chosen)


def why_in_check(fen: str, moves: Sequence[str] = ()) -> Refutation:
    """The side to move is in check: its king and the checking pieces."""
    return check.in_check(board_from(fen, moves))


def why_not_in_check(fen: str, moves: Sequence[str] = ()) -> Refutation:
    """The side to move is not in check: the blocked line, or the king alone."""
    return check.not_in_check(board_from(fen, moves))


def why_not_checking(fen: str, square: str, moves: Sequence[str] = ()) -> Refutation:
    """The piece on ``square`` does not give check: its blocked line, or it does not reach."""
    return check.not_checking(board_from(fen, moves), parse_square(square))


def why_not_attacked(fen: str, square: str, target: str, moves: Sequence[str] = ()) -> Refutation:
    """Why the piece on ``square`` does not attack ``target``: the piece standing in its
    line's way, or that its way of moving does not reach there.

    >>> why_not_attacked("4k3/8/8/2b5/8/8/8/3RK3 w - - 0 1", "c5", "c4").fact
    <Fact.DOES_NOT_ATTACK: 'does_not_attack'>
    >>> why_not_attacked("4k3/8/8/2b5/8/4P3/8/3RK3 w - - 0 1", "c5", "f2").squares
    ('c5', 'e3')
    """
    board = board_from(fen, moves)
    origin, aim = parse_square(square), parse_square(target)
    if board.piece_at(origin) is None or aim == origin or aim in board.attacks(origin):
        raise ValueError(f"the piece on {square} attacks {target}, or there is none")
    blocker = check.line_blocker(board, origin, aim)
    if blocker is not None:
        return refutation(board, Fact.LINE_BLOCKED, origin, blocker)
    return refutation(board, Fact.DOES_NOT_ATTACK, origin, aim)


def why_legal(fen: str, move: str, moves: Sequence[str] = ()) -> Refutation:
    """The legal ``move`` follows every rule; a knight's names what it jumps over, an en
    passant capture the pawn it takes (the en passant rule allows it).

    >>> why_legal("4k3/8/8/8/8/8/6P1/4K1N1 w - - 0 1", "g1f3").squares
    ('g1', 'f3', 'g2')
    """
    board = board_from(fen, moves)
    parsed = parse_uci(move)
    if not board.is_legal(parsed):
        raise ValueError(f"{move} is not legal")
    if board.is_en_passant(parsed):  # the rule that allows it is en passant's
        behind = -8 if board.turn == chess.WHITE else 8
        taken = parsed.to_square + behind
        return refutation(board, Fact.CAN_CAPTURE_EN_PASSANT, parsed.from_square, taken)
    if board.piece_type_at(parsed.from_square) == chess.KNIGHT:
        jumped = [square for square in _knight_leg(parsed) if board.piece_at(square) is not None]
        if jumped:
            return refutation(
                board, Fact.KNIGHT_JUMPS, parsed.from_square, parsed.to_square, *jumped
            )
    return refutation(board, Fact.MOVE_IS_LEGAL, parsed.from_square, parsed.to_square)


def _knight_leg(move: chess.Move) -> list[chess.Square]:
    """The square next to the knight in the long direction of its L (where a piece would
    hobble a xiangqi horse; a knight jumps over it)."""
    files = chess.square_file(move.to_square) - chess.square_file(move.from_square)
    ranks = chess.square_rank(move.to_square) - chess.square_rank(move.from_square)
    file, rank = chess.square_file(move.from_square), chess.square_rank(move.from_square)
    step = (0, ranks // 2) if abs(ranks) == 2 else (files // 2, 0)
    # The xiangqi horse's "leg": the square right beside it in the long direction.
    return [chess.square(file + step[0], rank + step[1])]


def why_san_wrong(
    fen: str, move: str, written: str, moves: Sequence[str] = ()
) -> Refutation | None:
    """What is wrong with ``written`` as the SAN of ``move`` (None: it is right)."""
    return notation.san_mistake(board_from(fen, moves), parse_uci(move), written)


def why_not_destination(fen: str, san: str, square: str, moves: Sequence[str] = ()) -> Refutation:
    """Why ``square`` is not where the move written ``san`` goes (read as ``parse_move``
    reads it: ``exd6 e.p.``, ``Ng1-f3``)."""
    board = board_from(fen, moves)
    move = parse_uci(notation.parse_move(fen, san, moves))
    return notation.reading_mistake(board, move, parse_square(square))


def why_attacked(fen: str, square: str, moves: Sequence[str] = ()) -> Refutation:
    """The enemy pieces attacking the piece on ``square`` (counted; perhaps none)."""
    board = board_from(fen, moves)
    target = parse_square(square)
    colour = board.color_at(target)
    found = sorted(board.attackers(not colour, target)) if colour is not None else []
    return refutation(board, Fact.ATTACKED_BY, target, *found, count=len(found))


def why_defended(fen: str, square: str, moves: Sequence[str] = ()) -> Refutation:
    """The pieces of its own side defending the piece on ``square`` (counted; perhaps none)."""
    board = board_from(fen, moves)
    target = parse_square(square)
    colour = board.color_at(target)
    found = sorted(board.attackers(colour, target)) if colour is not None else []
    return refutation(board, Fact.DEFENDED_BY, target, *found, count=len(found))


def why_material(fen: str, moves: Sequence[str] = ()) -> Refutation:
    """Each side's points: White's as ``count``, Black's as ``expected``.

    >>> points = why_material("4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1")
    >>> points.count, points.expected
    (8, '0')
    """
    board = board_from(fen, moves)
    white, black = board_material(board, chess.WHITE), board_material(board, chess.BLACK)
    return Refutation(Fact.MATERIAL_POINTS, count=white, expected=str(black))


def why_no_capture_on(fen: str, square: str, target: str, moves: Sequence[str] = ()) -> Refutation:
    """The piece on ``square`` cannot capture on ``target``: it neither attacks nor defends it."""
    board = board_from(fen, moves)
    return refutation(board, Fact.CANNOT_CAPTURE_ON, parse_square(square), parse_square(target))


def why_hanging_or_not(fen: str, square: str, moves: Sequence[str] = ()) -> Refutation:
    """Whether the piece on ``square`` hangs: its attackers when it has no defender (then
    it hangs), else its defenders (then it does not)."""
    defended = why_defended(fen, square, moves)
    if defended.count:
        return defended
    return why_attacked(fen, square, moves)
