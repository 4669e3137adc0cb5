"""Where a piece may go, what it attacks."""

import pytest

from rules import InvalidSquare, attacks, destinations


def test_destinations_of_a_knight_jumping_over_its_own_pawns():
    fen = "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    assert destinations(fen, "g1") == {"f3", "h3"}


def test_destinations_include_castling_as_the_king_square():
    assert destinations("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1") == {
        "d1",
        "d2",
        "e2",
        "f2",
        "f1",
        "g1",
    }


def test_destinations_of_a_pinned_knight_are_none():
    assert destinations("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2") == set()


def test_destinations_of_an_empty_square_or_a_piece_not_to_move_are_empty():
    fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
    assert destinations(fen, "d4") == set()
    assert destinations(fen, "e8") == set()


def test_destinations_of_a_promoting_pawn_name_the_square_once():
    assert destinations("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7") == {"a8"}


def test_attacks_of_a_pawn_are_its_diagonals_whoever_is_to_move():
    assert attacks("4k3/8/8/8/4p3/8/8/4K3 w - - 0 1", "e4") == {"d3", "f3"}


def test_attacks_of_a_rook_stop_at_the_first_piece_and_include_it():
    assert attacks("4k3/8/8/8/8/8/8/R1N1K3 w - - 0 1", "a1") == {
        "b1",
        "c1",
        *{f"a{rank}" for rank in range(2, 9)},
    }


def test_attacks_of_an_empty_square_are_none():
    assert attacks("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d4") == set()


@pytest.mark.parametrize("square", ["i9", "e", "", "E44"])
def test_a_name_that_is_not_a_square_is_invalid_square(square):
    with pytest.raises(InvalidSquare, match="is not a square"):
        destinations("4k3/8/8/8/8/8/8/4K3 w - - 0 1", square)
