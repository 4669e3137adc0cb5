"""A FEN is read and checked once per process; every caller still gets its own board."""

import chess
import pytest

import rules
from rules.position import _checked_board, _written_fen, board_from

FEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def test_a_board_read_twice_is_two_boards_and_a_move_on_one_leaves_the_other():
    first = board_from(FEN)
    first.push_uci("e1g1")
    second = board_from(FEN)
    assert second is not first
    assert second.fen() == FEN
    assert second.move_stack == []
    assert board_from(FEN, ["e1c1"]).fen() == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"


def test_the_position_is_checked_once_for_many_reads(fresh_caches):
    for _ in range(3):
        rules.legal_moves(FEN)
        rules.placement(FEN)
    assert _checked_board.cache_info().misses == 1
    assert _checked_board.cache_info().hits == 5


@pytest.mark.parametrize("fen", ["not a fen", "8/8/8/8/8/8/8/8 w - - 0 1"])
def test_a_bad_position_is_refused_every_time_it_is_read(fen):
    for _ in range(2):
        with pytest.raises(rules.InvalidFen):
            board_from(fen)


def test_the_kept_board_is_never_the_one_handed_out():
    board = board_from(FEN)
    board.clear()
    assert board_from(FEN).piece_at(chess.E1) == chess.Piece.from_symbol("K")


def test_a_position_with_nothing_played_on_top_writes_its_fen_as_the_engine_does_once(
    fresh_caches,
):
    # an en passant square no pawn can take on is not written: the engine's normal form
    fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
    assert (
        rules.Position(fen).fen_now == chess.Board(fen).fen() == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    )
    assert rules.Position(fen).fen_now == chess.Board(fen).fen()
    assert _written_fen.cache_info().misses == 1
    assert rules.Position(fen, ["e8d8"]).fen_now == "3k4/8/8/8/4P3/8/8/4K3 w - - 1 2"
    assert rules.Position(fen).after("e8d8").fen_now == "3k4/8/8/8/4P3/8/8/4K3 w - - 1 2"
