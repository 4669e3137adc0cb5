"""Deleting a child with 300,000 stored sessions: how long does the delete take?

    .venv/bin/python tests/security/deletion_sessions.py [SESSIONS]

The app as `make serve` runs it. A parent adds a child and picks it on a device (a real
session naming the child); SESSIONS (default 300,000) other sessions are written straight
into tutor_session; then the parent deletes the child (POST, as the page does) and the
request is timed, once with the sessions there and once with 300 (same run). Printed: both
times, and whether the device's session still names the child (before: every session was
read, 6.86 s at 300,000, past gunicorn's 30 s near 1.3 million).
DATABASE_URL=postgres://… runs it on PostgreSQL.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.security.attack import Browser, rows, served_app, sign_up

LATEST_CHILD = "SELECT MAX(learner_id) FROM people_childprofile"
NAMING = "SELECT COUNT(*) FROM tutor_session WHERE learner_id = %s"


def _fill(database_url: str, count: int, prefix: str) -> None:
    """`count` unexpired sessions naming nobody, written in one go."""
    expires = datetime.now(UTC) + timedelta(days=300)
    data = [(f"{prefix}{n:033d}"[:40], "e30:filler", expires) for n in range(count)]
    sql = "INSERT INTO tutor_session (session_key, session_data, expire_date) VALUES "
    if database_url.startswith("sqlite:///"):
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as connection:
            connection.executemany(sql + "(?, ?, ?)", data)
        return
    import psycopg

    with psycopg.connect(database_url) as connection, connection.cursor() as cursor:
        columns = "tutor_session (session_key, session_data, expire_date)"
        with cursor.copy(f"COPY {columns} FROM STDIN") as copy:
            for row in data:
                copy.write_row(row)


def _delete_a_child(app, parent: Browser, name: str) -> tuple[float, int]:
    """Add a child, pick it on a device, delete it: the delete's seconds, and how many
    sessions still name the child after it."""
    parent.post("/parent/children/add/", {"nickname": name, "avatar": "N"})
    child = rows(app.database_url, LATEST_CHILD)
    parent.post("/who/", {"learner": str(child)})  # the device now learns as the child
    assert rows(app.database_url, NAMING, child) == 1
    started = time.perf_counter()
    answer = parent.post(f"/learners/{child}/delete/", {})
    seconds = time.perf_counter() - started
    assert answer.status == 302, answer.status
    return seconds, rows(app.database_url, NAMING, child)


def run(sessions: int) -> dict:
    with served_app(os.environ.get("DATABASE_URL")) as app:
        parent = sign_up(app, "parent")
        _fill(app.database_url, 300, "few")
        few, _ = _delete_a_child(app, parent, "小明")
        started = time.perf_counter()
        _fill(app.database_url, sessions, "many")
        filled = time.perf_counter() - started
        many, left = _delete_a_child(app, parent, "小華")
        stored = rows(app.database_url, "SELECT COUNT(*) FROM tutor_session")
    figures = {"sessions": stored, "few_ms": few * 1000, "many_ms": many * 1000, "left": left}
    print(
        f"deletion_sessions: deleting a child with {stored:,} stored sessions took "
        f"{many * 1000:.1f} ms (with 300: {few * 1000:.1f} ms; {sessions:,} written in "
        f"{filled:.1f} s); sessions still naming the child: {left}",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else 300_000)
    sys.exit(0 if result["left"] == 0 else 1)
