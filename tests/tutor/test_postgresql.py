"""tutor.postgresql: the health check of a reused connection rides on the request's first
statement, and a request still never fails on a connection PostgreSQL dropped while idle.

Each test keeps its connection as gunicorn's workers do (CONN_MAX_AGE: reused; the suite
itself closes it after every request) and marks a request's start as Django does, with
close_if_unusable_or_obsolete (the request_started and request_finished signals)."""

import time
from contextlib import nullcontext

import pytest
from django.conf import settings
from django.db import OperationalError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from lessons.models import Learner

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's backend"),
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


def test_the_settings_use_this_backend():
    assert settings.DATABASES["default"]["ENGINE"] == "tutor.postgresql"
    assert type(connections["default"]).__module__ == "tutor.postgresql.base"


def test_a_healthy_kept_connection_is_not_asked_select_1(kept):
    pid = backend()
    for _ in range(3):
        next_request()
        assert Learner.objects.count() == 0
        assert Learner.objects.filter(pk=1).first() is None
    assert kept == []
    assert backend() == pid


@pytest.mark.parametrize("logged", [False, True], ids=["plain cursor", "debug cursor"])
def test_a_read_on_a_dropped_connection_is_sent_again_on_a_new_one(kept, logged):
    Learner.objects.create()
    pid = dropped_between_requests()
    with CaptureQueriesContext(connection) if logged else nullcontext() as queries:
        assert Learner.objects.count() == 1
    assert backend() != pid
    assert kept == [1]  # asked once, after the read failed: was it the connection?
    assert not connection.errors_occurred
    if logged:
        # the read that failed is logged too unless logging it needed the lost connection
        assert queries[-1]["sql"] == 'SELECT COUNT(*) AS "__count" FROM "lessons_learner"'
    next_request()
    assert Learner.objects.count() == 1
    assert kept == [1]


def test_a_server_side_read_on_a_dropped_connection_is_sent_again_as_one(kept):
    """Django's iterator() reads through a named cursor: sent again, it is still one."""
    import psycopg

    made = Learner.objects.create()
    pid = dropped_between_requests()
    cursor = connection.chunked_cursor()
    try:
        cursor.execute('SELECT "id" FROM "lessons_learner"')
        assert isinstance(cursor.cursor, psycopg.ServerCursor)
        assert cursor.fetchall() == [(made.pk,)]
    finally:
        cursor.close()
    assert backend() != pid
    assert kept == [1]


@pytest.mark.parametrize("atomic", [False, True], ids=["a write", "a transaction"])
def test_a_write_first_is_preceded_by_the_check_and_written_once(kept, atomic):
    pid = dropped_between_requests()
    with transaction.atomic() if atomic else nullcontext():
        Learner.objects.create()
        Learner.objects.create()
    assert kept == [1]
    assert backend() != pid
    assert Learner.objects.count() == 2


def test_executemany_first_is_preceded_by_the_check(kept):
    dropped_between_requests()
    with connection.cursor() as cursor:
        cursor.executemany(
            'INSERT INTO "lessons_learner"'
            ' ("nickname", "avatar", "language", "created_at", "last_active_at")'
            " VALUES (%s, '', '', now(), now())",
            [["甲"], ["乙"]],
        )
    assert kept == [1]
    assert sorted(Learner.objects.values_list("nickname", flat=True)) == ["乙", "甲"]


def test_a_read_that_fails_on_its_own_is_not_sent_again(kept):
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = '100ms'")
    pid = backend()
    next_request()
    sent = []
    counted = connection.execute_wrapper(lambda execute, *args: sent.append(1) or execute(*args))
    timed_out = pytest.raises(OperationalError, match="statement timeout")
    with counted, timed_out, connection.cursor() as cursor:
        cursor.execute("SELECT pg_sleep(2)")
    assert sent == [1]
    assert kept == [1]  # asked whether the connection was to blame: it was not
    assert backend() == pid


def test_without_health_checks_the_dropped_connection_fails_the_read(kept):
    """What the check saves a request from (and proof that drop() drops)."""
    connection.health_check_enabled = False
    dropped_between_requests()
    with pytest.raises(OperationalError):
        Learner.objects.count()
    assert kept == []
