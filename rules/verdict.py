"""The engine's answer about one move: legal or not, why, and what the move does."""

from dataclasses import dataclass

import chess

from rules.codes import Fact, Reason


@dataclass(frozen=True)
class Finding:
    """One rule a move breaks, with the squares the explanation points at.

    ``pieces`` holds, for each of ``squares``, the symbol of the piece standing there
    in the judged position ("R" white rook, "r" black rook), or None for an empty square.
    ``between`` is said only with IGNORES_CHECK from one checking piece: the squares
    between it and the king, where a piece could block; empty when the check cannot be
    blocked (a knight's or a pawn's check, or a piece right beside the king).
    """

    reason: Reason
    squares: tuple[str, ...] = ()
    pieces: tuple[str | None, ...] = ()
    between: tuple[str, ...] = ()


@dataclass(frozen=True)
class Refutation:
    """The fact of a position that shows a wrong answer to a question about it wrong.

    ``squares`` and ``pieces`` are as in ``Finding``: the squares the explanation points
    at, and the symbol of the piece on each (None for an empty square). ``count`` is the
    number a counting fact is about (times a position appeared, moves without a capture).
    ``expected`` is the right written form, for the notation facts.
    """

    fact: Fact
    squares: tuple[str, ...] = ()
    pieces: tuple[str | None, ...] = ()
    count: int | None = None
    expected: str | None = None


@dataclass(frozen=True)
class Verdict:
    """Whether ``move`` is legal, and if not every rule it breaks, primary first.

    The facts ``piece`` … ``stalemate`` describe a legal move and are None/False
    for an illegal one. ``captured_square`` is where the captured piece stood: the
    destination, or for en passant the square of the pawn taken beside it. ``mover`` is
    the symbol of the piece on the from-square whether the move is legal or not (None
    when that square is empty).
    """

    move: str
    legal: bool
    reason: Reason | None = None
    reasons: tuple[Reason, ...] = ()
    squares: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    san: str | None = None
    fen_after: str | None = None
    piece: str | None = None
    captured: str | None = None
    captured_square: str | None = None
    castling: str | None = None
    en_passant: bool = False
    promotion: str | None = None
    gives_check: bool = False
    checkmate: bool = False
    stalemate: bool = False
    mover: str | None = None


def illegal(move: str, findings: list[Finding], mover: str | None) -> Verdict:
    """The verdict for an illegal move that breaks the rules in ``findings``."""
    squares: list[str] = []
    for finding in findings:
        squares.extend(square for square in finding.squares if square not in squares)
    reasons = tuple(finding.reason for finding in findings)
    return Verdict(
        move=move,
        legal=False,
        reason=reasons[0] if reasons else None,
        reasons=reasons,
        squares=tuple(squares),
        findings=tuple(findings),
        mover=mover,
    )


def refutation(
    board: chess.Board,
    fact: Fact,
    *squares: chess.Square,
    count: int | None = None,
    expected: str | None = None,
) -> Refutation:
    """A refutation naming ``squares`` and the pieces on them in ``board``."""
    pieces = tuple(board.piece_at(square) for square in squares)
    return Refutation(
        fact,
        tuple(chess.square_name(square) for square in squares),
        tuple(piece.symbol() if piece else None for piece in pieces),
        count,
        expected,
    )
