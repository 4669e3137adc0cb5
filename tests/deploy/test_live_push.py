"""Live lessons pushed, not polled, as `make serve` runs them (deploy/serve.py: nginx with
Nchan in front of gunicorn): a phone's stream brings the teacher's new round (the fragment
itself) and the reveal; the teacher's count follows the answers; a stranger's subscription
is refused (403); a student moved out of the class stops receiving at once; the audience's
channel carries no names. Then two nginx + app servers sharing one Redis: a phone
subscribed through server A receives the round the teacher put up through server B.

127.0.0.1 only, ports PUSH_PORTS (8460-8479); an SQLite file the servers share; bounded."""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path

import pytest

from tests.benchmarks.served import app_env, prepare, scratch_database
from tests.deploy import push_servers as ps

pytestmark = [pytest.mark.slow, pytest.mark.any_database]
PORTS = ps.ports()


@pytest.fixture(scope="module")
def one_server():
    with ps.seeded_site(PORTS[0:3], "tutor-push-") as (base, env, ids):
        # A write outside the app servers (manage.py) publishes where they do.
        env = dict(env, LIVE_PUSH=f"http://127.0.0.1:{PORTS[2]}/pub")
        yield {"base": base, "env": env, **ids}


@pytest.fixture
def lesson(one_server):
    """The teacher signed in with a new live lesson; the first student's phone on /live/."""
    teacher = ps.Browser(one_server["base"])
    teacher.sign_in_teacher()
    session = ps.start_lesson(teacher, one_server["classroom"])
    phone = ps.Browser(one_server["base"])
    phone.sign_in_student(one_server["code"], one_server["students"][0])
    page = phone.get("/live/")
    assert page.status_code == 200
    return teacher, session, phone, page.text


def test_a_phone_receives_the_round_the_teacher_puts_up_and_the_reveal(lesson):
    teacher, session, phone, page = lesson
    path = ps.push_path(page)
    assert re.fullmatch(r"/live/push/class/\d+/\d+/zh-hant/[A-Za-z0-9_-]+", path)
    stream = ps.Stream(phone, path)
    assert stream.status == 200
    assert stream.headers["Content-Type"].startswith("text/event-stream")
    try:
        started = time.perf_counter()
        assert teacher.post(f"/live/sessions/{session}/puzzle", {"puzzle": ps.KNIGHT}).ok
        up = stream.next(where=lambda message: "html" in message)
        took = time.perf_counter() - started
        assert up["order"] == f"{session}.1.0"
        assert 'action="/live/answer"' in up["html"]
        assert "第 1 題" in up["html"]
        assert 'name="token"' not in up["html"]  # each phone adds its own
        assert "小明" not in up["html"] and "小華" not in up["html"]

        assert teacher.post(f"/live/sessions/{session}/reveal").status_code == 302
        revealed = stream.next(where=lambda message: message.get("fetch"))
        assert revealed == {"order": f"{session}.1.1", "fetch": True}
        state = re.search(r'data-live-state="([^"]+)"', page).group(1)
        own = phone.get("/live/round", params={"state": state}, headers={"HX-Request": "true"})
        assert own.status_code == 200 and 'data-own-result="none"' in own.text
        print(f"\nclick to the round on the phone's stream: {took * 1000:.0f} ms")
    finally:
        stream.close()
        teacher.post(f"/live/sessions/{session}/end")


