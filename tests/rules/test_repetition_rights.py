"""Positions that look the same but are not the same for repetition (FIDE 9.2.3): an en
passant capture possible the first time, or a castling right lost since. The engine counts
them apart and says why a claim of threefold repetition is wrong."""

import chess

import rules
from rules import setup
from rules.codes import Claim, Fact
from rules.endings import looks_alike

EN_PASSANT = "4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1"
EN_PASSANT_MOVES = ["d7d5", "g1f3", "g8f6", "f3g1", "f6g8", "g1h3", "g8h6", "h3g1", "h6g8"]
CASTLING = "4k1n1/8/8/8/8/8/8/4K2R w K - 0 1"
CASTLING_MOVES = ["h1h2", "g8f6", "h2h1", "f6g8", "h1h3", "g8h6", "h3h1", "h6g8"]


def test_the_same_pieces_three_times_with_en_passant_the_first_time_is_no_threefold():
    board = chess.Board(EN_PASSANT)
    for move in EN_PASSANT_MOVES:
        board.push_uci(move)
    first = looks_alike(board)
    assert len(first) == 2  # after d7d5, and after the first knights' round trip
    assert first[0].has_legal_en_passant() and not board.has_legal_en_passant()
    assert not setup.same_position(first[0].fen(en_passant="fen"), board.fen())
    assert setup.same_position(first[1].fen(), board.fen())
    assert Claim.THREEFOLD_REPETITION not in rules.assess(EN_PASSANT, EN_PASSANT_MOVES).claims
    why = rules.why_not_ending(EN_PASSANT, "threefold_repetition", EN_PASSANT_MOVES)
    assert (why.fact, why.squares, why.pieces, why.count) == (
        Fact.EN_PASSANT_THEN,
        ("e5", "d5"),
        ("P", "p"),
        2,
    )


def test_the_same_pieces_three_times_with_castling_allowed_the_first_time_is_no_threefold():
    assert Claim.THREEFOLD_REPETITION not in rules.assess(CASTLING, CASTLING_MOVES).claims
    why = rules.why_not_ending(CASTLING, "threefold_repetition", CASTLING_MOVES)
    assert (why.fact, why.squares, why.pieces, why.count) == (
        Fact.CASTLING_THEN,
        ("e1", "h1"),
        ("K", "R"),
        2,
    )


def test_one_more_round_trip_makes_it_three_times_after_all():
    moves = [*CASTLING_MOVES, "h1h2", "g8f6", "h2h1", "f6g8"]
    assert Claim.THREEFOLD_REPETITION in rules.assess(CASTLING, moves).claims


def test_twice_the_same_pieces_is_still_counted_as_positions():
    why = rules.why_not_ending(CASTLING, "threefold_repetition", CASTLING_MOVES[:4])
    assert (why.fact, why.count) == (Fact.POSITION_COUNT, 1)
