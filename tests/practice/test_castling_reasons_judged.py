"""Every reason a castling_reasons puzzle accepts is the one python-chess finds, with the
king standing on its square (3.8.2.2: a square is attacked in the position as it is, so a
piece that reaches it only through the king does not attack it)."""

import chess
import pytest
from django.conf import settings
from django.utils import translation

from practice.generators import LEVELS, build, puzzle_id

SEEDS = range(400)


def judged_reasons(fen: str, moves: tuple[str, ...], side: str) -> set[str]:
    """The castling conditions broken, from python-chess alone."""
    board = chess.Board(fen)
    for move in moves:
        board.push_uci(move)
    rank = 0 if board.turn == chess.WHITE else 7
    corner = chess.square(7 if side == "short" else 0, rank)
    king = chess.square(4, rank)
    crossed = chess.square(5 if side == "short" else 3, rank)
    landing = chess.square(6 if side == "short" else 2, rank)
    reasons = set()
    rook_there = board.piece_at(corner) == chess.Piece(chess.ROOK, board.turn)
    if not rook_there or not board.castling_rights & chess.BB_SQUARES[corner]:
        reasons.add("castling_rights_lost")
    if board.is_check():
        reasons.add("castling_in_check")
    if rook_there and board.occupied & chess.between(king, corner):
        reasons.add("castling_blocked")
    if board.is_attacked_by(not board.turn, crossed):
        reasons.add("castling_through_attack")
    if board.is_attacked_by(not board.turn, landing):
        reasons.add("castling_into_attack")
    return reasons


def reasons_puzzles():
    with translation.override(settings.LANGUAGE_CODE):
        for rule in ("castling-not-now", "castling-forever"):
            for seed in SEEDS:
                puzzle = build(puzzle_id(rule, LEVELS[seed % len(LEVELS)], seed))
                if puzzle.question == "castling_reasons":
                    yield puzzle


def test_a_rook_next_to_the_king_does_not_attack_the_squares_behind_it():
    assert judged_reasons("8/2q5/k7/8/8/8/P4PPP/R2rK1BR w K - 0 1", (), "short") == {
        "castling_in_check",
        "castling_blocked",
    }


@pytest.mark.slow
def test_every_castling_reasons_puzzle_agrees_with_python_chess():
    puzzles = list(reasons_puzzles())
    wrong = [
        p.id for p in puzzles if set(p.answer) != judged_reasons(p.fen, p.moves, p.params["side"])
    ]
    assert len(puzzles) > 200
    assert wrong == []
