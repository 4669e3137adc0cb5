"""King safety: a move that follows the piece's movement may still leave its own king attacked."""

import chess

from rules.codes import Reason
from rules.movement import finding, squares_between
from rules.verdict import Finding


def safety_findings(board: chess.Board, move: chess.Move) -> list[Finding]:
    """Why a pseudo-legal move is illegal: the king walks into attack, a pin, or a check ignored."""
    after = board.copy(stack=False)
    after.push(move)
    if board.piece_type_at(move.from_square) == chess.KING:
        return king_into_attack(board, after, move)
    king = board.king(board.turn)
    assert king is not None
    attackers_after = after.attackers(not board.turn, king)
    checkers = list(board.checkers())
    if not checkers:
        return [finding(board, Reason.PINNED, *attackers_after)]
    pinners = [square for square in attackers_after if square not in checkers]
    if len(checkers) == 1 and _would_answer_check(board, move, checkers[0], king):
        return [finding(board, Reason.PINNED, *pinners)]
    findings = [finding(board, Reason.IGNORES_CHECK, *checkers)]
    if pinners:
        findings.append(finding(board, Reason.PINNED, *pinners))
    return findings


def king_into_attack(board: chess.Board, after: chess.Board, move: chess.Move) -> list[Finding]:
    """The king may not step onto an attacked square (nor back along a checking line)."""
    attackers = after.attackers(after.turn, move.to_square)
    return [finding(board, Reason.KING_INTO_ATTACK, min(attackers))]


def _would_answer_check(
    board: chess.Board, move: chess.Move, checker: chess.Square, king: chess.Square
) -> bool:
    """Whether ``move`` captures the one checking piece or steps between it and the king."""
    captured = move.to_square
    if board.is_en_passant(move):
        captured = chess.square(
            chess.square_file(move.to_square), chess.square_rank(move.from_square)
        )
    if captured == checker:
        return True
    line = board.piece_type_at(checker) in (chess.BISHOP, chess.ROOK, chess.QUEEN)
    return line and move.to_square in squares_between(checker, king)
