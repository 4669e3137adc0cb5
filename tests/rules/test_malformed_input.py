"""Malformed input raises a RulesError that says what is wrong, never anything else."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    IllegalHistory,
    InvalidFen,
    InvalidMove,
    RulesError,
    Verdict,
    assess,
    check_move,
    destinations,
    parse_move,
    position_after,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("", "is not a FEN"),
        ("hello", "is not a FEN"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "there is no white king"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "there is no white king"),
        ("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "castling right"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn stands on the first or last rank"),
        ("R3k3/8/8/8/8/8/8/4K3 w - - 0 1", "side not to move is in check"),
    ],
)
def test_a_fen_that_is_not_a_legal_position_is_invalid_fen(fen, message):
    with pytest.raises(InvalidFen, match=message):
        check_move(fen, "e1e2")


def test_a_fen_that_is_not_a_string_is_invalid_fen():
    with pytest.raises(InvalidFen):
        assess(None)


@pytest.mark.parametrize("move", ["", "e2", "e2-e4", "Nf3", "e2e2", "0000", "P@e4", "e7e8x"])
def test_a_move_that_is_not_uci_is_invalid_move(move):
    with pytest.raises(InvalidMove, match="not a"):
        check_move(START, move)


def test_an_illegal_history_move_says_which_and_where():
    with pytest.raises(IllegalHistory, match=r"history move 2 \(e2e4\) is not legal"):
        check_move(START, "g8f6", ["e2e4", "e2e4"])


def test_a_history_move_that_is_not_uci_is_illegal_history():
    with pytest.raises(IllegalHistory, match="history move 1"):
        position_after(START, ["Nf3"])


@pytest.mark.parametrize("history", [42, {"e2e4"}])
def test_a_history_that_is_not_a_list_is_illegal_history(history):
    with pytest.raises(IllegalHistory, match="must be a list of UCI moves"):
        check_move(START, "e2e4", history)


def test_history_may_be_one_string_of_moves():
    assert position_after(START, "e2e4 e7e5") == position_after(START, ["e2e4", "e7e5"])


def test_every_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


@settings(max_examples=300, deadline=None)
@given(fen=st.text(max_size=80), move=st.text(max_size=8), square=st.text(max_size=4))
def test_random_text_gives_a_rules_error_never_another_exception(fen, move, square):
    for call in (
        lambda: check_move(fen, move),
        lambda: check_move(START, move),
        lambda: destinations(fen, square),
        lambda: destinations(START, square),
        lambda: parse_move(START, move),
        lambda: assess(fen),
    ):
        with contextlib.suppress(RulesError):
            call()


@settings(max_examples=300, deadline=None)
@given(
    origin=st.sampled_from([f"{f}{r}" for f in "abcdefgh" for r in "12345678"]),
    target=st.sampled_from([f"{f}{r}" for f in "abcdefgh" for r in "12345678"]),
    suffix=st.sampled_from(["", "q", "r", "b", "n", "k", "p"]),
    fen=st.sampled_from(
        [
            START,
            "r3k2r/pPp2ppp/8/3pP3/8/8/P1PP1PpP/R3K2R w KQkq d6 0 1",
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        ]
    ),
)
def test_every_well_formed_move_gets_a_verdict_with_a_reason_when_illegal(
    origin, target, suffix, fen
):
    if origin == target:
        return
    verdict = check_move(fen, origin + target + suffix)
    assert isinstance(verdict, Verdict)
    assert verdict.legal or verdict.reason is not None
