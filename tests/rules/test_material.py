"""Material and protection: piece values, attackers and defenders, what a capture wins."""

import doctest
import importlib

import pytest

import rules


def test_the_examples_in_the_material_and_protection_docstrings_hold():
    for name in ("rules.material", "rules.protection"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.attempted >= 2
        assert result.failed == 0


def test_the_starting_position_is_39_points_each():
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert rules.material(start) == {"white": 39, "black": 39}
    assert rules.material_lead(start) == 0


def test_material_follows_the_history():
    start = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
    assert rules.material(start, ["e4d5"]) == {"white": 1, "black": 0}


def test_attackers_and_defenders_of_a_piece():
    # The knight on e5 is attacked by the rook on e1 and the bishop on b2, defended by d6.
    fen = "4k3/8/3p4/4n3/8/8/1B6/4RK2 w - - 0 1"
    assert rules.attackers_of(fen, "e5") == ["b2", "e1"]
    assert rules.defenders_of(fen, "e5") == ["d6"]
    assert rules.attackers_of(fen, "e4") == []


def test_a_piece_attacked_and_not_defended_hangs():
    fen = "4k3/8/8/1n2b3/8/8/8/1R2K3 w - - 0 1"
    assert rules.hanging(fen, "black") == ["b5"]
    assert rules.hanging(fen, "white") == []


def test_taking_an_undefended_piece_wins_all_of_it():
    assert rules.exchange_gain("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5") == 3


def test_a_rook_taking_a_defended_knight_loses_two():
    assert rules.exchange_gain("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5") == -2


def test_a_bishop_for_a_knight_is_a_fair_trade():
    assert rules.exchange_gain("4k3/8/4p3/3n4/8/1B6/8/4K3 w - - 0 1", "b3d5") == 0


def test_a_rook_taking_a_pawn_defended_by_a_rook_loses_four():
    assert rules.exchange_gain("3rk3/8/8/3p4/8/8/8/3RK2R w - - 0 1", "d1d5") == -4


def test_two_attackers_against_one_defender_win_the_pawn():
    # Rxd5 Rxd5 Rxd5: a pawn and a rook for a rook.
    assert rules.exchange_gain("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5") == 1


def test_the_king_does_not_recapture_onto_a_defended_square():
    # Qxf7+: the king may not take back, the bishop on c4 defends f7.
    fen = "4k3/5p2/8/8/2B5/8/8/4K2Q w - - 0 1"
    assert rules.exchange_gain(fen, "h1h5") == 0
    fen = "4k3/5p2/8/7Q/2B5/8/8/4K3 w - - 0 1"
    assert rules.exchange_gain(fen, "h5f7") == 1


def test_threats_name_every_square_where_a_capture_wins():
    fen = "4k3/8/8/1n2b3/8/8/8/1R2K3 w - - 0 1"
    assert rules.threats(fen) == {"b5": 3}


@pytest.mark.parametrize(
    ("move", "gain"),
    [
        ("b5c7", 5),  # the knight forks king and rook
        ("b5d6", 0),  # check, but nothing to win after it
    ],
)
def test_a_check_that_forks_wins_the_rook(move, gain):
    assert rules.forced_gain("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", move) == gain


def test_a_checkmate_wins_more_than_any_material():
    assert rules.forced_gain("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8") == rules.MATE_GAIN


def test_what_the_reply_takes_counts_against_the_check():
    # Qxf7+ Kxf7: the queen is lost for a pawn and nothing is won back.
    assert rules.forced_gain("4k3/5p2/8/7Q/8/8/8/4K3 w - - 0 1", "h5f7") < 0