def test_the_teacher_s_count_follows_the_answers_and_no_names_travel(lesson, one_server):
    teacher, session, phone, _page = lesson
    projector = teacher.get(f"/live/sessions/{session}/")
    path = ps.push_path(projector.text)
    assert re.fullmatch(rf"/live/push/stage/{session}/\d+/-/[A-Za-z0-9_-]+", path)
    stream = ps.Stream(teacher, path)
    assert stream.status == 200
    try:
        assert teacher.post(f"/live/sessions/{session}/names", {"show": "1"}).status_code == 302
        assert teacher.post(f"/live/sessions/{session}/puzzle", {"puzzle": ps.KNIGHT}).ok
        stream.next(where=lambda message: "html" in message)
        answer = phone.post(
            "/lessons/knight/knight-crowded-corner/",
            {"mode": "move", "typed": "a1b3"},
            headers={"HX-Request": "true"},
        )
        assert answer.status_code == 200
        counted = stream.next(where=lambda message: "answered" in message)
        assert counted["answered"] == 1 and counted["students"] == 2
        assert teacher.post(f"/live/sessions/{session}/reveal").status_code == 302
        stage = stream.next(where=lambda message: "html" in message)
        assert "data-results" in stage["html"] and 'data-right="1"' in stage["html"]
        assert "小明" not in stage["html"]  # the teacher shows names; the projector never
        assert "小明" in teacher.get(f"/live/sessions/{session}/panel").text
    finally:
        stream.close()
        teacher.post(f"/live/sessions/{session}/end")


def test_a_stranger_s_subscription_is_refused(lesson, one_server):
    teacher, session, phone, page = lesson
    path = ps.push_path(page)
    forged = path[: path.rindex("/") + 1] + "A" * 27
    assert ps.Stream(phone, forged).status == 403
    stranger = ps.Browser(one_server["base"])
    assert ps.Stream(stranger, path).status == 403  # the right path, not the student's cookie
    classmate = ps.Browser(one_server["base"])
    classmate.sign_in_student(one_server["code"], one_server["students"][1])
    assert ps.Stream(classmate, path).status == 403
    other_class = path.replace(
        f"/class/{one_server['classroom']}/", f"/class/{one_server['other']}/"
    )
    assert ps.Stream(phone, other_class).status == 403
    stage = ps.push_path(teacher.get(f"/live/sessions/{session}/").text)
    assert ps.Stream(phone, stage).status == 403
    teacher.post(f"/live/sessions/{session}/end")


def test_a_student_moved_out_of_the_class_stops_receiving_at_once(lesson, one_server):
    teacher, session, phone, page = lesson
    path = ps.push_path(page)
    stream = ps.Stream(phone, path)
    assert stream.status == 200
    student = one_server["students"][0]
    try:
        ps.manage(
            one_server["env"],
            "from people.models import Student; "
            f"Student.objects.filter(pk={student}).update(classroom_id={one_server['other']}); "
            f"Student.objects.get(pk={student}).save()",
        )
        assert stream.ended.wait(10)  # the stream closed by the app, not by the phone
        assert ps.Stream(phone, path).status == 403
    finally:
        stream.close()
        ps.manage(
            one_server["env"],
            "from people.models import Student; "
            f"Student.objects.filter(pk={student}).update(classroom_id={one_server['classroom']})",
        )
        teacher.post(f"/live/sessions/{session}/end")


def test_two_servers_share_one_event_bus_through_redis():
    ps.needs_push_server()
    with (
        scratch_database() as database_url,
        tempfile.TemporaryDirectory(prefix="tutor-push-two-") as folder,
        ps.redis_server(PORTS[19]) as redis,
    ):
        env = prepare(app_env(database_url))
        ids = ps.seed(env)
        folder = Path(folder)
        a_ports, b_ports = PORTS[10:13], PORTS[13:16]
        with (
            ps.served(env, folder, *a_ports, redis=redis, name="a") as server_a,
            ps.served(env, folder, *b_ports, redis=redis, name="b") as server_b,
        ):
            teacher = ps.Browser(server_b)
            teacher.sign_in_teacher()
            session = ps.start_lesson(teacher, ids["classroom"])
            phone = ps.Browser(server_a)
            phone.sign_in_student(ids["code"], ids["students"][0])
            stream = ps.Stream(phone, ps.push_path(phone.get("/live/").text))
            assert stream.status == 200
            try:
                started = time.perf_counter()
                put = teacher.post(f"/live/sessions/{session}/puzzle", {"puzzle": ps.QUESTION})
                assert put.status_code == 302
                up = stream.next(where=lambda message: "html" in message)
                took = time.perf_counter() - started
                assert up["order"] == f"{session}.1.0"
                assert 'action="/live/answer"' in up["html"]
                print(f"\nput up through B, received through A: {took * 1000:.0f} ms")
            finally:
                stream.close()
