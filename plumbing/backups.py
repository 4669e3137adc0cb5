"""Backups that restore: the whole database to one file and back, on SQLite and PostgreSQL.

- SQLite: SQLite's online backup API (`sqlite3.Connection.backup`), page by page from the
  live database while the app keeps answering (WAL readers never wait); the copy is one
  ordinary SQLite file, checked with `PRAGMA integrity_check`. Restoring copies it back
  the same way into the database the settings name.
- PostgreSQL: `pg_dump --format=custom` (a consistent snapshot, taken while the app runs)
  and `pg_restore --clean --if-exists --single-transaction` (all or nothing).

`manage.py backup FILE` and `manage.py restore FILE` (plumbing/management/commands) call these;
docs/servers-and-backups.md says when and how. Stop the app servers before a restore.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.apps import apps
from django.db import connection, transaction

SQLITE_HEADER = b"SQLite format 3\x00"


class BackupError(Exception):
    """The backup or restore could not be done; the message says why."""


def vendor() -> str:
    return connection.vendor


def back_up(path: Path) -> str:
    """Write the whole database to `path` (a new file; an existing one is replaced only
    once the new copy is complete). Returns what the file holds (`what_it_holds`), counted
    in the copy itself: on SQLite in the file, on PostgreSQL in the snapshot pg_dump reads."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    if vendor() == "sqlite":
        held = _sqlite_back_up(partial)
    elif vendor() == "postgresql":
        held = _postgresql_back_up(partial)
    else:
        raise BackupError(f"no backup for the {vendor()} database")
    partial.replace(path)
    return held


def restore(path: Path) -> None:
    """Replace the whole database with the backup in `path`."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file")
    if vendor() == "sqlite":
        _sqlite_restore(path)
    elif vendor() == "postgresql":
        connection.close()  # no connection of ours holds a lock pg_restore waits for
        _run(
            [
                _tool("pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                "--exit-on-error",
                str(path),
            ],
            database_flag=True,
        )
    else:
        raise BackupError(f"no restore for the {vendor()} database")


def _sqlite_back_up(target: Path) -> str:
    connection.ensure_connection()
    copy = sqlite3.connect(target)
    try:
        connection.connection.backup(copy)
        verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
        held = _holdings(copy.cursor()) if verdict == "ok" else ""
    finally:
        copy.close()
    if verdict != "ok":
        target.unlink(missing_ok=True)
        raise BackupError(f"the copy fails SQLite's integrity check: {verdict}")
    return held


def _postgresql_back_up(target: Path) -> str:
    """pg_dump reads the snapshot this transaction exported, so the counts are the file's
    even while the site keeps answering."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        cursor.execute("SELECT pg_export_snapshot()")
        snapshot = cursor.fetchone()[0]
        held = _holdings(cursor)
        _run(
            [
                _tool("pg_dump"),
                "--format=custom",
                "--no-owner",
                f"--snapshot={snapshot}",
                f"--file={target}",
            ]
        )
    return held


def _sqlite_restore(path: Path) -> None:
    with path.open("rb") as file:
        if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise BackupError(f"{path} is not an SQLite database")
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master")}
        if "django_migrations" not in tables:
            raise BackupError(f"{path} is not a backup of this site (no django_migrations)")
        connection.ensure_connection()
        source.backup(connection.connection)
    finally:
        source.close()


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


def _run(command: list[str], *, database_flag: bool = False) -> None:
    """Run pg_dump or pg_restore against the settings' database (password through the
    environment, never on the command line)."""
    settings = connection.settings_dict
    environment = {**os.environ, "PGPASSWORD": settings.get("PASSWORD") or ""}
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings.get(key):
            command.append(f"{flag}={settings[key]}")
    command.append(f"--dbname={settings['NAME']}" if database_flag else settings["NAME"])
    result = subprocess.run(command, env=environment, capture_output=True, text=True)
    if result.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {result.stderr.strip()}")


def what_it_holds() -> str:
    """The database's answers and learners, counted: what a restore reports."""
    with connection.cursor() as cursor:
        return _holdings(cursor)


def _holdings(cursor) -> str:
    """Answers and learners counted through `cursor` (Django's, or one on a copy)."""
    counts = []
    for model in ("Attempt", "Learner"):
        table = apps.get_model("lessons", model)._meta.db_table
        cursor.execute(f'SELECT count(*) FROM "{table}"')
        counts.append(cursor.fetchone()[0])
    return f"{counts[0]} attempts, {counts[1]} learners"
