"""A class answering at once loses no answer: gunicorn as `make serve` runs it, 10 sessions.

The bounded form of tests/benchmarks/answer_load.py (200 answers instead of 1,000). On
SQLite the server gets a fresh database file; with DATABASE_URL set (CI's second run)
it uses the test database on PostgreSQL, so both engines are checked.
"""

from django.conf import settings

from tests.benchmarks.answer_load import measure


def _server_database_url() -> str | None:
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return None  # a fresh file: the suite's own SQLite database lives in memory
    return (
        f"postgres://{database['USER']}:{database['PASSWORD']}@{database['HOST']}:"
        f"{database['PORT']}/{database['NAME']}"
    )


def test_two_hundred_answers_from_ten_sessions_at_once_are_all_kept(transactional_db):
    result = measure(posts=200, sessions=10, database_url=_server_database_url())
    assert result["errors"] == 0, result["statuses"]
    assert result["answered_2xx"] == 200, result["statuses"]
    assert result["rows"] == 200, result
