"""How the game stands: check, automatic endings, and the draws that may be claimed."""

import pytest

from rules import Claim, Termination, assess, checkmated_king, claims_after, position_after

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHTS_OUT_AND_BACK = ["g1f3", "g8f6", "f3g1", "f6g8"]


def test_a_quiet_position_has_no_check_no_ending_and_no_claim():
    state = assess(START)
    assert (state.in_check, state.termination, state.claims, state.winner, state.checkers) == (
        False,
        None,
        frozenset(),
        None,
        (),
    )


def test_check_names_the_checking_pieces():
    state = assess("4k3/8/8/8/1b6/8/8/4K2r w - - 0 1")
    assert (state.in_check, state.checkers) == (True, ("h1", "b4"))


def test_checkmate_names_the_winner():
    state = assess("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    assert (state.termination, state.winner, state.in_check) == (
        Termination.CHECKMATE,
        "white",
        True,
    )


def test_stalemate_is_no_move_and_no_check():
    state = assess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert (state.termination, state.winner, state.in_check) == (
        Termination.STALEMATE,
        None,
        False,
    )


def test_king_and_knight_against_king_is_insufficient_material():
    assert assess("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").termination is (
        Termination.INSUFFICIENT_MATERIAL
    )


def test_threefold_repetition_may_be_claimed_when_the_position_occurs_the_third_time():
    assert assess(START, KNIGHTS_OUT_AND_BACK).claims == frozenset()
    assert assess(START, KNIGHTS_OUT_AND_BACK * 2).claims == {Claim.THREEFOLD_REPETITION}


def test_threefold_may_be_claimed_by_declaring_the_move_that_produces_it():
    history = KNIGHTS_OUT_AND_BACK * 2
    assert claims_after(START, history[-1], history[:-1]) == {Claim.THREEFOLD_REPETITION}
    assert claims_after(START, "e2e4", history[:-1]) == frozenset()


def test_threefold_counts_only_positions_with_the_same_castling_rights():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    cycle = ["e1f1", "e8f8", "f1e1", "f8e8"]
    # The start looks the same but could still castle: it does not count.
    assert assess(fen, cycle * 2).claims == frozenset()
    assert assess(fen, cycle * 3).claims == {Claim.THREEFOLD_REPETITION}


def test_threefold_counts_only_positions_with_the_same_en_passant_possibility():
    fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
    cycle = ["e1e2", "e8e7", "e2e1", "e7e8"]
    # Right after d7d5 white could take en passant: that position is not the same.
    assert assess(fen, ["d7d5", *cycle * 2]).claims == frozenset()
    assert assess(fen, ["d7d5", *cycle * 3]).claims == {Claim.THREEFOLD_REPETITION}


def test_an_en_passant_square_nobody_can_use_does_not_make_a_position_different():
    fen = "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1"
    cycle = ["e1e2", "e8e7", "e2e1", "e7e8"]
    assert assess(fen, ["d7d5", *cycle * 2]).claims == {Claim.THREEFOLD_REPETITION}


def test_fifty_moves_may_be_claimed_after_fifty_moves_by_each_side_without_capture_or_pawn_move():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"
    assert assess(fen).claims == frozenset()
    assert claims_after(fen, "a1a2") == {Claim.FIFTY_MOVES}
    assert assess(fen, ["a1a2"]).claims == {Claim.FIFTY_MOVES}


def test_a_pawn_move_resets_the_fifty_move_count():
    fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80"
    assert claims_after(fen, "a2a3") == frozenset()


def test_an_illegal_move_lets_nobody_claim():
    assert claims_after("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1b2") == frozenset()


def test_seventy_five_moves_end_the_game_without_a_claim():
    state = assess("4k3/8/8/8/8/8/8/R3K3 w - - 150 120")
    assert (state.termination, state.claims) == (Termination.SEVENTYFIVE_MOVES, frozenset())


def test_fivefold_repetition_ends_the_game_without_a_claim():
    state = assess(START, KNIGHTS_OUT_AND_BACK * 4)
    assert (state.termination, state.claims) == (Termination.FIVEFOLD_REPETITION, frozenset())


def test_mate_on_the_move_that_reaches_seventy_five_moves_is_still_mate():
    state = assess("7k/8/6K1/8/8/8/8/5Q2 w - - 149 120", ["f1f8"])
    assert state.termination is Termination.CHECKMATE


def test_threefold_counts_only_positions_with_the_same_side_to_move():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    # The rook's triangle a1-a2-a3-a1 hands the move over: the start placement comes back
    # after 5 plies with black to move and after 12 plies with white to move.
    triangle = ["a1a2", "e8d8", "a2a3", "d8e8", "a3a1", "e8d8"]
    triangle += ["a1a2", "d8e8", "a2a3", "e8d8", "a3a1", "d8e8"]
    assert position_after(fen, triangle[:5]).split()[:2] == ["4k3/8/8/8/8/8/8/R3K3", "b"]
    assert position_after(fen, triangle).split()[:2] == ["4k3/8/8/8/8/8/8/R3K3", "w"]
    assert assess(fen, triangle).claims == frozenset()


@pytest.mark.parametrize(
    ("fen", "king"),
    [
        ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "g8"),  # back-rank mate of black
        ("6rk/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "g1"),  # back-rank mate of white
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", None),  # stalemate: no king is mated
        ("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", None),  # check, with a way out
        (START, None),
    ],
)
def test_the_checkmated_king_is_found_exactly_when_assess_says_checkmate(fen, king):
    assert checkmated_king(fen) == king
    assert (assess(fen).termination is Termination.CHECKMATE) == (king is not None)
