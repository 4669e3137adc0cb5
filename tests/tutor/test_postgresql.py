"""Django's PostgreSQL backend with CONN_HEALTH_CHECKS: a request never fails on a kept
connection PostgreSQL dropped while it sat idle (a restart, an idle timeout).

Each test keeps its connection as gunicorn's workers do (CONN_MAX_AGE: reused; the suite
itself closes it after every request) and marks a request's start as Django does, with
close_if_unusable_or_obsolete (the request_started and request_finished signals)."""

import time

import pytest
from django.conf import settings
from django.db import OperationalError, connection, connections

from lessons.models import Learner

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's connections"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def kept(monkeypatch):
    """The connection kept between requests, and a count of Django's SELECT 1 checks."""
    wrapper = connections["default"]
    wrapper.close()
    wrapper.ensure_connection()
    wrapper.close_at = None  # kept for good, as CONN_MAX_AGE keeps it in a worker
    wrapper.queries_log.clear()  # full after earlier tests, it would log nothing new
    assert wrapper.health_check_enabled
    checks = []
    usable = wrapper.is_usable
    monkeypatch.setattr(wrapper, "is_usable", lambda: checks.append(1) or usable())
    yield checks
    wrapper.close()


def next_request() -> None:
    connection.close_if_unusable_or_obsolete()


def backend() -> int:
    """The server process serving this connection (no statement sent)."""
    return connection.connection.info.backend_pid


def drop(pid: int) -> None:
    """PostgreSQL ends that connection, as a restart or an idle timeout would."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            for _ in range(100):
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
                if cursor.fetchone()[0] == 0:
                    return
                time.sleep(0.05)
        raise AssertionError(f"backend {pid} still runs")
    finally:
        other.close()


def dropped_between_requests() -> int:
    """The kept connection dropped by the server while idle, then the next request: the
    old server process."""
    pid = backend()
    drop(pid)
    next_request()
    return pid


def test_the_settings_use_djangos_backend_with_health_checks():
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


def test_a_request_on_a_connection_dropped_while_idle_gets_a_new_one(kept):
    Learner.objects.create()
    pid = dropped_between_requests()
    assert Learner.objects.count() == 1  # the request's first statement: no error
    assert backend() != pid
    assert kept == [1]  # Django's SELECT 1, once, before it
    assert not connection.errors_occurred
    Learner.objects.create()  # and the rest of the request on the new connection
    assert kept == [1]
    assert Learner.objects.count() == 2


def test_a_healthy_kept_connection_is_asked_once_a_request(kept):
    pid = backend()
    for n in range(1, 4):
        next_request()
        assert Learner.objects.count() == 0
        assert Learner.objects.filter(pk=1).first() is None
        assert kept == [1] * n
    assert backend() == pid


def test_without_health_checks_the_dropped_connection_fails_the_read(kept):
    """What the check saves a request from (and proof that drop() drops)."""
    connection.health_check_enabled = False
    dropped_between_requests()
    with pytest.raises(OperationalError):
        Learner.objects.count()
    assert kept == []


# A read that is its own check (plumbing.first_read): the phone's poll.


def test_a_first_read_is_the_requests_only_check(kept):
    from plumbing.first_read import fetch_one

    Learner.objects.create()
    pid = backend()
    next_request()
    assert fetch_one('SELECT count(*) FROM "lessons_learner"', []) == (1,)
    assert kept == []  # no SELECT 1 before it
    assert Learner.objects.count() == 1  # nor before the request's next statement
    assert kept == [] and backend() == pid


def test_a_first_read_on_a_dropped_connection_is_sent_again_on_a_new_one(kept):
    from plumbing.first_read import fetch_one

    Learner.objects.create()
    pid = dropped_between_requests()
    assert fetch_one('SELECT count(*) FROM "lessons_learner"', []) == (1,)
    assert backend() != pid
    assert kept == [1]  # the failed read's connection found unusable, once
    assert not connection.errors_occurred
    Learner.objects.create()  # the rest of the request on the new connection
    assert Learner.objects.count() == 2 and kept == [1]


def test_a_first_read_that_fails_on_a_sound_connection_raises(kept):
    from django.db import ProgrammingError

    from plumbing.first_read import fetch_one

    pid = backend()
    next_request()
    with pytest.raises(ProgrammingError):
        fetch_one('SELECT "nothing" FROM "lessons_learner"', [])
    assert kept == [1] and backend() == pid


def test_the_phones_poll_that_finds_nothing_new_is_one_round_trip(kept):
    """The 204 of live.polls on a kept connection: its own statement, no SELECT 1."""
    from django.test.utils import CaptureQueriesContext

    from live import polls

    next_request()
    with CaptureQueriesContext(connection) as captured:
        assert polls.read_state(404, 404) is None  # no such student: still one read
    assert len(captured) == 1 and kept == []


# The session's read is the other (plumbing.sessions): most requests' first statement.


def a_stored_session() -> str:
    from plumbing.sessions import SessionStore

    store = SessionStore()
    store["colour"] = "white"
    store.create()
    return store.session_key


def test_a_requests_session_read_is_its_only_check(kept):
    from django.test.utils import CaptureQueriesContext

    from plumbing.sessions import SessionStore

    key = a_stored_session()
    pid = backend()
    next_request()
    with CaptureQueriesContext(connection) as captured:
        assert SessionStore(key).load() == {"colour": "white"}
        assert Learner.objects.count() == 0  # the request goes on: still no SELECT 1
    assert len(captured) == 2 and kept == [] and backend() == pid


def test_a_session_read_on_a_dropped_connection_gets_a_new_one(kept):
    from plumbing.sessions import SessionStore

    key = a_stored_session()
    pid = dropped_between_requests()
    assert SessionStore(key).load() == {"colour": "white"}
    assert backend() != pid
    assert kept == [1] and not connection.errors_occurred


def test_a_whole_request_with_a_session_sends_no_select_1(kept, client):
    """An answer's request through every middleware, on a kept connection: the session's
    read goes first and checks it."""
    from django.test.utils import CaptureQueriesContext

    client.get("/lessons/castling/")  # the CSRF cookie, no session yet
    token = client.cookies["csrftoken"].value
    answer = {"mode": "move", "selected": "e1", "square": "g1"}
    url = "/lessons/castling/castling-short-first/"
    client.post(url, answer, HTTP_X_CSRFTOKEN=token, HTTP_HX_REQUEST="true")
    assert "sessionid" in client.cookies  # the first answer made the learner and its session
    connection.ensure_connection()
    connection.close_at = None
    kept.clear()
    next_request()  # what request_started does (Django's test client leaves it out)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, answer, HTTP_X_CSRFTOKEN=token, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert captured[0]["sql"].startswith('SELECT "session_data"')
    assert kept == []
