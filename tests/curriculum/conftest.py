"""Shared helpers for the curriculum tests: a move puzzle made from a FEN and a goal, what
the judge must say of an answer, a solver that plays a puzzle through as a learner would,
and the real curriculum checked once per test session (`checked_curriculum`)."""

from contextlib import suppress
from dataclasses import dataclass
from io import StringIO
from types import MappingProxyType
from unittest import mock

import chess
import pytest
from django.core.management import call_command

from curriculum.judging import judge
from curriculum.loading import Puzzle
from curriculum.management.commands import check_curriculum
from curriculum.validator import Report
from rules import Reason, position_after


@dataclass(frozen=True)
class CheckedCurriculum:
    report: Report  # what validate_directory returned inside the command
    output: str  # what `manage.py check_curriculum` printed


@pytest.fixture(scope="session")
def checked_curriculum() -> CheckedCurriculum:
    """`manage.py check_curriculum` on the real curriculum, run once for the whole session:
    its printed lines, and the report it printed them from."""
    reports = []
    validate = check_curriculum.validate_directory

    def keep(*args, **kwargs):
        reports.append(validate(*args, **kwargs))
        return reports[-1]

    out = StringIO()
    with mock.patch.object(check_curriculum, "validate_directory", keep), suppress(SystemExit):
        call_command("check_curriculum", stdout=out)  # errors exit 1: the tests name them
    (report,) = reports
    return CheckedCurriculum(report, out.getvalue())


def move_puzzle(fen: str, goal: dict, moves: tuple[str, ...] = ()) -> Puzzle:
    return Puzzle(
        id="test-puzzle",
        lesson="test",
        kind="move",
        prompt="題目",
        fen=fen,
        hint="提示",
        explanation="說明",
        moves=moves,
        goal=MappingProxyType(goal),
    )


def assert_illegal(puzzle: Puzzle, move: str, reason: Reason) -> None:
    outcome = judge(puzzle, move)
    assert outcome.result == "illegal"
    assert outcome.rules_verdict.reason == reason
    assert outcome.played == ()
    assert outcome.fen == puzzle.start_fen


def assert_incorrect(puzzle: Puzzle, move: str, message: str) -> None:
    outcome = judge(puzzle, move)
    assert outcome.result == "incorrect"
    assert outcome.message == message
    assert outcome.played == ()
    assert outcome.fen == puzzle.start_fen


def assert_correct(puzzle: Puzzle, move: str) -> None:
    outcome = judge(puzzle, move)
    assert (outcome.result, outcome.message) == ("correct", None)
    assert outcome.played[0] == move
    assert outcome.fen == position_after(puzzle.start_fen, outcome.played)  # the board after it


def solve(puzzle) -> tuple[str, ...]:
    """Play the first move the judge accepts, step by step: "continue" promises a way on."""
    played, fen = (), puzzle.start_fen
    for _step in range(8):
        for move in chess.Board(fen).legal_moves:
            outcome = judge(puzzle, move.uci(), played)
            if outcome.result == "correct":
                return outcome.played
            if outcome.result == "continue":
                played, fen = outcome.played, outcome.fen
                break
        else:
            return ()
    return ()
