"""Grown-ups see every kind of wrong answer grouped by the rule it broke, said in words:
an illegal move, a wrong answer to a question about the position, a wrong text answer; the
latest one never as a move code. 「上次學習」 is the latest answer, not being added."""

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from curriculum.loading import get_curriculum
from lessons.models import Attempt, Learner
from people.models import ChildProfile
from people.reports.answers_in_words import answer_in_words
from people.reports.misconceptions import misconception_for
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db

ROOK_BEHIND_PAWN = "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1"


def answer(client: Client, lesson: str, puzzle: str, value: str, asked: str = "") -> None:
    url = reverse("puzzle_answer", args=[lesson, puzzle])
    post = {"answer": value, "submit_answer": "1", "asked": asked or puzzle}
    assert client.post(url, post).status_code == 200


def child_who_answered(parent, answers) -> Learner:
    """A child whose answers went through the lesson pages, then added by the parent;
    an answer may name the position asked in the puzzle's place after a miss."""
    client = Client()
    for lesson, puzzle, value, *asked in answers:
        answer(client, lesson, puzzle, value, *asked)
    learner = Learner.objects.get()
    ChildProfile.objects.create(parent=parent, learner=learner)
    return learner


def test_wrong_answers_to_questions_are_grouped_by_their_rule_in_words(parent):
    learner = child_who_answered(
        parent,
        [
            ("castling", "castling-king-moved-back", "yes"),  # the king has moved: no castling
            # Two options: the second try is the same question in another position.
            ("castling", "castling-king-moved-back", "yes", "castling-rook-moved-back"),
            ("touch-move", "touch-move-own-piece", "b"),  # a text question: no engine code
        ],
    )
    assert set(Attempt.objects.values_list("verdict", flat=True)) == {"incorrect"}
    page = signed_in(parent).get(reverse("people:child_progress", args=[learner.pk]))
    trips = page.context["trips"]
    assert [(str(t.misconception.title), t.count) for t in trips] == [
        ("王或車走過就不能王車易位", 2),
        ("「摸子走子」這一課的規則", 1),
    ]
    text = page.content.decode()
    # the latest castling answer is the second try, said in the words the child read there
    assert "選了「可以，車已經回家了」" in text
    assert "選了「可以，王已經回到 e1 了」" not in text
    assert "選了「可以，只要還沒放下去就好」" in text
    castling_rule = misconception_for("CASTLING_RIGHTS_LOST").lesson  # the lesson teaching it
    assert f'href="{reverse("lesson", args=[castling_rule])}"' in text
    assert f'href="{reverse("lesson", args=["touch-move"])}"' in text


def test_an_illegal_move_is_said_in_words_and_never_as_its_code(parent):
    learner = Learner.objects.create(nickname="小明", avatar="N")
    ChildProfile.objects.create(parent=parent, learner=learner)
    Attempt.objects.create(
        learner=learner,
        lesson="rook",
        puzzle="rook-x",
        answer="a1a3",
        verdict="illegal",
        reason="PATH_BLOCKED",
        fen=ROOK_BEHIND_PAWN,
    )
    text = signed_in(parent).get(reverse("people:child_progress", args=[learner.pk]))
    text = text.content.decode()
    assert "白車從 a1 走到 a3" in text
    assert "a1a3" not in text


def test_answers_in_words():
    assert answer_in_words("", ROOK_BEHIND_PAWN, "a1a3") == "白車從 a1 走到 a3"
    assert answer_in_words("castling-king-moved-back", "", "no") == "選了「不行，王走過了」"
    assert answer_in_words("knight-eight-jumps", "", "c3 e5") == "點了 c3、e5"
    assert answer_in_words("a-puzzle-since-removed", "", "yes") == ""
    assert answer_in_words("castling-king-moved-back", "", "maybe") == ""


def test_an_answer_to_a_question_asked_again_is_said_in_the_partners_words():
    # After a miss, pawn-blocked (「yes」 reads 「可以，把黑兵吃掉」) is asked again in
    # pawn-blocked-by-knight's position, whose 「yes」 reads 「可以，把黑馬吃掉」: the answer
    # is kept under the first id with the partner's position, and said as the child read it.
    curriculum = get_curriculum()
    asked = curriculum.puzzle("pawn-blocked")
    partner = curriculum.puzzle("pawn-blocked-by-knight")
    assert partner in curriculum.partners(asked)
    own, again = asked.start_fen, partner.start_fen
    assert answer_in_words(asked.id, own, "yes") == "選了「可以，把黑兵吃掉」"
    assert answer_in_words(asked.id, again, "yes") == "選了「可以，把黑馬吃掉」"
    assert answer_in_words(asked.id, "8/8/8/8/8/8/8/K6k w - - 0 1", "yes") == (
        "選了「可以，把黑兵吃掉」"
    )


def test_last_learned_is_the_latest_answer_not_being_added(parent, child):
    picked = datetime(2026, 11, 1, 1, 0, tzinfo=UTC)
    Learner.objects.filter(pk=child.learner_id).update(last_active_at=picked)
    client = signed_in(parent)
    home = client.get(reverse("people:parent_home")).content.decode()
    progress = client.get(reverse("people:child_progress", args=[child.learner_id]))
    for page in (home, progress.content.decode()):
        assert "上次學習：還沒開始" in page
        assert "2026-11-01" not in page
