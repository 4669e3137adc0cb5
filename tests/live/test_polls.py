"""The phone's poll that finds nothing new: one indexed read, no session (live.polls), and
nothing for anyone but the class's own students; the presenter's panel answers 204 too."""

import re
from datetime import timedelta

import pytest
from django.core import signing
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from live import polls
from live.models import LiveRound, LiveSession
from people.models import Classroom
from tests.live.helpers import QUESTION, move, put_up, start, student_client
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db

POLL = reverse("live:student_round")


@pytest.fixture
def pupil(classroom):
    return make_student(classroom, "小華")


@pytest.fixture
def other_class(teacher):
    return Classroom.objects.create(teacher=teacher, name="進階班", join_code="WXYZ45")


def poll_token(body: str) -> str:
    return re.search(r'data-live-state="([^"]+)"', body).group(1)


def phone_page(client) -> str:
    return client.get(reverse("live:student")).content.decode()


def state_of(student) -> str:
    return polls.read_state(student.classroom_id, student.learner_id).state


def test_nothing_new_is_one_statement_and_no_session_read(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(pupil)
    token = poll_token(phone_page(phone))
    with CaptureQueriesContext(connection) as queries:
        response = phone.get(POLL, {"state": token})
    assert response.status_code == 204 and response.content == b""
    assert response["Cache-Control"] == "private, no-store"
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert "tutor_session" not in queries[0]["sql"] and "lessons_learner" not in queries[0]["sql"]
    assert "Set-Cookie" not in response  # the session was not touched


def test_the_state_follows_the_class_exactly(teacher, classroom, pupil):
    assert state_of(pupil) == "ended-0"  # nothing yet: 「老師還沒開始」
    teacher_client, session = start(teacher, classroom)
    assert state_of(pupil) == f"{session.pk}-0-0"  # open, no puzzle up yet
    put_up(teacher_client, session)
    first = LiveRound.objects.get(session=session, number=1)
    assert state_of(pupil) == f"{session.pk}-{first.pk}-0"
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    assert state_of(pupil) == f"{session.pk}-{first.pk}-1"
    put_up(teacher_client, session, QUESTION)
    second = LiveRound.objects.get(session=session, number=2)
    assert state_of(pupil) == f"{session.pk}-{second.pk}-0"
    teacher_client.post(reverse("live:end", args=[session.pk]))
    assert state_of(pupil) == f"ended-{session.pk}"  # the score of this lesson
    LiveSession.objects.filter(pk=session.pk).update(
        ended_at=timezone.now() - polls.ENDED_SHOWN - timedelta(minutes=1)
    )
    assert state_of(pupil) == "ended-0"


def test_each_change_reaches_the_phone_with_a_new_token(teacher, classroom, pupil):
    phone = student_client(pupil)
    token = poll_token(phone_page(phone))
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    changed = phone.get(POLL, {"state": token})
    assert changed.status_code == 200 and "第 1 題" in changed.content.decode()
    token = poll_token(changed.content.decode())
    assert phone.get(POLL, {"state": token}).status_code == 204
    move(phone, "a1b3")
    assert phone.get(POLL, {"state": token}).status_code == 204  # an answer is no change
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    revealed = phone.get(POLL, {"state": token}).content.decode()
    assert 'data-own-result="correct"' in revealed


def test_a_stranger_with_a_students_token_gets_nothing_but_a_204(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    token = poll_token(phone_page(student_client(pupil)))
    stranger = Client()
    assert stranger.get(POLL, {"state": token}).status_code == 204  # no body, no state
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    changed = stranger.get(POLL, {"state": token})
    assert changed.status_code == 403 and changed.content == b""


@pytest.mark.parametrize(
    "forge",
    [
        lambda t, c, who, s: t.replace(f"{c}.", f"{c + 1}.", 1),  # another class, same signature
        lambda t, c, who, s: signing.Signer(salt="another").sign(f"{c}.{who}.{s}"),
        lambda t, c, who, s: f"{c}.{who}.{s}",  # unsigned
        lambda t, c, who, s: t[:-3] + "AAA",
        lambda t, c, who, s: "",
    ],
)
def test_a_token_this_site_did_not_sign_is_never_answered_at_once(teacher, classroom, pupil, forge):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    state = state_of(pupil)
    token = polls.token(classroom.pk, pupil.learner_id, state)
    forged = forge(token, classroom.pk, pupil.learner_id, state)
    assert polls.parse(forged) is None
    response = Client().get(POLL, {"state": forged})
    assert response.status_code == 403 and response.content == b""


def test_another_class_token_shows_a_student_only_their_own_class(
    teacher, classroom, pupil, other_class
):
    outsider = make_student(other_class, "阿志")
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    token = poll_token(phone_page(student_client(pupil)))
    outsider_phone = student_client(outsider)
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    body = outsider_phone.get(POLL, {"state": token}).content.decode()
    assert "老師還沒開始" in body  # the other class has no live lesson
    assert "第 1 題" not in body and "knight" not in body


def test_a_student_moved_out_of_the_class_no_longer_gets_its_204(
    teacher, classroom, pupil, other_class
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(pupil)
    token = poll_token(phone_page(phone))
    pupil.classroom = other_class
    pupil.save(update_fields=["classroom"])
    assert not polls.unchanged(token)
    body = phone.get(POLL, {"state": token}).content.decode()
    assert "老師還沒開始" in body and "第 1 題" not in body


def test_the_presenters_panel_answers_204_until_the_count_or_the_names_change(
    teacher, other_teacher, classroom, pupil
):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    page = teacher_client.get(reverse("live:projector", args=[session.pk])).content.decode()
    panel = html_unescape(re.search(r'id="live-panel"[^>]*hx-get="([^"]+)"', page).group(1))
    assert teacher_client.get(panel).status_code == 204
    move(student_client(pupil), "a1b3")
    counted = teacher_client.get(panel)
    assert counted.status_code == 200 and 'data-answered="1"' in counted.content.decode()
    panel = html_unescape(re.search(r'hx-get="([^"]+)"', counted.content.decode()).group(1))
    assert teacher_client.get(panel).status_code == 204
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    teacher_client.post(reverse("live:names", args=[session.pk]), {"show": "1"})
    named = teacher_client.get(panel).content.decode()
    assert "小華" in named
    panel = html_unescape(re.search(r'hx-get="([^"]+)"', named).group(1))
    assert teacher_client.get(panel).status_code == 204
    assert signed_in(other_teacher).get(panel).status_code == 404  # only the class's teacher


def html_unescape(text: str) -> str:
    return text.replace("&amp;", "&")


def test_the_early_answer_still_checks_the_host(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    token = poll_token(phone_page(student_client(pupil)))
    response = Client(headers={"host": "evil.example"}).get(POLL, {"state": token})
    assert response.status_code == 400


def test_each_phone_reads_the_right_move_the_projector_draws_alone(teacher, classroom):
    from live.results import first_right_answer, round_results

    first, second, third = (make_student(classroom, name) for name in ("小華", "小明", "小美"))
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    live_round = LiveRound.objects.get(session=session)
    assert first_right_answer(live_round) is None
    move(student_client(first), "a2a3")
    move(student_client(first), "a1b3")  # right only at the second try: not counted
    live_round.refresh_from_db()
    assert first_right_answer(live_round) is None
    assert round_results(live_round).right_move is None
    move(student_client(second), "a1a3")
    move(student_client(third), "a1b3")
    assert first_right_answer(live_round) == round_results(live_round).right_move == "a1b3"
    assert live_round.right_answer == ""  # written only at the reveal
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    live_round.refresh_from_db()
    assert live_round.right_answer == "a1b3"
    body = phone_page(student_client(second))
    assert 'data-own-result="wrong"' in body
    assert "正確答案：白馬 a1→b3（Nb3）" in body


def test_the_reveal_stores_no_right_answer_when_nobody_had_it_right(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(pupil)
    move(phone, "a1a3")
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    move(phone, "a1b3")  # after the reveal: practice, not counted
    live_round = LiveRound.objects.get(session=session)
    assert live_round.revealed and live_round.right_answer == ""
    body = phone_page(phone)
    assert 'data-own-result="wrong"' in body
    assert "正確答案：白馬 a1→b3（Nb3）" in body  # a right move the judge finds
    teacher_client.post(reverse("live:reveal", args=[session.pk]))  # a second tap
    assert LiveRound.objects.get(session=session).revealed_at == live_round.revealed_at


def test_a_changed_poll_reads_the_class_once(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    phone = student_client(pupil)
    token = poll_token(phone_page(phone))
    put_up(teacher_client, session)
    with CaptureQueriesContext(connection) as queries:
        response = phone.get(POLL, {"state": token}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200 and "第 1 題" in body
    assert 'data-puzzle="knight-crowded-corner"' in body  # the puzzle comes with the round
    # The class's state (the middleware's, kept for the view), the session, then whether
    # the student has answered the round already (the phone then says only that).
    tables = [table_of(q["sql"]) for q in queries]
    assert tables == ["people_student", "tutor_session", "lessons_attempt"], tables


def test_the_reveal_poll_reads_the_class_once_and_the_own_answer_once(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = student_client(pupil)
    token = poll_token(phone_page(phone))
    move(phone, "a1b3")
    move(student_client(make_student(classroom, "小明")), "a1a3")
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    with CaptureQueriesContext(connection) as queries:
        response = phone.get(POLL, {"state": token}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert 'data-own-result="correct"' in body and "正確答案：白馬 a1→b3（Nb3）" in body
    tables = [table_of(q["sql"]) for q in queries]
    assert tables == ["people_student", "tutor_session", "lessons_attempt"], tables


def table_of(sql: str) -> str:
    """The table a statement reads from (its outermost FROM, subqueries left out)."""
    while "(" in sql:
        sql = re.sub(r"\([^()]*\)", "", sql)
    return re.search(r'FROM\s+"?(\w+)', sql).group(1)


def test_the_stage_statement_reads_what_the_orm_would(teacher, classroom, other_class):
    from live.results import answered_count

    first, second = make_student(classroom, "小華"), make_student(classroom, "小明")
    stranger = make_student(other_class, "小強")
    teacher_client, session = start(teacher, classroom)

    def check(answered: int) -> None:
        session.refresh_from_db()
        stage = polls.read_stage(session)
        current = session.current_round()
        assert (stage.round.pk if stage.round else None) == (current.pk if current else None)
        assert stage.students == classroom.students.count() == 2
        assert stage.answered == (answered_count(current) if current else 0) == answered
        if current is not None:
            assert [getattr(stage.round, f) for f in polls._ROUND_COLUMNS] == [
                getattr(current, f) for f in polls._ROUND_COLUMNS
            ]

    check(0)
    put_up(teacher_client, session)
    check(0)
    move(student_client(first), "a1a3")
    move(student_client(first), "a1b3")  # the same student twice: one
    move(student_client(stranger), "a1b3")  # another class: not counted
    check(1)
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    move(student_client(second), "a1b3")  # after the reveal: practice
    check(1)
    put_up(teacher_client, session, QUESTION)
    check(0)


def test_a_presenter_panel_poll_is_five_statements_before_the_reveal(teacher, classroom, pupil):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    move(student_client(pupil), "a1b3")
    panel = reverse("live:panel", args=[session.pk])
    with CaptureQueriesContext(connection) as queries:
        response = teacher_client.get(panel, headers={"HX-Request": "true"})
    assert 'data-answered="1"' in response.content.decode()
    # The session, the account, the live session (with its class), the stage, then the
    # names of the students who have not answered yet (the teacher's screen only).
    tables = [table_of(q["sql"]) for q in queries]
    assert tables[:3] == ["tutor_session", "auth_user", "live_livesession"], tables
    assert len(queries) == 5 and "COUNT(DISTINCT a.learner_id)" in queries[3]["sql"]
    assert tables[4] == "people_student", tables


def test_the_teachers_session_read_is_the_orm_session_and_class_field_for_field(
    teacher, classroom, other_teacher
):
    _client, session = start(teacher, classroom)
    read = polls.teachers_session(session.pk, teacher.pk)
    expected = LiveSession.objects.select_related("classroom").get(pk=session.pk)
    for made, wanted in ((read, expected), (read.classroom, expected.classroom)):
        fields = [field.attname for field in type(wanted)._meta.concrete_fields]
        assert [getattr(made, f) for f in fields] == [getattr(wanted, f) for f in fields]
        assert made._state.adding is False and made._state.db == "default"
    assert timezone.is_aware(read.started_at) and read.ended_at is None
    assert polls.teachers_session(session.pk, other_teacher.pk) is None  # not theirs
    assert polls.teachers_session(session.pk + 1, teacher.pk) is None
    read.show_names = True
    read.save(update_fields=["show_names"])  # saves as the row it was read from
    assert LiveSession.objects.get().show_names is True
