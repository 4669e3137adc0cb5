"""Each of the answer's hot reads gives what the ORM query it replaces gives (on SQLite and
PostgreSQL alike: the suite runs on both)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from lessons import statements
from lessons.models import Attempt, Learner, PuzzleResult

pytestmark = pytest.mark.django_db


def test_the_learner_read_is_the_orm_learner_field_for_field():
    made = Learner.objects.create(nickname="阿志", avatar="N", language="en", browser_key="k1")
    read = statements.learner(made.pk)
    expected = Learner.objects.get(pk=made.pk)
    fields = [field.attname for field in Learner._meta.concrete_fields]
    assert [getattr(read, name) for name in fields] == [getattr(expected, name) for name in fields]
    assert timezone.is_aware(read.created_at) and timezone.is_aware(read.last_active_at)
    assert read._state.adding is False and read._state.db == "default"
    read.nickname = "小明"
    read.save()  # a read learner saves as an update, not a second row
    assert Learner.objects.get().nickname == "小明"


def test_no_learner_is_none():
    assert statements.learner(404) is None


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
    orm = list(
        Attempt.objects.filter(learner=learner, puzzle="p1")
        .order_by("-created_at", "-pk")
        .values_list("verdict", "hint_used")[:3]
    )
    read, _results = statements.tries_and_results(learner.pk, "p1", 3, "knight")
    assert read == orm == [("incorrect", False), ("illegal", False), ("incorrect", True)]
    assert all(type(hint) is bool for _, hint in read)
    assert statements.tries_and_results(learner.pk, "p9", 3, "knight") == ([], [])


def test_the_lesson_results_say_each_puzzle_its_stars_and_whether_it_is_solved():
    learner, other = Learner.objects.create(), Learner.objects.create()
    now = timezone.now()
    result = PuzzleResult.objects.create
    result(learner=learner, lesson="knight", puzzle="a", stars=3, solved_at=now)
    result(learner=learner, lesson="knight", puzzle="b", stars=0)
    result(learner=learner, lesson="rook", puzzle="c", stars=2, solved_at=now)
    result(learner=other, lesson="knight", puzzle="a", stars=1, solved_at=now)
    attempt(learner, "a", "correct", now)
    tries, results = statements.tries_and_results(learner.pk, "a", 3, "knight")
    assert tries == [("correct", False)]  # the tries and the results come apart
    orm = PuzzleResult.objects.filter(learner=learner, lesson="knight").values_list(
        "puzzle", "stars", "solved_at"
    )
    assert sorted(results) == sorted((p, s, at is not None) for p, s, at in orm)
    assert sorted(results) == [("a", 3, True), ("b", 0, False)]
    assert all(type(solved) is bool and type(stars) is int for _, stars, solved in results)


def test_the_last_tries_come_in_order_from_the_index_with_nothing_sorted():
    """However the plan is made (here as a statement prepared on an empty table keeps it on
    PostgreSQL), the read walks the index backwards and stops after the few it needs."""
    from django.db import connection

    learner = Learner.objects.create()
    params = [learner.pk, "p1", 3, learner.pk, "knight"]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            import psycopg

            # a client-side cursor sends PREPARE as it is: its $n are the prepared statement's
            cursor = psycopg.ClientCursor(connection.connection)
            cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
            # The statistics other tests left decide between equal-cost plans; with sorting
            # priced out, a Sort still shows when no index can give the order.
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute(
                "PREPARE last_tries (bigint, text, bigint, bigint, text) AS "
                + statements._TRIES_AND_RESULTS_SQL.replace("%s", "$%d") % (1, 2, 3, 4, 5)
            )
            cursor.execute("EXPLAIN EXECUTE last_tries (%s, %s, %s, %s, %s)", params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
            cursor.execute("DEALLOCATE last_tries")
            assert "Sort" not in plan, plan
            assert "Index Scan Backward using lessons_att_learner_7cd3d5_idx" in plan, plan
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + statements._TRIES_AND_RESULTS_SQL, params)
            plan = "\n".join(row[-1] for row in cursor.fetchall())
            assert "TEMP B-TREE" not in plan, plan  # no sort
            assert "lessons_att_learner_7cd3d5_idx" in plan, plan


def test_the_learner_with_the_tries_and_results_is_both_reads_in_one():
    learner = Learner.objects.create(nickname="小華", language="en")
    fields = [field.attname for field in Learner._meta.concrete_fields]
    now = timezone.now()
    for lesson_has_rows in (False, True):
        if lesson_has_rows:
            attempt(learner, "a", "illegal", now - timedelta(minutes=1))
            attempt(learner, "a", "correct", now)
            PuzzleResult.objects.create(learner=learner, lesson="knight", puzzle="a", stars=2,
                                        solved_at=now)  # fmt: skip
        read, tries, results = statements.learner_tries_and_results(learner.pk, "a", 3, "knight")
        assert [getattr(read, name) for name in fields] == [
            getattr(statements.learner(learner.pk), name) for name in fields
        ]
        assert (tries, results) == statements.tries_and_results(learner.pk, "a", 3, "knight")
        assert bool(tries) is bool(results) is lesson_has_rows
    assert statements.learner_tries_and_results(404, "a", 3, "knight") == (None, [], [])


def test_the_solved_stars_are_the_orm_solved_results():
    learner, other = Learner.objects.create(), Learner.objects.create()
    now = timezone.now()
    PuzzleResult.objects.create(
        learner=learner, lesson="knight", puzzle="a", stars=3, solved_at=now
    )
    PuzzleResult.objects.create(learner=learner, lesson="rook", puzzle="b", stars=1, solved_at=now)
    PuzzleResult.objects.create(learner=learner, lesson="knight", puzzle="c", stars=0)  # unsolved
    PuzzleResult.objects.create(learner=other, lesson="knight", puzzle="d", stars=2, solved_at=now)
    expected = dict(
        PuzzleResult.objects.filter(learner=learner, solved_at__isnull=False).values_list(
            "puzzle", "stars"
        )
    )
    assert statements.solved_stars(learner.pk) == expected == {"a": 3, "b": 1}
    assert statements.solved_stars(404) == {}
