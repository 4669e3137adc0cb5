"""Plain board questions: the legal moves, what stands on a square, its colour, its neighbours."""

import chess
import pytest

from rules import InvalidSquare, legal_moves, neighbours, piece_at, placement, square_color


def test_the_starting_position_has_twenty_legal_moves():
    moves = legal_moves(chess.STARTING_FEN)
    assert len(moves) == 20
    assert {"e2e4", "g1f3"} <= set(moves)


def test_a_stalemated_side_has_no_legal_moves():
    assert legal_moves("k7/8/1Q6/8/8/8/8/K7 b - - 0 1") == []


def test_legal_moves_follow_the_history():
    after_check = legal_moves("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ("a1a8",))
    assert sorted(after_check) == ["e8d7", "e8e7", "e8f7"]


def test_piece_at_gives_the_symbol_upper_case_for_white():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert piece_at(fen, "e1") == "K"
    assert piece_at(fen, "e8") == "k"
    assert piece_at(fen, "e2") == "P"


def test_piece_at_an_empty_square_is_none():
    assert piece_at("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d4") is None


def test_piece_at_after_a_move_of_the_history():
    assert piece_at(chess.STARTING_FEN, "e4", ("e2e4",)) == "P"
    assert piece_at(chess.STARTING_FEN, "e2", ("e2e4",)) is None


@pytest.mark.parametrize(
    ("square", "colour"),
    [
        ("a1", "dark"),
        ("h1", "light"),
        ("a8", "light"),
        ("h8", "dark"),
        ("d4", "dark"),
        ("e4", "light"),
    ],
)
def test_square_color(square, colour):
    assert square_color(square) == colour


def test_a_corner_square_has_three_neighbours():
    assert neighbours("a1") == {"a2", "b1", "b2"}


def test_a_middle_square_has_eight_neighbours():
    assert neighbours("e4") == {"d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"}


def test_a_bad_square_name_is_refused():
    with pytest.raises(InvalidSquare):
        square_color("i9")


def test_placement_lists_every_piece_by_square_after_the_history():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert placement(fen) == {"e8": "k", "e2": "P", "e1": "K"}
    assert placement(fen, ["e2e4"]) == {"e8": "k", "e4": "P", "e1": "K"}
