"""A live lesson through its views: the teacher puts puzzles up, students answer them on the
lessons' own answer address, the projector counts and reveals; only the class's teacher and
students reach any of it."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import live.rounds
from lessons.models import Attempt
from live.models import LiveRound, LiveSession
from tests.live.helpers import (
    KNIGHT,
    QUESTION,
    move,
    put_up,
    start,
    student_client,
)
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明", "小美")]


def test_a_whole_round_counts_answers_and_reveals_moves_and_broken_rules(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    right, illegal, wrong = (student_client(s) for s in three)
    assert "太棒了" in move(right, "a1b3").content.decode()  # the lesson's own feedback
    assert "馬" in move(illegal, "a1a3").content.decode()
    move(wrong, "a2a3")
    move(wrong, "a2a3")  # the same wrong move twice is still one student

    panel = teacher_client.get(reverse("live:panel", args=[session.pk])).content.decode()
    assert 'data-answered="3"' in panel
    assert "data-results" not in panel  # nothing shown before the reveal

    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert 'data-bar="白馬 a1→b3（Nb3）" data-count="1"' in page
    assert 'class="live-bar live-bar-correct"' in page
    assert 'data-bar="白馬 a1→a3" data-count="1"' in page  # illegal: no notation
    assert 'data-bar="白兵 a2→a3（a3）" data-count="1"' in page
    assert "1 人：這個棋子不是這樣走的（白馬 a1→a3）" in page
    assert 'data-right="1"' in page
    assert "小華" not in page  # names are hidden on the projector
    assert Attempt.objects.filter(learner__student__classroom=classroom).count() == 4


def test_names_show_only_when_the_teacher_turns_them_on(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    move(student_client(three[0]), "a1b3")
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    teacher_client.post(reverse("live:names", args=[session.pk]), {"show": "1"})
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert '<span class="live-names" data-names>小華</span>' in page
    teacher_client.post(reverse("live:names", args=[session.pk]), {"show": "0"})
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert "小華" not in page


def test_a_question_shows_the_spread_of_answers(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session, QUESTION)
    url = reverse("puzzle_answer", args=["knight", "knight-no-blocked-leg"])
    for student, answer in zip(three, ("yes", "no", "no"), strict=True):
        student_client(student).post(url, {"answer": answer, "submit_answer": "1"})
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert 'data-bar="可以，西洋棋的馬不會被絆馬腳" data-count="1"' in page
    assert 'data-bar="不行，g2 的兵絆住了馬腳" data-count="2"' in page


def test_the_next_puzzle_closes_the_round_and_later_answers_do_not_count_in_it(
    teacher, classroom, three
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    move(student_client(three[0]), "a1b3")
    put_up(teacher_client, session, QUESTION)
    move(student_client(three[1]), "a1b3")  # the knight puzzle, after its round closed
    first, second = LiveRound.objects.filter(session=session)
    assert (first.number, second.number) == (1, 2)
    assert first.closed_at is not None and second.closed_at is None
    from live.results import round_results

    assert round_results(first).answered == 1


def shown_state(response) -> str:
    return re.search(r'data-live-state="([^"]+)"', response.content.decode()).group(1)


def test_the_student_page_polls_204_until_the_round_changes(teacher, classroom, three):
    student = student_client(three[0])
    page = student.get(reverse("live:student"))
    assert "老師還沒開始" in page.content.decode()
    state = shown_state(page)
    poll = reverse("live:student_round")
    assert student.get(poll, {"state": state}).status_code == 204
    teacher_client, session = start(teacher, classroom)
    changed = student.get(poll, {"state": state})
    assert changed.status_code == 200
    assert "等老師出題" in changed.content.decode()
    put_up(teacher_client, session)
    changed = student.get(poll, {"state": shown_state(changed)})
    body = changed.content.decode()
    # The round carries the projected puzzle itself (no second request), numbered as the
    # projector numbers it, answered to the live lesson, with no row of steps.
    assert '<h2 id="puzzle-heading">第 1 題</h2>' in body
    assert 'data-puzzle="knight-crowded-corner"' in body
    assert f'action="{reverse("live:student_answer")}"' in body
    assert "puzzle-steps" not in body and 'aria-current="step"' not in body
    assert 'hx-trigger="load"' not in body
    assert student.get(poll, {"state": shown_state(changed)}).status_code == 204


def test_ending_keeps_the_results_on_the_classs_live_page(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    move(student_client(three[0]), "a1a3")
    response = teacher_client.post(reverse("live:end", args=[session.pk]))
    assert response["Location"] == reverse("live:results", args=[session.pk])
    results = teacher_client.get(response["Location"]).content.decode()
    assert "1 人：這個棋子不是這樣走的（白馬 a1→a3）" in results
    page = teacher_client.get(reverse("live:class_live", args=[classroom.pk])).content.decode()
    assert reverse("live:results", args=[session.pk]) in page
    assert teacher_client.get(reverse("live:projector", args=[session.pk])).status_code == 302
    phone = student_client(three[0]).get(reverse("live:student")).content.decode()
    assert "這堂課結束了" in phone and "老師還沒開始" not in phone
    assert "1 題中，你第一次就答對了 0 題。" in phone


def test_an_unknown_puzzle_is_a_400_in_chinese(teacher, classroom):
    teacher_client, session = start(teacher, classroom)
    response = teacher_client.post(
        reverse("live:put_puzzle", args=[session.pk]), {"puzzle": "knight/no-such"}
    )
    assert response.status_code == 400
    assert "請選一個題目。" in response.content.decode()
    assert not LiveRound.objects.exists()


def test_starting_again_ends_the_open_session(teacher, classroom):
    _, first = start(teacher, classroom)
    _, again = start(teacher, classroom)  # a double click: the same lesson
    assert again.pk == first.pk
    LiveSession.objects.filter(pk=first.pk).update(
        started_at=timezone.now() - live.rounds.DOUBLE_CLICK - timedelta(seconds=1)
    )
    _, second = start(teacher, classroom)
    first.refresh_from_db()
    assert first.ended_at is not None and second.is_open and second.pk != first.pk


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("projector", "get"),
        ("panel", "get"),
        ("results", "get"),
        ("put_puzzle", "post"),
        ("reveal", "post"),
        ("names", "post"),
        ("end", "post"),
    ],
)
def test_another_teacher_and_an_outsider_get_404(
    teacher, other_teacher, outsider, classroom, name, method
):
    _, session = start(teacher, classroom)
    url = reverse(f"live:{name}", args=[session.pk])
    for intruder in (other_teacher, outsider):
        response = getattr(signed_in(intruder), method)(url, {"puzzle": KNIGHT})
        assert response.status_code == 404
    assert getattr(Client(), method)(url)["Location"].startswith(reverse("people:sign_in"))
    session.refresh_from_db()
    assert session.is_open and not session.rounds.exists() and not session.show_names


def test_another_teacher_cannot_start_a_live_lesson_for_the_class(other_teacher, classroom):
    response = signed_in(other_teacher).post(reverse("live:class_live", args=[classroom.pk]))
    assert response.status_code == 404
    assert not LiveSession.objects.exists()


def test_a_student_of_another_class_does_not_see_the_puzzle(teacher, classroom):
    from people.models import Classroom

    other = Classroom.objects.create(teacher=teacher, name="進階班", join_code="WXYZ45")
    outsider = make_student(other, "阿志")
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    page = student_client(outsider).get(reverse("live:student")).content.decode()
    assert "老師還沒開始" in page
    assert "knight-crowded-corner" not in page


def test_a_visitor_is_sent_to_the_class_login(db):
    response = Client().get(reverse("live:student"))
    assert response["Location"] == reverse("people:join_class")
    assert Client().get(reverse("live:student_round")).status_code == 403
