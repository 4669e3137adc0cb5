"""A legal move that misses the goal broke no rule: it is not counted among the rules a
child tripped over, nor named as one in the history; a wrong text answer with no engine
code is still counted under its lesson's rule."""

import pytest

from lessons.models import Learner
from lessons.progress import record_attempt
from people.reports import attempt_history, rules_tripped_over

pytestmark = pytest.mark.django_db


def tries(learner, answer: str, verdict: str, times: int, reason: str = "", lesson="knight"):
    for n in range(times):
        record_attempt(
            learner, lesson=lesson, puzzle=f"{lesson}-p{n}", answer=answer, verdict=verdict,
            reason=reason,
        )  # fmt: skip


def counted(learner) -> list[tuple[str, int]]:
    return [(str(t.misconception.title), t.count) for t in rules_tripped_over([learner.pk])]


def test_eight_legal_moves_that_missed_a_star_are_not_a_rule_broken():
    child = Learner.objects.create(nickname="小美")
    tries(child, "g1e2", "incorrect", 8)  # legal, missed the goal
    tries(child, "g1g3", "illegal", 2, reason="NOT_HOW_IT_MOVES")
    assert counted(child) == [("這個棋子不是這樣走的", 2)]
    assert [row.misconception for row in attempt_history(child)[-8:]] == [None] * 8


def test_a_wrong_text_answer_with_no_code_stays_under_its_lessons_rule():
    child = Learner.objects.create(nickname="小美")
    tries(child, "light", "incorrect", 3)
    tries(child, "g1e2", "incorrect", 5)
    assert counted(child) == [("「馬」這一課的規則", 3)]


def test_castling_with_no_rook_in_the_corner_is_filed_under_that_rule():
    """The child was told 「a1 上沒有你的車」: the parent's page says the same rule, not
    「王或車走過就不能王車易位」."""
    import rules

    verdict = rules.check_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1c1")
    child = Learner.objects.create(nickname="小美")
    tries(child, "e1c1", "illegal", 2, reason=verdict.reason.name, lesson="castling")
    assert counted(child) == [("王車易位要有自己的車在角落", 2)]
