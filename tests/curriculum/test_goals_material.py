"""The material goals: a capture that wins (or does not lose), a piece kept safe, a check
that wins a piece. Judged by the engine's exchange on the square, never an answer key."""

import pytest
from django.utils import translation

from curriculum.judging import judge
from tests.curriculum.conftest import assert_correct, assert_incorrect, move_puzzle


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


DEFENDED_KNIGHT = "4k3/8/4p3/3n4/8/8/K7/3R3b w - - 0 1"  # d5 defended by e6, h1 free
LOSES = "This capture loses material: the piece is defended, and yours is worth more."


def test_a_winning_capture_takes_the_undefended_piece():
    puzzle = move_puzzle(DEFENDED_KNIGHT, {"type": "trade", "gain": "win"})
    assert_correct(puzzle, "d1h1")
    assert_incorrect(puzzle, "d1d5", LOSES)
    assert_incorrect(puzzle, "d1d2", "This move is legal, but it does not capture anything.")


def test_the_losing_capture_rings_the_pieces_that_take_back():
    puzzle = move_puzzle(DEFENDED_KNIGHT, {"type": "trade", "gain": "win"})
    assert judge(puzzle, "d1d5").miss.squares == ("e6", "h1")  # the bishop too


def test_a_fair_trade_is_no_loss_and_the_queen_for_a_knight_is():
    puzzle = move_puzzle(
        "4k3/8/3p4/4n3/8/5N2/4Q3/4K3 w - - 0 1", {"type": "trade", "gain": "no_loss"}
    )
    assert_correct(puzzle, "f3e5")
    assert_incorrect(puzzle, "e2e5", LOSES)


def test_a_piece_is_kept_safe_by_moving_or_by_defending_it():
    puzzle = move_puzzle(
        "1r4k1/8/8/1B6/8/8/P1P5/4K3 w - - 0 1", {"type": "protect", "square": "b5"}
    )
    assert_correct(puzzle, "b5e2")  # away
    assert_correct(puzzle, "a2a4")  # defended: Rxb5 axb5 loses the rook
    assert_incorrect(puzzle, "e1d1", "This move is legal, but that piece can still be won.")
    assert judge(puzzle, "e1d1").miss.squares == ("b5",)


def test_saving_one_piece_by_leaving_another_hanging_is_not_enough():
    # The bishop runs, but the knight on d4 is left to the pawn on e5.
    puzzle = move_puzzle(
        "1r4k1/8/8/1B2p3/3N4/8/8/4K3 w - - 0 1", {"type": "protect", "square": "b5"}
    )
    outcome = judge(puzzle, "b5a4")
    assert outcome.miss.code == "other_piece_in_danger"
    assert outcome.miss.squares == ("d4",)


def test_a_forking_check_wins_and_a_plain_check_does_not():
    puzzle = move_puzzle("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", {"type": "check_wins"})
    assert_correct(puzzle, "b5c7")
    assert_incorrect(puzzle, "b5d6", "This check is legal, but after it you win no piece.")
    assert_incorrect(puzzle, "b5c3", "This move is legal, but it does not give check.")


def test_a_check_that_loses_the_queen_to_the_rook_wins_nothing():
    puzzle = move_puzzle("6k1/8/8/r7/8/8/8/3QK3 w - - 0 1", {"type": "check_wins"})
    assert_correct(puzzle, "d1d8")
    assert judge(puzzle, "d1d5").miss.code == "check_wins_nothing"  # ...Rxd5
