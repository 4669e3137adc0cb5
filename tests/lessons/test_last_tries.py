"""lessons.progress.last_tries: the round's last tries on a puzzle, newest first, read from the
(learner, puzzle, created_at, id) index however long the history (SQLite and PostgreSQL
alike: the suite runs on both)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from lessons.models import Attempt, Learner
from lessons.progress import last_tries
from tests.benchmarks.scratch import add_attempts

pytestmark = pytest.mark.django_db


def attempt(learner, puzzle, verdict, at, hint=False, lesson="knight"):
    return Attempt.objects.create(
        learner=learner, lesson=lesson, puzzle=puzzle, answer="x", verdict=verdict,
        hint_used=hint, created_at=at,
    )  # fmt: skip


def test_the_last_tries_are_the_newest_first_and_a_tie_goes_to_the_later_row():
    learner, other = Learner.objects.create(), Learner.objects.create()
    now = timezone.now()
    attempt(learner, "p1", "illegal", now - timedelta(minutes=3))
    attempt(learner, "p1", "correct", now - timedelta(minutes=2))
    attempt(learner, "p1", "incorrect", now - timedelta(minutes=1), hint=True)
    attempt(learner, "p1", "illegal", now)
    attempt(learner, "p1", "incorrect", now)  # same moment: the later row is newer
    attempt(learner, "p2", "correct", now + timedelta(minutes=1))
    attempt(other, "p1", "correct", now + timedelta(minutes=1))
    read = list(last_tries(learner.pk, "p1"))
    assert read == [("incorrect", False), ("illegal", False), ("incorrect", True)]
    assert list(last_tries(learner.pk, "p9")) == []


def test_the_last_tries_come_in_order_from_the_index_with_nothing_sorted():
    """For a learner with a long history over several puzzles, the read walks the index
    backwards and stops after the few it needs, also as a generic plan (a statement
    prepared on PostgreSQL)."""
    learner = Learner.objects.create()
    add_attempts([learner], 2000, [("knight", f"p{n}") for n in range(8)], weights=(1, 1, 1))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    sql, params = last_tries(learner.pk, "p1").query.sql_with_params()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            import psycopg

            # a client-side cursor sends PREPARE as it is: its $n are the prepared statement's
            cursor = psycopg.ClientCursor(connection.connection)
            cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
            numbered = sql.replace("%s", "$%d") % tuple(range(1, len(params) + 1))
            cursor.execute(f"PREPARE last_tries (bigint, text) AS {numbered}")
            cursor.execute("EXPLAIN EXECUTE last_tries (%s, %s)", params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
            cursor.execute("DEALLOCATE last_tries")
            assert "Sort" not in plan, plan
            assert "Index Scan Backward using lessons_att_learner_7cd3d5_idx" in plan, plan
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            plan = "\n".join(row[-1] for row in cursor.fetchall())
            assert "TEMP B-TREE" not in plan, plan  # no sort
            assert "lessons_att_learner_7cd3d5_idx" in plan, plan
