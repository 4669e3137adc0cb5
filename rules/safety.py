"""King safety: a move that follows the piece's movement may still leave its own king attacked."""

from dataclasses import replace

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
    pinners = [square for square in attackers_after if square not in checkers]
    if not checkers or (len(checkers) == 1 and _would_answer_check(board, move, checkers[0], king)):
        return [pinned(board, move, pinners, king)]
    findings = [ignores_check(board, checkers, king)]
    if pinners:
        findings.append(pinned(board, move, pinners, king))
    return findings


def ignores_check(board: chess.Board, checkers: list[chess.Square], king: chess.Square) -> Finding:
    """IGNORES_CHECK naming the checkers; for one checker, also the squares to block on."""
    found = finding(board, Reason.IGNORES_CHECK, *checkers)
    if len(checkers) != 1 or not chess.between(checkers[0], king):
        return found
    line = squares_between(checkers[0], king)
    return replace(found, between=tuple(chess.square_name(square) for square in line))


def pinned(
    board: chess.Board, move: chess.Move, pinners: list[chess.Square], king: chess.Square
) -> Finding:
    """PINNED naming the pieces that would attack the king once ``move`` is played.

    An en passant capture also takes a pawn off the board: when that pawn stood on the
    line from a pinner to the king, the finding names that pinner and then the pawn (it
    was shielding the king too, as in the rare capture that uncovers a rank attack).
    """
    if board.is_en_passant(move):
        taken = _taken_en_passant(move)
        for pinner in pinners:
            if _on_line(pinner, king) and taken in squares_between(pinner, king):
                return finding(board, Reason.PINNED, pinner, taken)
    return finding(board, Reason.PINNED, *pinners)


def _taken_en_passant(move: chess.Move) -> chess.Square:
    return chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))


def _on_line(a: chess.Square, b: chess.Square) -> bool:
    return bool(chess.BB_RAYS[a][b])


def king_into_attack(board: chess.Board, after: chess.Board, move: chess.Move) -> list[Finding]:
    """The king may not step onto an attacked square (nor back along a checking line)."""
    attackers = after.attackers(after.turn, move.to_square)
    return [finding(board, Reason.KING_INTO_ATTACK, min(attackers))]


def _would_answer_check(
    board: chess.Board, move: chess.Move, checker: chess.Square, king: chess.Square
) -> bool:
    """Whether ``move`` captures the one checking piece or steps between it and the king."""
    captured = _taken_en_passant(move) if board.is_en_passant(move) else move.to_square
    if captured == checker:
        return True
    line = board.piece_type_at(checker) in (chess.BISHOP, chess.ROOK, chess.QUEEN)
    return line and move.to_square in squares_between(checker, king)
