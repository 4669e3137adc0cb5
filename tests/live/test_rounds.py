"""A live round shows every phone the projected position, closes at the reveal (a later
answer is practice), counts each student's first answer, and gives the phone its own
result, the right answer, and at the end the lesson's score; the prepared playlist goes up
one tap at a time; the audience view follows with no controls."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from lessons.answering import REASKS_SESSION_KEY
from lessons.models import Attempt
from live.models import PlaylistItem
from live.results import round_results
from tests.live.helpers import KNIGHT, QUESTION, move, put_up, start, student_client
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db

QUESTION_URL = reverse("puzzle_answer", args=["knight", "knight-no-blocked-leg"])
PARTNER = "knight-leg-blocked-by-enemy"  # what a miss of QUESTION asks next


@pytest.fixture
def three(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明", "小美")]


def phone_round(client) -> str:
    return client.get(reverse("live:student")).content.decode()


def test_a_pending_reask_does_not_hijack_the_projected_position(teacher, classroom, three):
    phone = student_client(three[0])
    phone.post(QUESTION_URL, {"answer": "no", "submit_answer": "1"})  # a miss, earlier
    assert phone.session[REASKS_SESSION_KEY] == {"knight-no-blocked-leg": PARTNER}
    before = phone.get(reverse("lesson", args=["knight"]), {"puzzle": "knight-no-blocked-leg"})
    assert f'data-asked="{PARTNER}"' in before.content.decode()  # outside the live lesson

    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session, QUESTION)
    assert "第 1 題" in phone_round(phone)
    shown = phone.get(
        reverse("lesson", args=["knight"]),
        {"puzzle": "knight-no-blocked-leg"},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert 'data-puzzle="knight-no-blocked-leg"' in shown and "data-asked" not in shown
    answer = phone.post(QUESTION_URL, {"answer": "yes", "submit_answer": "1"})
    assert answer.status_code == 200
    recorded = Attempt.objects.filter(learner=three[0].learner).latest("created_at")
    from live.puzzles import find

    assert recorded.fen == find("knight", "knight-no-blocked-leg").start_fen
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    assert round_results(session.rounds.get()).right == 1


def test_the_round_closes_at_the_reveal_and_a_late_answer_is_practice(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    early, late, none = (student_client(s) for s in three)
    move(early, "a2a3")
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    assert move(late, "a1b3").status_code == 200  # recorded by the lessons...
    assert Attempt.objects.filter(learner=three[1].learner).count() == 1
    results = round_results(session.rounds.get())
    assert (results.answered, results.right) == (1, 0)  # ...but not counted
    panel = teacher_client.get(reverse("live:panel", args=[session.pk])).content.decode()
    assert 'data-answered="1"' in panel and 'data-right="0"' in panel

    wrong = phone_round(early)
    assert 'data-own-result="wrong"' in wrong
    assert "你的答案：白兵 a2→a3（a3）。這次沒答對。" in wrong
    assert "正確答案：白馬 a1→b3（Nb3）" in wrong  # nobody found it: the judge does
    assert 'data-own-result="none"' in phone_round(late)
    assert "公布結果前，你沒有回答這一題。" in phone_round(none)
    assert 'id="puzzle"' not in phone_round(late)  # no puzzle to answer now


def test_a_student_who_tried_twice_counts_once_with_the_first_answer(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(three[0])
    move(phone, "a2a3")
    move(phone, "a1b3")
    move(student_client(three[1]), "a1b3")
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    results = round_results(session.rounds.get())
    assert (results.answered, results.right) == (2, 1)
    assert [(bar.label, bar.count) for bar in results.bars] == [
        ("白馬 a1→b3（Nb3）", 1),
        ("白兵 a2→a3（a3）", 1),
    ]
    assert "答對了！你的答案：白馬 a1→b3（Nb3）" in phone_round(student_client(three[1]))
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert "每位學生只算一次：公布結果前的第一個答案。" in page


def test_after_the_end_the_phone_says_so_with_the_score(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    phone = student_client(three[0])
    put_up(teacher_client, session)
    move(phone, "a1b3")
    put_up(teacher_client, session, QUESTION)
    phone.post(QUESTION_URL, {"answer": "no", "submit_answer": "1"})
    teacher_client.post(reverse("live:end", args=[session.pk]))
    page = phone_round(phone)
    assert 'data-score="1/2"' in page
    assert "2 題中，你第一次就答對了 1 題。" in page


def add(client, classroom, puzzle):
    url = reverse("live:playlist_add", args=[classroom.pk])
    return client.post(url, {"puzzle": puzzle})


THREE = [KNIGHT, QUESTION, "knight/knight-not-straight"]


def test_a_prepared_playlist_is_reordered_and_goes_up_one_tap_at_a_time(teacher, classroom):
    teacher_client = signed_in(teacher)
    for puzzle in [*THREE, KNIGHT]:  # the knight twice: once in the list
        assert add(teacher_client, classroom, puzzle).status_code == 302
    items = list(PlaylistItem.objects.filter(classroom=classroom))
    assert [f"{i.lesson}/{i.puzzle}" for i in items] == THREE
    move_url = reverse("live:playlist_move", args=[items[2].pk])
    teacher_client.post(move_url, {"direction": "up"})
    order = [f"{i.lesson}/{i.puzzle}" for i in PlaylistItem.objects.filter(classroom=classroom)]
    assert order == [KNIGHT, "knight/knight-not-straight", QUESTION]

    _, session = start(teacher, classroom)
    next_url = reverse("live:next_puzzle", args=[session.pk])
    for expected in order:
        assert teacher_client.post(next_url).status_code == 302
        current = session.current_round()
        assert f"{current.lesson}/{current.puzzle}" == expected
    done = teacher_client.post(next_url)
    assert done.status_code == 400 and "準備好的題目都放過了。" in done.content.decode()
    assert [r.number for r in session.rounds.all()] == [1, 2, 3]

    teacher_client.post(reverse("live:playlist_remove", args=[items[0].pk]))
    assert PlaylistItem.objects.count() == 2


def test_the_presenter_offers_next_and_the_picker_stays_where_the_teacher_is(teacher, classroom):
    teacher_client, session = start(teacher, classroom)
    for puzzle in THREE:
        add(teacher_client, classroom, puzzle)
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    assert "下一題：" in page and "data-next" in page
    put_up(teacher_client, session, KNIGHT)
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    selected = re.search(r'<option value="([^"]+)" selected>', page).group(1)
    assert selected != KNIGHT and selected.startswith("knight/")


def test_the_audience_view_has_no_controls_and_follows_every_round(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    url = reverse("live:audience", args=[session.pk])
    page = teacher_client.get(url).content.decode()
    assert "<form" not in page and "<nav" not in page and "登出" not in page
    state = re.search(r'data-stage-state="([^"]+)"', page).group(1)
    stage = reverse("live:stage", args=[session.pk])
    assert teacher_client.get(stage, {"state": state}).status_code == 204
    put_up(teacher_client, session)
    changed = teacher_client.get(stage, {"state": state})
    assert changed.status_code == 200 and "請讓它跳到 b3" in changed.content.decode()
    move(student_client(three[0]), "a1b3")
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    teacher_client.post(reverse("live:names", args=[session.pk]), {"show": "1"})
    revealed = teacher_client.get(url).content.decode()
    assert "data-results" in revealed and "小華" not in revealed  # names never here
    teacher_client.post(reverse("live:end", args=[session.pk]))
    assert "data-ended" in teacher_client.get(url).content.decode()


@pytest.mark.parametrize("name", ["audience", "stage", "next_puzzle"])
def test_another_teacher_gets_404_on_the_new_session_pages(teacher, other_teacher, classroom, name):
    _, session = start(teacher, classroom)
    client = signed_in(other_teacher)
    url = reverse(f"live:{name}", args=[session.pk])
    response = client.post(url) if name == "next_puzzle" else client.get(url)
    assert response.status_code == 404


def test_another_teacher_cannot_touch_the_playlist(teacher, other_teacher, classroom):
    add(signed_in(teacher), classroom, KNIGHT)
    item = PlaylistItem.objects.get()
    client = signed_in(other_teacher)
    assert add(client, classroom, QUESTION).status_code == 404
    url = reverse("live:playlist_move", args=[item.pk])
    assert client.post(url, {"direction": "up"}).status_code == 404
    assert client.post(reverse("live:playlist_remove", args=[item.pk])).status_code == 404
    assert PlaylistItem.objects.count() == 1
    assert Client().post(reverse("live:playlist_remove", args=[item.pk])).status_code == 302


def test_a_bad_direction_is_a_400_in_chinese(teacher, classroom):
    add(signed_in(teacher), classroom, KNIGHT)
    item = PlaylistItem.objects.get()
    url = reverse("live:playlist_move", args=[item.pk])
    response = signed_in(teacher).post(url, {"direction": "sideways"})
    assert response.status_code == 400 and "請把題目往前或往後移。" in response.content.decode()


def test_a_student_signing_in_late_finds_the_live_lesson_on_the_first_screen(
    teacher, classroom, three
):
    phone = student_client(three[0])
    assert "data-live-now" not in phone.get(reverse("lesson_map")).content.decode()
    teacher_client, session = start(teacher, classroom)
    late = student_client(three[1])  # signs in now, lands on the lessons
    first = late.get(reverse("lesson_map")).content.decode()
    assert "老師正在上課：進入課堂" in first
    assert f'href="{reverse("live:student")}"' in first
    assert "data-live-now" not in Client().get(reverse("lesson_map")).content.decode()
    teacher_client.post(reverse("live:end", args=[session.pk]))
    assert "data-live-now" not in late.get(reverse("lesson_map")).content.decode()


def test_the_own_answer_statement_reads_what_the_orm_would(teacher, classroom, three):
    from datetime import timedelta

    from live.models import LiveRound
    from live.results import attempts_of, first_answer
    from people.models import Classroom

    elsewhere = Classroom.objects.create(teacher=teacher, name="別班", join_code="ELSE23")
    stranger = make_student(elsewhere, "小強")
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    live_round = LiveRound.objects.select_related("session").get(session=session)
    phones = [student_client(student) for student in three]
    Attempt.objects.create(  # before the window opened: not counted
        learner=three[2].learner,
        lesson="knight",
        puzzle="knight-crowded-corner",
        answer="a1c2",
        verdict="illegal",
        created_at=live_round.opened_at - timedelta(seconds=1),
    )
    move(phones[0], "a1a3")
    move(phones[0], "a1b3")
    move(phones[1], "a1b3")
    move(student_client(stranger), "a1b3")

    def by_orm(learner_id):
        return (
            attempts_of(live_round)
            .filter(learner_id=learner_id)
            .order_by("created_at", "pk")
            .values_list("answer", "verdict", "fen")
            .first()
        )

    learners = [student.learner_id for student in [*three, stranger]]
    for learner_id in learners:
        assert first_answer(live_round, learner_id) == by_orm(learner_id)
    assert first_answer(live_round, three[0].learner_id)[:2] == ("a1a3", "illegal")
    assert first_answer(live_round, stranger.learner_id) is None  # another class's student
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    move(phones[2], "a1b3")  # after the reveal: practice
    live_round.refresh_from_db()
    for learner_id in learners:
        assert first_answer(live_round, learner_id) == by_orm(learner_id)
    assert first_answer(live_round, three[2].learner_id) is None
