"""Generated practice: every rule makes fresh, legal, validated puzzles from a seed."""

import io
import random
import re

import chess
import pytest
from django.core.management import call_command
from django.utils import translation

import rules
from curriculum.fields import has_chinese
from curriculum.loading import get_curriculum
from practice import generators
from practice.generators import RULES, build, parse_id, puzzle_id, validated

SUMMARY = re.compile(r"^practice: (\d+) rules, (\d+) positions, (\d+) errors, (\d+) distinct$")


def _summary(output: str) -> tuple[int, ...]:
    match = SUMMARY.match(output.strip().splitlines()[-1])
    assert match, output
    return tuple(int(n) for n in match.groups())


def test_every_rule_practises_a_lesson_of_the_curriculum_and_there_are_at_least_15():
    slugs = {lesson.slug for lesson in get_curriculum().lessons}
    assert set(RULES) <= slugs
    assert len(generators.rules_in_curriculum()) == len(RULES) >= 15


@pytest.mark.slow  # about 10 s of CPU; its time is tests/benchmarks/content_checks.py's figure
def test_check_practice_200_per_rule_has_no_error_and_95_percent_distinct():
    out = io.StringIO()
    call_command("check_practice", "--per-rule", "200", stdout=out)
    rule_count, positions, errors, distinct = _summary(out.getvalue())
    assert (rule_count, positions, errors) == (len(RULES), 200 * len(RULES), 0)
    assert distinct >= 0.95 * positions


def test_check_practice_fails_and_names_the_puzzle_when_the_validator_refuses_one(monkeypatch):
    monkeypatch.setattr(generators.proof, "puzzle_problems", lambda puzzle: ["goal trivial"])
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("check_practice", "--per-rule", "2", "knight", stdout=out)
    assert exit_.value.code == 1
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["practice-knight-1-0: goal trivial", "practice-knight-2-1: goal trivial"]
    assert lines[-1] == "practice: 1 rules, 2 positions, 2 errors, 2 distinct"


def test_a_puzzle_the_validator_refuses_is_never_shown(monkeypatch):
    generators._sound.cache_clear()
    monkeypatch.setattr(generators.proof, "puzzle_problems", lambda puzzle: ["refused"])
    assert validated("practice-castling-2-77") is None
    assert generators.fresh("castling", 2, random.Random(1)) is None
    generators._sound.cache_clear()


def test_the_same_id_makes_the_same_puzzle_and_another_seed_another():
    first, again = build("practice-en-passant-1-42"), build("practice-en-passant-1-42")
    assert (first.fen, first.moves, first.prompt, first.goal) == (
        again.fen,
        again.moves,
        again.prompt,
        again.goal,
    )
    assert build("practice-en-passant-1-43").fen != first.fen


@pytest.mark.parametrize(
    "text",
    ["practice-knight-4-1", "practice-nothing-1-1", "knight-first-jump", "practice-knight-1-"],
)
def test_only_practice_ids_of_known_rules_and_levels_are_read(text):
    assert parse_id(text) is None
    with pytest.raises(ValueError):
        build(text)


def test_an_id_names_its_rule_level_and_seed():
    assert parse_id(puzzle_id("touch-move", 3, 9)) == ("touch-move", 3, 9)
    assert build("practice-touch-move-3-9").lesson == "touch-move"


def _material_of_a_game(board: chess.Board) -> bool:
    most = {chess.QUEEN: 1, chess.ROOK: 2, chess.BISHOP: 2, chess.KNIGHT: 2, chess.PAWN: 8}
    for colour in chess.COLORS:
        for kind, count in most.items():
            if len(board.pieces(kind, colour)) > count:
                return False
        bishops = board.pieces(chess.BISHOP, colour)
        if len({bool(chess.BB_SQUARES[b] & chess.BB_LIGHT_SQUARES) for b in bishops}) < len(
            bishops
        ):
            return False
    return True


CHECK_MAY_STAND = ("check", "check-escape", "castling-not-now", "castling-forever")


@pytest.mark.parametrize("rule", sorted(RULES))
def test_generated_positions_look_like_chess(rule):
    for seed in range(24):
        puzzle = build(puzzle_id(rule, 1 + seed % 3, seed))
        assert rules.position_flaws(puzzle.fen) == []
        board = chess.Board(puzzle.fen)
        assert chess.square_distance(board.king(True), board.king(False)) > 1
        assert _material_of_a_game(board), puzzle.fen
        for move in puzzle.moves:
            board.push_uci(move)
        # Check is the point of the check lessons, and one of castling's five conditions.
        may_check = rule in CHECK_MAY_STAND or (puzzle.kind == "assess" and rule != "draws")
        if not may_check:
            assert not board.is_check(), puzzle.id


@pytest.mark.parametrize(
    ("rule", "answers"),
    [
        ("castling-forever", {"castling_rights_lost", "castling_blocked", "yes", "no"}),
        ("castling-not-now", {"castling_blocked", "castling_in_check", "yes", "no"}),
        ("draws-repetition", {"threefold", "none"}),
        ("draws-fifty", {"fifty", "none"}),
        ("check-escape", {"capture", "block", "king"}),
        ("piece-values", {"white", "black"}),
        ("protection", {"0", "1", "2"}),
        ("notation-marks", {"O-O", "O-O-O"}),
        ("game-endings", {"checkmate", "stalemate", "ongoing"}),
    ],
)
def test_the_split_lessons_rules_ask_every_side_of_their_question(rule, answers):
    """Not guessable: for ever and for now, a claim and none, every way out of check, who is
    ahead, how many protect."""
    asked = set()
    for seed in range(60):
        puzzle = build(puzzle_id(rule, 1 + seed % 3, seed))
        asked |= set(puzzle.answer) if puzzle.answer else {puzzle.goal["by"]}
    assert answers <= asked
    if rule == "castling-not-now":  # no history: every reason is for now
        assert "castling_rights_lost" not in asked


@pytest.mark.parametrize("rule", ["knight", "rook", "pawn", "capture", "notation"])
def test_higher_levels_put_more_pieces_on_the_board(rule):
    def pieces(level):
        return sum(
            len(chess.Board(build(puzzle_id(rule, level, seed)).fen).piece_map())
            for seed in range(20)
        )

    assert pieces(1) < pieces(2) < pieces(3)


def test_words_follow_the_language_and_the_chinese_is_checked():
    with translation.override("en"):
        english = build("practice-castling-1-3")
    with translation.override("zh-hant"):
        chinese = build("practice-castling-1-3")
    assert english.fen == chinese.fen
    assert not has_chinese(english.prompt) and has_chinese(chinese.prompt)
    with translation.override("en"):
        assert validated("practice-castling-1-3").prompt == english.prompt
