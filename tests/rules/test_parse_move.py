"""parse_move: what a child types, turned into the UCI move the engine judges."""

import pytest

from rules import IllegalHistory, InvalidMove, history_san, parse_move

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OPEN = "r3k2r/8/8/3p4/4P3/8/8/R3K1NR w KQkq - 0 1"


@pytest.mark.parametrize(("text", "uci"), [("e2e4", "e2e4"), ("E2E4", "e2e4"), ("g1f3", "g1f3")])
def test_uci_is_taken_as_is(text, uci):
    assert parse_move(START, text) == uci


def test_illegal_uci_is_taken_as_is_so_the_engine_can_explain_it():
    assert parse_move(START, "e2e5") == "e2e5"
    assert parse_move(START, "g1g3") == "g1g3"


def test_a_piece_letter_typed_in_lower_case_is_understood():
    assert parse_move(START, "nf3") == "g1f3"


def test_uci_promotion_is_taken_as_is():
    assert parse_move("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7a8q") == "a7a8q"


@pytest.mark.parametrize(
    ("text", "uci"),
    [("Nf3", "g1f3"), ("e4", "e2e4"), ("Nc3+", "b1c3"), ("e4!?", "e2e4"), ("Nf3#", "g1f3")],
)
def test_legal_san_is_turned_into_uci(text, uci):
    assert parse_move(START, text) == uci


def test_a_pawn_capture_in_san():
    assert parse_move(OPEN, "exd5") == "e4d5"


@pytest.mark.parametrize(("text", "uci"), [("O-O", "e1g1"), ("0-0", "e1g1"), ("O-O-O", "e1c1")])
def test_castling_written_with_letters_or_zeros(text, uci):
    assert parse_move(OPEN, text) == uci


def test_castling_that_is_illegal_still_gives_the_king_move_to_explain():
    assert parse_move(START, "O-O") == "e1g1"


def test_castling_when_the_king_has_left_its_square_is_invalid():
    with pytest.raises(InvalidMove, match="not on its starting square"):
        parse_move("4k3/8/8/8/8/8/4K3/7R w - - 0 1", "O-O")


def test_promotion_in_san():
    assert parse_move("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a8=Q") == "a7a8q"
    assert parse_move("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a8N") == "a7a8n"


def test_illegal_san_gives_the_one_piece_that_moves_that_way():
    # The pinned knight on d2 cannot go to f3, but it is the only knight that jumps there.
    assert parse_move("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3") == "d2f3"


def test_illegal_san_for_a_blocked_bishop_gives_the_bishop_move():
    assert parse_move(START, "Bc4") == "f1c4"


def test_illegal_pawn_capture_onto_an_empty_square_gives_the_pawn_move():
    assert parse_move(START, "exd3") == "e2d3"


def test_san_that_no_piece_could_play_is_invalid():
    with pytest.raises(InvalidMove, match="no knight of the side to move can reach e5"):
        parse_move(START, "Ne5")


def test_san_that_two_pieces_could_play_is_ambiguous():
    with pytest.raises(InvalidMove, match="ambiguous"):
        parse_move("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1")


def test_illegal_san_that_two_pieces_could_mean_is_ambiguous():
    with pytest.raises(InvalidMove, match="ambiguous: the rooks on a1, h1"):
        parse_move("4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1", "Rd1")


@pytest.mark.parametrize("text", ["", "hello", "Zf3", "e9", "++"])
def test_text_that_is_not_a_move_is_invalid(text):
    with pytest.raises(InvalidMove):
        parse_move(START, text)


def test_history_is_written_in_san_move_by_move_including_castling_and_en_passant():
    fen = "r3k2r/8/8/8/3p4/8/4P3/R3K2R w KQkq - 0 1"
    moves = ["e2e4", "d4e3", "e1g1", "e8c8"]
    assert history_san(fen, moves) == ["e4", "dxe3", "O-O", "O-O-O"]


def test_history_san_refuses_an_illegal_history():
    with pytest.raises(IllegalHistory):
        history_san(START, ["e2e5"])
