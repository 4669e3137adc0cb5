"""Practice promotion never accepts a move that draws at once (stalemate, or a dead position:
5.2.2), judged by python-chess; level 2 (the stalemate trap) has many positions."""

import chess
import pytest

from curriculum.judging import judge
from curriculum.outcome import Result
from practice.generators import build, puzzle_id

SEEDS = range(40)


def draws_at_once(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_stalemate() or board.is_insufficient_material()
    finally:
        board.pop()


@pytest.mark.parametrize("level", [1, 2, 3])
def test_no_promotion_puzzle_accepts_a_move_that_draws_at_once(level):
    for seed in SEEDS:
        puzzle = build(puzzle_id("promotion", level, seed))
        board = chess.Board(puzzle.fen)
        accepted = [
            move
            for move in board.legal_moves
            if judge(puzzle, move.uci(), ()).result is Result.CORRECT
        ]
        assert accepted, puzzle.id
        assert not [m.uci() for m in accepted if draws_at_once(board, m)], puzzle.id


def test_level_2_has_at_least_20_positions_in_40_puzzles_each_a_queen_stalemate():
    fens = set()
    for seed in SEEDS:
        puzzle = build(puzzle_id("promotion", 2, seed))
        board = chess.Board(puzzle.fen)
        queens = [m for m in board.legal_moves if m.promotion == chess.QUEEN]
        assert any(_stalemates(board, m) for m in queens), puzzle.id
        fens.add(puzzle.fen)
    assert len(fens) >= 20


def _stalemates(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_stalemate()
    finally:
        board.pop()
