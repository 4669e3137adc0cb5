"""Every wrong answer names a rule or the goal (issue 42: 12 of 46 wrong lesson answers named
neither). Over every puzzle: each legal move of a move puzzle that is judged wrong, each
wrong option of a choice or assess puzzle carries the engine's code for it (the rule an
illegal move breaks, the goal a legal move missed, the fact that shows an option wrong),
and a squares puzzle answered with squares missing says the rule it asks about."""

import pytest

import rules
from curriculum.judging import judge
from curriculum.kinds import kind_of
from curriculum.loading import get_curriculum
from curriculum.outcome import Result

pytestmark = pytest.mark.slow

WRONG = (Result.INCORRECT, Result.ILLEGAL)


def puzzles(*kinds):
    return [p for lesson in get_curriculum().lessons for p in lesson.puzzles if p.kind in kinds]


def answers(puzzle) -> list:
    if puzzle.kind == "move":
        return rules.legal_moves(kind_of(puzzle).position_now(puzzle, ()))
    kind = kind_of(puzzle)
    return [kind.answer_from((option.value,)) for option in puzzle.options]


def named(outcome) -> bool:
    """The answer's code: the rule broken, the goal missed, or a fact for every wrong part."""
    if outcome.rules_verdict is not None and outcome.rules_verdict.reason is not None:
        return True
    if outcome.miss is not None:
        return True
    return bool(outcome.wrong) and all(
        w.refutation is not None or (w.verdict is not None and w.verdict.reason is not None)
        for w in outcome.wrong
    )


def test_every_wrong_move_and_option_carries_the_code_of_a_rule_or_the_goal():
    judged, nameless = 0, []
    for puzzle in puzzles("move", "choice", "assess"):
        for answer in answers(puzzle):
            outcome = judge(puzzle, answer)
            if outcome.result in WRONG:
                judged += 1
                if not named(outcome):
                    nameless.append((puzzle.id, answer, outcome.message))
    assert judged > 1000
    assert nameless == []


@pytest.mark.django_db
def test_a_squares_answer_with_squares_missing_says_the_rule_it_asks_about(client):
    from lessons.answering import SQUARES_RULES

    for puzzle in puzzles("squares"):
        html = client.post(
            f"/lessons/{puzzle.lesson}/{puzzle.id}/",
            {"mode": "mark", "done": "1", "marked": []},
            headers={"HX-Request": "true"},
        ).content.decode()
        rule = SQUARES_RULES[puzzle.target]().split("%")[0].strip()
        assert "還少" in html and (rule or "想一想") in html, puzzle.id
