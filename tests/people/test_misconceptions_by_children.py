"""A class's misconceptions count children, not tries, and name them on demand; the 象棋
habit is called by its name, 絆馬腳."""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.models import Attempt, Result
from lessons.progress import record_attempt
from people.reports.misconceptions import misconception_for
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db

ROOK = "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1"


def trip(student, reason: str, times: int, answer="a1a8") -> None:
    for _ in range(times):
        record_attempt(
            student.learner,
            lesson="rook",
            puzzle="rook-x",
            answer=answer,
            verdict=Result.ILLEGAL,
            reason=reason,
            fen=ROOK,
        )


def test_misconceptions_count_children_and_name_them_on_demand(teacher, classroom):
    hua, ming, mei = (make_student(classroom, n) for n in ("小華", "小明", "小美"))
    trip(hua, "PATH_BLOCKED", 10)  # one child, ten tries
    trip(ming, "NOT_HOW_IT_MOVES", 1)
    trip(mei, "NOT_HOW_IT_MOVES", 1)  # two children, two tries: more children, first
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    html = html.content.decode()
    moves, jumps = html.index("這個棋子不是這樣走的"), html.index("只有馬可以跳過棋子")
    assert moves < jumps
    assert 'data-trip-children="2"' in html and 'data-trip-children="1"' in html
    assert "10 次" not in html
    names = html[html.index("<details", moves) : html.index("</details>", moves)]
    assert "是誰？" in names and "小明" in names and "小美" in names and "小華" not in names


def test_a_childs_own_page_still_counts_tries(parent, child):
    for _ in range(3):
        record_attempt(
            child.learner,
            lesson="rook",
            puzzle="rook-x",
            answer="a1a8",
            verdict=Result.ILLEGAL,
            reason="PATH_BLOCKED",
            fen=ROOK,
        )
    client = signed_in(parent)
    page = client.get(reverse("people:child_progress", args=[child.learner_id])).content.decode()
    assert "3 次" in page


def test_the_xiangqi_habit_is_named_blocked_leg(teacher, classroom, student):
    title = "馬可以跳過棋子：西洋棋沒有象棋的「絆馬腳」"
    assert str(misconception_for("KNIGHT_JUMPS").title) == title
    assert misconception_for("KNIGHT_JUMPS").lesson == "knight"
    phone = Client()
    phone.post(
        reverse("people:pick_secret", args=[classroom.join_code, student.pk]),
        {"first": "sun", "second": "moon"},
    )
    url = reverse("puzzle_answer", args=["knight", "knight-no-blocked-leg"])
    phone.post(url, {"answer": "no", "submit_answer": "1"})
    assert Attempt.objects.get().reason == "KNIGHT_JUMPS"
    html = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert "絆馬腳" in html.content.decode()
