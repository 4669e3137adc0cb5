"""The castling (how-to) rule's practice asks how castling is done, at every level: White
castles the side asked (1), where the king lands after O-O or O-O-O (2), Black castles the
side asked (3). Whether castling is allowed belongs to 王車易位：什麼時候不行 and
王車易位：永遠不行，還是暫時不行 (castling-not-now, castling-forever), never asked here."""

import random

import chess
import pytest
from django.utils import translation

import rules
from curriculum.kinds import choice
from practice.generators import build, puzzle_id, validated
from rules import generate

SEEDS = range(40)


def castling_puzzles(level: int):
    return [build(puzzle_id("castling", level, seed)) for seed in SEEDS]


@pytest.mark.parametrize(("level", "colour"), [(1, "white"), (3, "black")])
def test_levels_1_and_3_castle_the_side_asked_with_white_then_with_black(level, colour):
    sides = set()
    for puzzle in castling_puzzles(level):
        assert puzzle.kind == "move"
        side = puzzle.goal["side"]
        sides.add(side)
        assert rules.side_to_move(puzzle.fen) == colour
        castle = rules.castling_move(colour, side)
        assert rules.check_move(puzzle.fen, castle, puzzle.moves).legal, puzzle.id
    assert sides == {"short", "long"}


def test_level_2_asks_where_the_king_lands_beside_the_rooks_square_and_the_other_sides():
    asked = set()
    for puzzle in castling_puzzles(2):
        assert (puzzle.kind, puzzle.question) == ("choice", "destination_of")
        san = puzzle.params["san"]
        offered = {option.value for option in puzzle.options}
        landing = {"O-O": "g1", "O-O-O": "c1"}[san]
        assert choice.truth(puzzle) == {landing} == set(puzzle.answer)
        assert offered == ({"g1", "f1", "c1"} if san == "O-O" else {"c1", "d1", "g1"})
        asked.add(san)
    assert asked == {"O-O", "O-O-O"}


def test_no_level_asks_whether_castling_is_allowed():
    questions = {p.question for level in (1, 2, 3) for p in castling_puzzles(level)}
    assert questions == {"", "destination_of"}


def test_the_words_say_the_colour_and_the_squares_of_the_move():
    with translation.override("zh-hant"):
        black = next(p for p in castling_puzzles(3) if p.goal["side"] == "short")
        landing = next(p for p in castling_puzzles(2) if p.params["san"] == "O-O-O")
    assert black.prompt == "請黑方做短易位。"
    assert black.hint == "點黑王，再點 g8。車會自己跳過來。"
    assert black.explanation == "王從 e8 走到 g8，車從 h8 跳到 f8。"
    assert landing.prompt == "白方長易位（O-O-O）。白王會停在哪一格？"
    assert landing.explanation == "長易位：王停在 c1，車停在 d1。"
    assert validated(landing.id) is not None


def test_a_black_castling_position_is_whites_turned_round():
    white = generate.castling(random.Random(7), 2, allowed=True)
    black = generate.castling(random.Random(7), 2, allowed=True, colour="black")
    assert black.side == white.side
    assert chess.Board(black.fen) == chess.Board(white.fen).mirror()
    assert chess.Board(black.fen).turn == chess.BLACK
