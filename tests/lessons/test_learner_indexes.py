"""The tables an answer writes keep no index of the learner's column alone: each has
composite indexes that lead with it (plumbing/index_migrations.py dropped the rest), so a
lookup by learner, a learner's deletion among them, is still served by an index."""

import pytest
from django.db import connection

from lessons.models import Attempt, Learner, PuzzleResult
from practice.models import Review

pytestmark = pytest.mark.django_db


def index_columns(model) -> set[tuple[str, ...]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, model._meta.db_table)
    return {
        tuple(found["columns"])
        for found in constraints.values()
        if (found["index"] or found["unique"]) and not found["primary_key"]
    }


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        (
            Attempt,
            {
                ("learner_id", "created_at"),
                ("learner_id", "puzzle", "created_at", "id"),
                ("learner_id", "day"),
                ("learner_id", "verdict", "reason", "lesson"),
                ("token",),
            },
        ),
        (PuzzleResult, {("learner_id", "puzzle"), ("learner_id", "lesson")}),
        (Review, {("learner_id", "rule"), ("learner_id", "due_at")}),
    ],
)
def test_the_indexes_lead_with_the_learner_and_none_is_the_learner_alone(model, expected):
    assert index_columns(model) == expected


def test_a_learners_rows_are_found_by_an_index():
    learner = Learner.objects.create(nickname="小明")
    sql = f'SELECT 1 FROM "{Attempt._meta.db_table}" WHERE "learner_id" = %s'
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("EXPLAIN " + sql, [learner.pk])
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "Seq Scan" not in plan, plan
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql, [learner.pk])
            plan = "\n".join(row[-1] for row in cursor.fetchall())
            assert "USING COVERING INDEX" in plan or "USING INDEX" in plan, plan
    Learner.objects.filter(pk=learner.pk).delete()
    assert not Learner.objects.filter(pk=learner.pk).exists()
