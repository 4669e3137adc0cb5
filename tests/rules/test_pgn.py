"""PGN export: tags, SetUp/FEN for a custom start, SAN moves, the result."""

import chess
import pytest

from rules.errors import IllegalHistory, InvalidFen
from rules.pgn import game_pgn


def test_fools_mate_is_written_in_san_with_its_result():
    pgn = game_pgn(chess.STARTING_FEN, ["f2f3", "e7e5", "g2g4", "d8h4"], "0-1")
    assert pgn.endswith("\n\n1. f3 e5 2. g4 Qh4# 0-1")
    assert '[Result "0-1"]' in pgn
    assert "SetUp" not in pgn


def test_the_headers_given_are_written_in_the_seven_tag_roster():
    pgn = game_pgn(
        chess.STARTING_FEN,
        ["e2e4"],
        "*",
        {"Event": "裁判棋盤", "Date": "2026.11.29", "White": "白方", "Black": "黑方"},
    )
    assert pgn.splitlines()[:7] == [
        '[Event "裁判棋盤"]',
        '[Site "?"]',
        '[Date "2026.11.29"]',
        '[Round "?"]',
        '[White "白方"]',
        '[Black "黑方"]',
        '[Result "*"]',
    ]
    assert pgn.endswith("1. e4 *")


def test_a_game_from_a_custom_position_carries_setup_and_fen():
    fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"
    pgn = game_pgn(fen, ["e8d7", "e2e4"], "1/2-1/2")
    assert '[SetUp "1"]' in pgn
    assert f'[FEN "{fen}"]' in pgn
    assert pgn.endswith("1... Kd7 2. e4 1/2-1/2")


def test_castling_and_promotion_are_written_as_the_laws_write_them():
    pgn = game_pgn("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1c1", "e8g8", "b7a8n"], "*")
    assert pgn.endswith("1. O-O-O O-O 2. bxa8=N *")


def test_an_illegal_move_in_the_history_is_refused():
    with pytest.raises(IllegalHistory):
        game_pgn(chess.STARTING_FEN, ["e2e5"], "*")


def test_an_unreadable_move_in_the_history_is_refused():
    with pytest.raises(IllegalHistory):
        game_pgn(chess.STARTING_FEN, ["knight to f3"], "*")


def test_a_bad_fen_is_refused():
    with pytest.raises(InvalidFen):
        game_pgn("not a fen", [], "*")


def test_an_unknown_result_is_refused():
    with pytest.raises(ValueError):
        game_pgn(chess.STARTING_FEN, [], "2-0")
