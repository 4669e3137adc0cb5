"""SQL statements per answer, pinned: a move costs the same after 3 tries or 300.

Transaction control (BEGIN, COMMIT, SAVEPOINT …) is left out of the counts: SQLite logs it,
PostgreSQL does not. Speed itself is measured by tests/benchmarks/, not here.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from practice.models import Review
from tests.benchmarks.scratch import add_attempts
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]

HTMX = {"HTTP_HX_REQUEST": "true"}
JUMP_URL = "/lessons/knight/knight-first-jump/"
SOLVE = {"mode": "move", "selected": "g1", "square": "f3"}
LEGAL_WRONG = {"mode": "move", "selected": "g1", "square": "h3"}
ILLEGAL = {"mode": "move", "selected": "g1", "square": "g3"}
TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)", re.IGNORECASE)


def data_statements(client, data) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.post(JUMP_URL, data, **HTMX)
    assert response.status_code == 200
    return [q["sql"] for q in captured if not TRANSACTION.match(q["sql"])]


def as_learner(client, learner: Learner):
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    return client


@pytest.fixture
def learner():
    return Learner.objects.create()


def review_list_writes(statements: list[str]) -> list[str]:
    return [sql for sql in statements if "practice_review" in sql]


def test_a_first_illegal_try_in_a_new_browser_takes_ten_statements(client):
    # the address's count of new learners (old counts dropped, this one added, the count
    # read: people/limits/newcomers.py), learner created (and its last activity set), the
    # round's last tries, the lesson's results, the attempt, the rule onto the review list
    # (one upsert: a miss must be remembered to come back tomorrow), and the new session
    # (looked for, then written)
    statements = data_statements(client, ILLEGAL)
    assert len(statements) == 10, statements
    assert sum("people_loginfailure" in sql for sql in statements) == 3
    assert len(review_list_writes(statements)) == 1
    assert Attempt.objects.get().verdict == "illegal"


def test_a_legal_wrong_move_takes_four_statements(client, learner):
    # the session; the learner with the round's last tries and the lesson's results (one
    # read); the attempt; and the rule onto the review list (one upsert, there or not)
    statements = data_statements(as_learner(client, learner), LEGAL_WRONG)
    assert len(statements) == 4, statements
    (upsert,) = review_list_writes(statements)
    assert upsert.startswith("INSERT") and "ON CONFLICT" in upsert
    assert len(review_list_writes(data_statements(client, LEGAL_WRONG))) == 1  # there now
    assert sum("lessons_learner" in sql for sql in statements) == 1  # looked up once


def test_a_solving_move_takes_four_statements(client, learner):
    # … and the new result: the stars shown come from what the write knew, not a re-read
    statements = data_statements(as_learner(client, learner), SOLVE)
    assert len(statements) == 4, statements
    assert review_list_writes(statements) == []  # a lesson's own puzzle is never a review
    assert sum("lessons_puzzleresult" in sql for sql in statements) == 2  # read once, written


def test_solving_again_without_doing_better_writes_no_result(client, learner):
    # the kept three stars were read with the lesson's results: nothing to raise, no UPDATE
    as_learner(client, learner)
    client.post(JUMP_URL, SOLVE, **HTMX)
    statements = data_statements(client, SOLVE)
    assert len(statements) == 3, statements
    assert not [sql for sql in statements if sql.startswith("UPDATE")], statements
    assert PuzzleResult.objects.get(learner=learner, puzzle="knight-first-jump").stars == 3


def test_solving_again_with_more_stars_raises_the_kept_result(client, learner):
    as_learner(client, learner)
    client.post(JUMP_URL, ILLEGAL, **HTMX)
    client.post(JUMP_URL, SOLVE, **HTMX)  # one mistake first: two stars kept
    assert PuzzleResult.objects.get(learner=learner, puzzle="knight-first-jump").stars == 2
    statements = data_statements(client, SOLVE)
    assert [sql for sql in statements if sql.startswith("UPDATE")], statements
    assert PuzzleResult.objects.get(learner=learner, puzzle="knight-first-jump").stars == 3


def test_an_illegal_move_after_many_wrong_tries_reads_only_the_last_few(client, learner):
    add_attempts([learner], 300, [("knight", "knight-first-jump")], weights=(0, 1, 1))
    as_learner(client, learner)
    client.post(JUMP_URL, ILLEGAL, **HTMX)  # the hint has come by itself: the session is settled
    statements = data_statements(client, ILLEGAL)
    assert len(statements) == 4, statements  # … and the review list's one upsert
    (tries,) = [sql for sql in statements if sql.startswith("SELECT") and "lessons_attempt" in sql]
    assert re.search(r"LIMIT 3\b", tries), tries


def test_a_solving_move_while_its_rule_is_due_for_review_takes_the_same_four(client, learner):
    Review.objects.create(learner=learner, rule="knight", due_at="2026-01-01T00:00:00Z")
    statements = data_statements(as_learner(client, learner), SOLVE)
    assert len(statements) == 4, statements
    assert Review.objects.get().streak == 0  # reviews are fresh generated positions


# --- every answer's writes are one transaction --------------------------------------------


def written(client, data) -> list[tuple[str, list[str]]]:
    """The tables one answer writes, as its statements reach the database: ("transaction",
    tables) for each BEGIN … COMMIT that writes, ("alone", [table]) for each write outside
    any. Reads and savepoints are left out. The tests that call it run outside a test
    transaction, so each BEGIN is real."""
    with CaptureQueriesContext(connection) as captured:
        response = client.post(JUMP_URL, data, **HTMX)
    assert response.status_code == 200
    groups, current = [], None
    for sql in (query["sql"] for query in captured):
        word = sql.split()[0].upper()
        table = re.search(r'"(\w+)"', sql)
        if word == "BEGIN":
            current = []
        elif word in ("COMMIT", "ROLLBACK"):
            groups.append(("transaction", current))
            current = None
        elif word == "SELECT" or TRANSACTION.match(sql):
            continue
        elif current is None:
            groups.append(("alone", [table.group(1)]))
        else:
            current.append(table.group(1))
    assert current is None
    return [(kind, tables) for kind, tables in groups if tables]


@pytest.mark.django_db(transaction=True)
def test_a_right_answer_that_writes_only_its_attempt_writes_it_in_a_transaction(client, learner):
    as_learner(client, learner)
    client.post(JUMP_URL, SOLVE, **HTMX)  # three stars kept: solving again raises nothing
    assert written(client, SOLVE) == [("transaction", ["lessons_attempt"])]
    assert Attempt.objects.filter(learner=learner, verdict="correct").count() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("data", "second"),
    [
        (SOLVE, "lessons_puzzleresult"),
        (ILLEGAL, "practice_review"),
        (LEGAL_WRONG, "practice_review"),
    ],
    ids=["a first solve and its result", "a miss and its review", "a wrong move and its review"],
)
def test_an_answer_that_writes_more_writes_it_all_in_one_transaction(client, learner, data, second):
    assert written(as_learner(client, learner), data) == [
        ("transaction", ["lessons_attempt", second])
    ]
