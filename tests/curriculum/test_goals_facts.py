"""The computed truth behind choice, squares and assess puzzles, one question at a time."""

from types import MappingProxyType

import pytest

from curriculum.kinds.assess import truth as assess_truth
from curriculum.kinds.choice import truth as choice_truth
from curriculum.kinds.squares import truth as squares_truth
from curriculum.loading import Option, Puzzle


def choice(fen: str, question: str, moves: tuple[str, ...] = (), **params) -> Puzzle:
    return Puzzle(
        id="test-choice",
        lesson="test",
        kind="choice",
        prompt="題目",
        fen=fen,
        hint="提示",
        explanation="說明",
        moves=moves,
        question=question,
        params=MappingProxyType(params),
        options=(Option("a", "甲"), Option("b", "乙")),
    )


def squares(fen: str, target: str, square: str) -> Puzzle:
    return Puzzle(
        id="test-squares",
        lesson="test",
        kind="squares",
        prompt="題目",
        fen=fen,
        hint="提示",
        explanation="說明",
        target=target,
        square=square,
    )


def assess(fen: str, moves: tuple[str, ...] = ()) -> Puzzle:
    return Puzzle(
        id="test-assess",
        lesson="test",
        kind="assess",
        prompt="題目",
        fen=fen,
        hint="提示",
        explanation="說明",
        moves=moves,
    )


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.mark.parametrize(
    ("square", "colour"), [("a1", "dark"), ("h1", "light"), ("a8", "light"), ("e4", "light")]
)
def test_square_color(square, colour):
    assert choice_truth(choice(START, "square_color", square=square)) == {colour}


@pytest.mark.parametrize(("square", "piece"), [("d1", "Q"), ("e8", "k"), ("e4", "empty")])
def test_piece_at(square, piece):
    assert choice_truth(choice(START, "piece_at", square=square)) == {piece}


def test_can_castle_is_no_once_the_king_has_moved_and_come_back():
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert choice_truth(choice(fen, "can_castle", side="short")) == {"yes"}
    moved = ("e1f1", "e8d8", "f1e1", "d8e8")
    assert choice_truth(choice(fen, "can_castle", moved, side="short")) == {"no"}


def test_castling_reasons_lists_every_rule_broken():
    fen = "k3r3/8/8/8/8/8/8/4K1NR w K - 0 1"
    assert choice_truth(choice(fen, "castling_reasons", side="short")) == {
        "castling_in_check",
        "castling_blocked",
    }


def test_move_legal_and_illegal_reason():
    fen = "4k3/8/8/8/8/3P4/8/3QK3 w - - 0 1"
    assert choice_truth(choice(fen, "move_legal", move="d1d5")) == {"no"}
    assert choice_truth(choice(fen, "move_legal", move="d1d2")) == {"yes"}
    assert choice_truth(choice(fen, "illegal_reason", move="d1d5")) == {"path_blocked"}


def test_en_passant_capturers_right_after_the_two_square_advance():
    fen = "4k3/3p4/8/2P1P3/8/8/8/4K3 b - - 0 1"
    assert choice_truth(choice(fen, "en_passant_capturers", ("d7d5",))) == {"c5", "e5"}
    assert choice_truth(choice(fen, "en_passant_capturers", ("d7d6",))) == set()


def test_checkers_and_in_check():
    fen = "4k3/8/8/8/1b6/8/8/4K2r w - - 0 1"
    assert choice_truth(choice(fen, "checkers")) == {"b4", "h1"}
    assert choice_truth(choice(fen, "in_check")) == {"yes"}
    assert choice_truth(choice(START, "in_check")) == {"no"}


def test_san_and_destination_of():
    assert choice_truth(choice(START, "san", move="g1f3")) == {"Nf3"}
    assert choice_truth(choice(START, "destination_of", san="Nc3")) == {"c3"}


def test_can_claim_threefold_after_the_knights_dance():
    dance = ("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8")
    assert choice_truth(choice(START, "can_claim", dance)) == {"threefold"}
    assert choice_truth(choice(START, "can_claim")) == {"none"}


def test_can_claim_fifty_moves():
    assert choice_truth(choice("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "can_claim")) == {"fifty"}


def test_king_cannot_go_counts_own_pieces_and_attacked_squares():
    fen = "4k3/8/8/8/8/8/r7/3NK3 w - - 0 1"
    assert squares_truth(squares(fen, "king_cannot_go", "e1")) == {"d1", "d2", "e2", "f2"}


def test_attacks_include_squares_behind_nothing_and_stop_at_pieces():
    fen = "4k3/8/8/8/8/2P5/8/B3K3 w - - 0 1"
    assert squares_truth(squares(fen, "attacks", "a1")) == {"b2", "c3"}


@pytest.mark.parametrize(
    ("fen", "moves", "truth"),
    [
        ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", (), {"stalemate"}),
        ("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", (), {"checkmate"}),
        ("k7/8/1K6/8/8/8/8/7N w - - 0 1", (), {"insufficient_material"}),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", (), {"fifty_moves"}),
        (START, (), {"ongoing"}),
    ],
)
def test_assess_names_the_ending(fen, moves, truth):
    assert assess_truth(assess(fen, moves)) == truth
