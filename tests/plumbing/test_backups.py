"""Backups that restore: back up, wipe, restore, and every attempt is back, with the
running totals the triggers keep and the triggers themselves (an answer after the
restore is still counted). SQLite's online backup API on SQLite; pg_dump and pg_restore on
PostgreSQL (skipped unless the tests run on PostgreSQL with both tools installed)."""

import io
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from lessons.models import ActivityDay, Attempt, Learner, MistakeTally
from lessons.progress import record_attempt

pytestmark = pytest.mark.django_db(transaction=True)
on_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="the tests run on PostgreSQL")
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql" or shutil.which("pg_dump") is None,
    reason="needs the tests on PostgreSQL (DATABASE_URL) and pg_dump",
)
FIELDS = ("id", "learner_id", "lesson", "puzzle", "answer", "verdict", "reason", "created_at")


def _a_class_answering() -> list[tuple]:
    """Three learners' answers, right and wrong: every attempt, as rows."""
    for number in range(3):
        learner = Learner.objects.create(nickname=f"學生{number}", avatar="N")
        for attempt in range(4):
            record_attempt(
                learner,
                lesson="knight",
                puzzle=f"knight-{attempt}",
                answer=f"g1f{attempt}",
                verdict="incorrect" if attempt % 2 else "correct",
                reason="knight_moves_in_an_l" if attempt % 2 else "",
            )
    return _attempts()


def _attempts() -> list[tuple]:
    return list(Attempt.objects.order_by("id").values_list(*FIELDS))


def _totals() -> tuple[list, list]:
    return (
        list(ActivityDay.objects.order_by("learner_id").values_list("learner_id", "attempts")),
        list(MistakeTally.objects.order_by("learner_id").values_list("learner_id", "count")),
    )


def _back_up_wipe_restore(path) -> str:
    before, totals = _attempts(), _totals()
    out = io.StringIO()
    call_command("backup", str(path), stdout=out)
    assert f"{len(before)} attempts" in out.getvalue()
    Learner.objects.all().delete()  # every attempt and total goes with the learners
    assert (Attempt.objects.count(), _totals()) == (0, ([], []))
    out = io.StringIO()
    call_command("restore", str(path), "--noinput", stdout=out)
    assert _attempts() == before
    assert _totals() == totals
    learner = Learner.objects.first()
    record_attempt(learner, lesson="knight", puzzle="knight-9", answer="x", verdict="incorrect")
    after = ActivityDay.objects.get(learner=learner).attempts
    assert after == dict(totals[0])[learner.pk] + 1  # the triggers came back too
    return out.getvalue()


@on_sqlite
def test_sqlite_backs_up_wipes_restores_and_finds_every_attempt(tmp_path):
    rows = _a_class_answering()
    assert len(rows) == 12
    said = _back_up_wipe_restore(tmp_path / "tutor.sqlite3")
    assert said.startswith("restored sqlite from ")
    assert "12 attempts, 3 learners" in said


@on_postgresql
def test_postgresql_backs_up_wipes_restores_and_finds_every_attempt(tmp_path):
    rows = _a_class_answering()
    assert len(rows) == 12
    said = _back_up_wipe_restore(tmp_path / "tutor.dump")
    assert said.startswith("restored postgresql from ")
    assert "12 attempts, 3 learners" in said


def test_a_file_that_is_no_backup_restores_nothing(tmp_path):
    rows = _a_class_answering()
    stray = tmp_path / "notes.txt"
    stray.write_text("not a database")
    with pytest.raises(CommandError):
        call_command("restore", str(stray), "--noinput")
    with pytest.raises(CommandError, match="is not a file"):
        call_command("restore", str(tmp_path / "missing.sqlite3"), "--noinput")
    assert _attempts() == rows


@on_sqlite
def test_backup_reports_what_the_file_holds_not_what_came_after(tmp_path, monkeypatch):
    """An answer recorded while the copy is being finished is in the database, not in the
    file: the command reports the file's 12, not the database's 13."""
    _a_class_answering()
    learner = Learner.objects.first()
    finish = type(tmp_path).replace

    def an_answer_arrives_then_finish(self, target):
        record_attempt(learner, lesson="knight", puzzle="knight-8", answer="x", verdict="correct")
        return finish(self, target)

    monkeypatch.setattr(type(tmp_path), "replace", an_answer_arrives_then_finish)
    out = io.StringIO()
    call_command("backup", str(tmp_path / "tutor.sqlite3"), stdout=out)
    assert Attempt.objects.count() == 13
    assert "backed up sqlite: 12 attempts, 3 learners, " in out.getvalue()


def test_restore_without_a_terminal_asks_for_noinput_and_restores_nothing(tmp_path, monkeypatch):
    rows = _a_class_answering()
    call_command("backup", str(tmp_path / "copy"), stdout=io.StringIO())
    Attempt.objects.filter(id=rows[0][0]).delete()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no terminal: a cron job, a pipe
    with pytest.raises(CommandError, match=r"no terminal to ask on .*--noinput"):
        call_command("restore", str(tmp_path / "copy"))
    assert _attempts() == rows[1:]
