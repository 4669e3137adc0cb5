"""Practice cannot be guessed: a question with two answers gives each 40-60 % of the time,
every castling reason is said, and no rule is asked before its lesson."""

import io
import re
from functools import cache

import pytest
from django.core.management import call_command
from django.utils import translation

from practice.checking import check_practice
from practice.generators import RULES, build, puzzle_id, rules_in_curriculum
from tests.practice.families import TWO_ANSWERS


@cache
def thirty_per_rule(first: int):
    """check_practice(30, first=first), made once per process: two tests read seeds 0-29."""
    return check_practice(30, first=first)


@pytest.mark.parametrize("first", [0, 30, 60])
def test_thirty_puzzles_of_a_rule_give_each_of_two_answers_40_to_60_percent(first):
    report = thirty_per_rule(first)
    assert report.unbalanced() == []
    asked = {
        (rule, question) for rule, questions in report.answers.items() for question in questions
    }
    assert asked >= TWO_ANSWERS
    for rule, question in TWO_ANSWERS:
        assert len(report.answers[rule][question]) == 2, (rule, question)


def test_check_practice_prints_each_rules_split():
    out = io.StringIO()
    call_command("check_practice", "--per-rule", "30", "check", "touch-move", stdout=out)
    lines = out.getvalue().splitlines()
    # The order of the answers comes from a keyed hash (parts.deal): the figures depend on
    # the SECRET_KEY, their balance does not.
    in_check = [line for line in lines if line.startswith("answers check in_check: ")]
    assert len(in_check) == 1
    split = re.fullmatch(r"answers check in_check: no (\d+), yes (\d+)", in_check[0])
    no, yes = int(split[1]), int(split[2])
    assert 0.4 <= no / (no + yes) <= 0.6
    assert "answers touch-move text: free 15, must 15" in lines
    assert lines[-1] == "practice: 2 rules, 60 positions, 0 errors, 60 distinct"


def test_check_practice_asks_to_give_check_and_never_to_get_out_of_it():
    goals = [build(puzzle_id("check", 1 + seed % 3, seed)).goal for seed in range(60)]
    types = {goal["type"] for goal in goals if goal}
    assert types == {"check"}


def test_a_castling_explanation_names_every_reason_that_applies():
    with translation.override("zh-hant"):
        several = [
            puzzle
            for seed in range(200)
            if len((puzzle := build(puzzle_id("castling-forever", 2 + seed % 2, seed))).answer) > 1
        ]
    assert several
    for puzzle in several:
        assert puzzle.explanation.count("不行：") == len(puzzle.answer), puzzle.id


def test_no_prompt_counts_zero_moves_and_touch_move_says_no_when_the_answer_is_no():
    with translation.override("zh-hant"):
        for seed in range(60):
            fifty = build(puzzle_id("draws-fifty", 1 + seed % 3, seed))
            assert "已經 0 回合" not in fifty.prompt
            touched = build(puzzle_id("touch-move", 1 + seed % 3, seed))
            start = "不用：" if touched.answer == ("free",) else "要："
            assert touched.explanation.startswith(start), touched.id


def test_every_rule_is_practised_only_with_what_its_lesson_and_the_earlier_ones_teach():
    report = thirty_per_rule(0)
    assert [error for error in report.errors if " uses " in error] == []
    assert set(rules_in_curriculum()) == set(RULES)
