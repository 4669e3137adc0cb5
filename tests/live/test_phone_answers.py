"""A live phone's answer: sent as a plain form (no JavaScript) it is accepted and counted."""

import pytest
from django.test import Client
from django.urls import reverse

from live.results import answered_count, round_results
from tests.live.helpers import KNIGHT, QUESTION, page_forms, put_up, start, student_client
from tests.people.conftest import make_student

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明", "小美")]


def strict_phone(student) -> Client:
    """A signed-in student's browser whose posts go through Django's CSRF check, as a
    real browser's do (the test client skips it unless told)."""
    phone = Client(enforce_csrf_checks=True)
    phone.cookies = student_client(student).cookies
    return phone


def answer_form(html: str) -> dict:
    return next(form for form in page_forms(html) if "played" in form["fields"])


def test_a_plain_form_answer_without_javascript_is_accepted_and_counted(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = strict_phone(three[0])
    page = phone.get(reverse("live:student")).content.decode()
    form = answer_form(page)
    assert form["fields"]["csrfmiddlewaretoken"]
    sent = phone.post(form["action"], {**form["fields"], "mode": "move", "typed": "a1b3"})
    assert sent.status_code in (200, 302, 303)
    live_round = session.rounds.get()
    assert answered_count(live_round) == 1
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    assert round_results(session.rounds.get()).right == 1


QUESTION_ANSWER = {"answer": "no", "submit_answer": "1", "asked": "knight-no-blocked-leg"}
WHY_NOT = "馬可以跳過棋子：g2 的白兵擋不住它從 g1 跳到 f3。"  # the lesson's reason for "no"


def live_round_of(html: str) -> str:
    return html.split('id="live-round"', 1)[1]


def test_before_the_reveal_the_phone_says_only_that_the_answer_arrived(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session, QUESTION)
    phone = student_client(three[0])
    sent = phone.post(
        reverse("live:student_answer"), QUESTION_ANSWER, headers={"HX-Request": "true"}
    )
    assert sent["HX-Retarget"] == "#live-round"
    for shown in (
        sent.content.decode(),
        live_round_of(phone.get(reverse("live:student")).content.decode()),
    ):
        assert "收到你的答案了！" in shown and "data-received" in shown
        # Nothing of right or wrong, no reason, no other position to try.
        for giveaway in (
            "沒答對",
            "答對了",
            "還差一點",
            "再試一題",
            WHY_NOT,
            "data-verdict",
            'id="puzzle"',
        ):
            assert giveaway not in shown, giveaway
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    revealed = live_round_of(phone.get(reverse("live:student")).content.decode())
    assert 'data-own-result="wrong"' in revealed
    assert f'<ul class="live-own-reasons" data-own-reasons><li>{WHY_NOT}</li></ul>' in revealed
    # The same reason the lesson gives for that answer.
    lesson = Client().post(
        reverse("puzzle_answer", args=["knight", "knight-no-blocked-leg"]),
        {"answer": "no", "submit_answer": "1"},
        headers={"HX-Request": "true"},
    )
    assert WHY_NOT in lesson.content.decode()


def test_a_right_answer_shows_its_reason_only_at_the_reveal(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(three[0])
    form = answer_form(phone.get(reverse("live:student")).content.decode())
    sent = phone.post(form["action"], {**form["fields"], "mode": "move", "typed": "a1b3"})
    assert sent.status_code == 302 and sent["Location"] == reverse("live:student")
    waiting = live_round_of(phone.get(reverse("live:student")).content.decode())
    assert "data-received" in waiting and "答對了" not in waiting
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    revealed = live_round_of(phone.get(reverse("live:student")).content.decode())
    assert "答對了！你的答案：白馬 a1→b3（Nb3）" in revealed
    assert "data-own-reasons" in revealed


def test_phone_and_projector_number_the_round_alike(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    add = reverse("live:playlist_add", args=[classroom.pk])
    for puzzle in (KNIGHT, QUESTION, "knight/knight-first-jump"):
        teacher_client.post(add, {"puzzle": puzzle})
    teacher_client.post(reverse("live:next_puzzle", args=[session.pk]))
    teacher_client.post(reverse("live:next_puzzle", args=[session.pk]))
    phone = live_round_of(student_client(three[0]).get(reverse("live:student")).content.decode())
    projector = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert '<h2 id="puzzle-heading">第 2 題（共 3 題）</h2>' in phone
    assert phone.count("題（共") == 1 and "第 6 題" not in phone  # not the lesson's own number
    assert "<span data-round-heading>第 2 題（共 3 題）</span>" in projector


def test_a_second_answer_changes_nothing_and_one_after_the_reveal_is_refused(
    teacher, classroom, three
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(three[0])
    answer = reverse("live:student_answer")
    asked = {"mode": "move", "asked": "knight-crowded-corner"}
    phone.post(answer, {**asked, "typed": "a2a3"})
    phone.post(answer, {**asked, "typed": "a1b3"})  # a changed answer: the first one counts
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    late = phone.post(answer, {**asked, "typed": "a1b3"})
    assert "這一題已經結束了，你的答案沒有算進去。" in late.content.decode()
    results = round_results(session.rounds.get())
    assert (results.answered, results.right) == (1, 0)


def test_an_illegal_moves_reason_at_the_reveal_names_the_rule_not_the_board(
    teacher, classroom, three
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(three[0])
    asked = {"mode": "move", "asked": "knight-crowded-corner", "typed": "a1a3"}
    phone.post(reverse("live:student_answer"), asked)
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    revealed = live_round_of(phone.get(reverse("live:student")).content.decode())
    reasons = revealed.split("data-own-reasons>", 1)[1].split("</ul>", 1)[0]
    assert "<li>白馬不能從 a1 走到 a3：馬走 L 形。</li>" in reasons
    assert "虛線圓圈" not in reasons  # the lesson's board has them; the reveal has no board
