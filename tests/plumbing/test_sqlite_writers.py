"""SQLite's writers queue on a flock beside the database (plumbing/sqlite/base.py)."""

import fcntl
import os
import threading
import time
from contextlib import contextmanager

import pytest
from django.db import connections, transaction

from plumbing.sqlite.base import lock_path
from tests.tutor.conftest import run_django


@contextmanager
def _scratch(name: str, options: dict):
    """The alias "w": a scratch SQLite file through the project's backend (one per thread)."""
    connections.settings["w"] = connections.configure_settings(
        {"default": {}, "w": {"ENGINE": "plumbing.sqlite", "NAME": name, "OPTIONS": options}}
    )["w"]
    try:
        with connections["w"].cursor() as cursor:
            cursor.execute("CREATE TABLE answer (id INTEGER PRIMARY KEY, who TEXT)")
        yield connections
    finally:
        connections["w"].close()
        del connections["w"]
        del connections.settings["w"]


@pytest.fixture
def database(tmp_path, django_db_blocker):
    name = str(tmp_path / "writers.sqlite3")
    with django_db_blocker.unblock(), _scratch(name, {"transaction_mode": "IMMEDIATE"}) as c:
        yield c, name


def _queue_is_taken(name: str) -> bool:
    """Whether someone holds the writers' flock now (asked through a file of our own)."""
    fd = os.open(lock_path(name), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def _write(handler, who: str) -> None:
    with transaction.atomic(using="w"), handler["w"].cursor() as cursor:
        cursor.execute("INSERT INTO answer (who) VALUES (%s)", [who])


def test_a_transaction_holds_the_queue_from_begin_to_commit(database):
    handler, name = database
    assert not _queue_is_taken(name)
    with transaction.atomic(using="w"):
        with handler["w"].cursor() as cursor:
            cursor.execute("INSERT INTO answer (who) VALUES ('a')")
        assert _queue_is_taken(name)
    assert not _queue_is_taken(name)


def test_a_rolled_back_transaction_leaves_the_queue(database):
    handler, name = database
    with pytest.raises(ZeroDivisionError), transaction.atomic(using="w"):
        _write(handler, "a")
        raise ZeroDivisionError
    assert not _queue_is_taken(name)
    with handler["w"].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM answer")
        assert cursor.fetchone() == (0,)


def test_a_closed_connection_leaves_the_queue(database):
    handler, name = database
    connection = handler["w"]
    atomic = transaction.atomic(using="w")
    atomic.__enter__()
    assert _queue_is_taken(name)
    connection.close()  # a worker's connection dropped mid-transaction
    assert not _queue_is_taken(name)
    connection.needs_rollback, connection.in_atomic_block = False, False


def test_statements_outside_a_transaction_do_not_queue(database):
    handler, name = database
    with handler["w"].cursor() as cursor:
        cursor.execute("INSERT INTO answer (who) VALUES ('a')")
        assert not _queue_is_taken(name)


def test_a_second_writer_waits_for_the_first_and_goes_on_as_soon_as_it_commits(database):
    handler, _name = database
    first_in, committed, second_began = threading.Event(), [], []

    def second():
        first_in.wait()
        _write(handler, "second")
        second_began.append(time.monotonic())
        handler["w"].close()

    thread = threading.Thread(target=second)
    thread.start()
    with transaction.atomic(using="w"):
        _write(handler, "first")
        first_in.set()
        time.sleep(0.3)  # the second writer is queued meanwhile
        assert not second_began
    committed.append(time.monotonic())
    thread.join(5)
    with handler["w"].cursor() as cursor:
        cursor.execute("SELECT who FROM answer ORDER BY id")
        assert cursor.fetchall() == [("first",), ("second",)]
    # Queued, not refused: the second began after the first committed (polled every
    # <= 2 ms; the bound here is loose for a loaded machine).
    assert 0 <= second_began[0] - committed[0] < 1


def test_the_wait_is_bounded_by_the_connections_timeout(tmp_path, django_db_blocker):
    name = str(tmp_path / "bounded.sqlite3")
    with django_db_blocker.unblock(), _scratch(name, {"timeout": 0.2}) as handler:
        fd = os.open(lock_path(name), os.O_RDWR | os.O_CREAT)
        fcntl.flock(fd, fcntl.LOCK_EX)  # a queue that never moves (SQLite's lock is free)
        try:
            start = time.monotonic()
            _write(handler, "a")
            waited = time.monotonic() - start
        finally:
            os.close(fd)
    assert 0.2 <= waited < 1


def test_in_memory_databases_have_no_queue():
    assert lock_path(":memory:") is None
    assert lock_path("file:memorydb_default?mode=memory&cache=shared") is None
    assert lock_path("/srv/tutor/db.sqlite3") == "/srv/tutor/db.sqlite3-writers.lock"


def test_the_default_sqlite_database_uses_the_queue():
    shown = "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'])"
    result = run_django({"DEBUG": "1"}, "shell", "--no-imports", "-c", shown)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "plumbing.sqlite"
