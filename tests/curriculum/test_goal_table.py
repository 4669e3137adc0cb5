"""The goal table is the one statement of the goal schema: the docs and the judge follow it."""

import doctest
import re
from pathlib import Path

import pytest

import rules
from curriculum import goals
from curriculum.goals import GOALS, Miss, MissCode, Tried, first_miss
from curriculum.kinds import KINDS

FORMAT = Path(goals.__file__).resolve().parent / "content" / "FORMAT.md"
ROW = re.compile(r'^\| `\{ type = "(?P<name>[a-z_]+)"(?P<example>[^}]*)\}` \| (?P<text>.*)\|$')


def format_rows() -> dict[str, str]:
    rows = {}
    for line in FORMAT.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            rows[match["name"]] = match["example"] + match["text"]
    return rows


def test_the_examples_in_the_goal_table_hold():
    result = doctest.testmod(goals)
    assert result.attempted >= 2
    assert result.failed == 0


def test_format_md_lists_every_goal_type_and_no_other():
    assert set(format_rows()) == set(GOALS)


@pytest.mark.parametrize("name", sorted(GOALS))
def test_format_md_names_every_parameter_of_each_goal_and_no_other(name):
    row = format_rows()[name]
    mentioned = set(re.findall(r"`([a-z_]+)`", row)) | set(re.findall(r"([a-z_]+) = ", row))
    params = set(GOALS[name].params)
    assert params <= mentioned
    example_keys = set(re.findall(r"([a-z_]+) = ", row))
    assert example_keys <= params


def test_format_md_lists_every_kind():
    text = FORMAT.read_text(encoding="utf-8")
    assert set(re.findall(r'^## kind = "([a-z]+)"', text, re.MULTILINE)) | {"text"} >= set(KINDS)


def test_every_miss_code_has_words():
    assert set(goals.MISS_TEXTS) == set(MissCode)


ESCAPE = "4k3/8/8/8/8/8/3P1P2/q3K3 w - - 0 1"  # the queen on a1 checks along the first rank


def tried(fen: str, move: str) -> Tried:
    return Tried(fen, (), move, rules.check_move(fen, move))


def test_a_miss_is_a_code_and_the_squares_it_is_about():
    goal = {"type": "escape_check", "by": "capture"}
    assert first_miss(goal, tried(ESCAPE, "e1e2")) == Miss(MissCode.CHECKER_NOT_CAPTURED, ("a1",))
    assert first_miss({"type": "escape_check", "by": "king"}, tried(ESCAPE, "e1e2")) is None


def test_the_first_condition_a_move_fails_is_the_miss():
    fen = "8/1P6/8/8/8/8/8/k1K5 w - - 0 1"
    goal = {"type": "promote", "piece": "q", "mate": True}
    assert first_miss(goal, tried(fen, "c1c2")) == Miss(MissCode.NO_PROMOTION)
    assert first_miss(goal, tried(fen, "b7b8r")) == Miss(MissCode.PROMOTED_TO_OTHER_PIECE)
    assert first_miss(goal, tried(fen, "b7b8q")) == Miss(MissCode.PROMOTED_NO_MATE)


def test_a_parameter_outside_the_table_is_named():
    assert GOALS["capture"].param_problem("square", "z9") == (
        "goal capture: `square` must be a square name"
    )
    assert GOALS["mate"].param_problem("within", 3) == "goal mate: `within` must be 1 or 2"
    assert GOALS["visit"].param_problem("budget", 7) == "goal visit: `budget` must be 1 to 6"
    assert GOALS["mate"].param_problem("within", 2) is None
