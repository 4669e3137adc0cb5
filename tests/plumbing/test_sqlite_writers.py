"""SQLite's writers, through Django's own backend as the site configures it (tutor/settings.py:
WAL, IMMEDIATE transactions, a busy timeout): writers at once all succeed, one after the
other, and nothing is lost."""

import threading
import time
from contextlib import contextmanager

import pytest
from django.db import connections, transaction

from tests.tutor.conftest import run_django

# As tutor/settings.py sets them for a SQLite database.
OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=5000;"
    ),
}


@contextmanager
def _scratch(name: str, options: dict):
    """The alias "w": a scratch SQLite file through Django's backend (one connection per
    thread)."""
    connections.settings["w"] = connections.configure_settings(
        {
            "default": {},
            "w": {"ENGINE": "django.db.backends.sqlite3", "NAME": name, "OPTIONS": options},
        }
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
    with django_db_blocker.unblock(), _scratch(str(tmp_path / "writers.sqlite3"), OPTIONS) as c:
        yield c


def _write(handler, who: str) -> None:
    with transaction.atomic(using="w"), handler["w"].cursor() as cursor:
        cursor.execute("INSERT INTO answer (who) VALUES (%s)", [who])


def _rows(handler) -> list:
    with handler["w"].cursor() as cursor:
        cursor.execute("SELECT who FROM answer ORDER BY id")
        return [who for (who,) in cursor.fetchall()]


def test_the_connection_is_wal_with_normal_sync(database):
    with database["w"].cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone() == ("wal",)
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone() == (1,)  # NORMAL
        cursor.execute("PRAGMA wal_autocheckpoint")
        assert cursor.fetchone() == (5000,)


def test_many_writers_at_once_all_succeed_and_nothing_is_lost(database):
    writers, each, failures = 12, 25, []
    start = threading.Barrier(writers)

    def writer(n: int) -> None:
        try:
            start.wait()
            for k in range(each):
                _write(database, f"{n}-{k}")
        except Exception as error:  # "database is locked" would land here
            failures.append(repr(error))
        finally:
            database["w"].close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []
    rows = _rows(database)
    assert len(rows) == writers * each
    assert set(rows) == {f"{n}-{k}" for n in range(writers) for k in range(each)}


def test_a_second_writer_waits_for_the_first_and_goes_on_once_it_commits(database):
    first_in, second_began, failures = threading.Event(), [], []

    def second():
        first_in.wait()
        try:
            _write(database, "second")
            second_began.append(time.monotonic())
        except Exception as error:
            failures.append(repr(error))
        finally:
            database["w"].close()

    thread = threading.Thread(target=second)
    thread.start()
    with transaction.atomic(using="w"):
        _write(database, "first")
        first_in.set()
        time.sleep(0.3)  # the second writer waits meanwhile
        assert not second_began
    committed = time.monotonic()
    thread.join(5)
    assert failures == []
    assert _rows(database) == ["first", "second"]
    # Waited, not refused: it went on after the first committed (SQLite's busy handler
    # sleeps up to 100 ms between tries; the bound is loose for a loaded machine).
    assert 0 <= second_began[0] - committed < 1


def test_a_rolled_back_writer_writes_nothing_and_holds_up_no_one(database):
    with pytest.raises(ZeroDivisionError), transaction.atomic(using="w"):
        _write(database, "a")
        raise ZeroDivisionError
    done = []
    thread = threading.Thread(target=lambda: (_write(database, "b"), done.append(1)))
    thread.start()
    thread.join(5)
    assert done == [1]
    assert _rows(database) == ["b"]


def test_the_default_sqlite_database_is_djangos_backend_with_these_options():
    shown = (
        "from django.conf import settings as s; d = s.DATABASES['default'];"
        " print(d['ENGINE']); print(sorted(d['OPTIONS'].items()))"
    )
    result = run_django({"DEBUG": "1"}, "shell", "--no-imports", "-c", shown)
    assert result.returncode == 0, result.stderr
    engine, options = result.stdout.strip().splitlines()
    assert engine == "django.db.backends.sqlite3"
    assert options == str(sorted(OPTIONS.items()))
