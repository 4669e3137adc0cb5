"""The reads every answer sends, as SQL written once instead of built by the ORM each time.

An answer reads the learner, the round's last tries on the puzzle and the lesson's results
(one statement, when the session names the learner: lessons.learners.learner_and_history);
lessons.progress.record_attempt then writes the attempt through the ORM (a fixed INSERT
gained nothing on the answer: docs/performance.md, issue 48). Building those reads through
the ORM costs 170–300 µs of Python each (the statements themselves run in ~15 µs on
SQLite): measured under gunicorn, answers read through the ORM were 0.65× as many a second,
and the joined read is worth one PostgreSQL round trip. Each is one fixed statement with
parameters, the same on SQLite and PostgreSQL. Besides the answer's, the solved stars every
lesson page and every puzzle a live round brings to a phone read
(lessons.progress.stars_by_puzzle). Only these live here; everything else goes through the
models, and tests/lessons/test_statements.py checks each against the ORM calls it replaces.
"""

from django.db import connection

import process_caches
from lessons.models import Learner

# Column lists from the models, so a new field is read here too.
_LEARNER_FIELDS = list(Learner._meta.concrete_fields)
_LEARNER_SQL = 'SELECT {} FROM "lessons_learner" WHERE "id" = %s'.format(
    ", ".join(f'"{field.column}"' for field in _LEARNER_FIELDS)
)
# The round's last tries and the lesson's results in one statement (on PostgreSQL one round
# trip, not two): part 0 the tries, with what orders them, part 1 the results.
_TRIES_AND_RESULTS_SQL = (
    'SELECT 0 AS "part", "verdict" AS "name", CASE WHEN "hint_used" THEN 1 ELSE 0 END AS "n",'
    ' 0 AS "solved", "created_at" AS "at", "id" AS "row"'
    ' FROM (SELECT "verdict", "hint_used", "created_at", "id" FROM "lessons_attempt"'
    ' WHERE "learner_id" = %s AND "puzzle" = %s'
    ' ORDER BY "created_at" DESC, "id" DESC LIMIT %s) AS "tries"'
    " UNION ALL"
    ' SELECT 1, "puzzle", "stars", CASE WHEN "solved_at" IS NULL THEN 0 ELSE 1 END, NULL, NULL'
    ' FROM "lessons_puzzleresult" WHERE "learner_id" = %s AND "lesson" = %s'
)


# … and the learner too, its columns on every row: the answer's reads in one statement. The
# LEFT JOIN keeps the learner's row when it has no tries and no results yet; no row at all
# means there is no such learner.
_LEARNER_TRIES_AND_RESULTS_SQL = (
    'SELECT {}, "h".* FROM "lessons_learner" AS "l" LEFT JOIN ({}) AS "h" ON 1 = 1'
    ' WHERE "l"."id" = %s'
).format(", ".join(f'"l"."{field.column}"' for field in _LEARNER_FIELDS), _TRIES_AND_RESULTS_SQL)


# Each solved puzzle's best stars: every lesson page, and every live round a phone is shown
# (live.views), reads them for the row of steps.
_SOLVED_STARS_SQL = (
    'SELECT "puzzle", "stars" FROM "lessons_puzzleresult"'
    ' WHERE "learner_id" = %s AND "solved_at" IS NOT NULL'
)


def solved_stars(learner_id: int) -> dict[str, int]:
    """``dict(PuzzleResult.objects.filter(learner_id=learner_id, solved_at__isnull=False)
    .values_list("puzzle", "stars"))``."""
    with connection.cursor() as cursor:
        cursor.execute(_SOLVED_STARS_SQL, [learner_id])
        return dict(cursor.fetchall())


def learner(pk: int) -> Learner | None:
    """``Learner.objects.get(pk=pk)``, or None when there is none."""
    with connection.cursor() as cursor:
        cursor.execute(_LEARNER_SQL, [pk])
        row = cursor.fetchone()
    return None if row is None else _learner_from(row)


def _learner_from(row) -> Learner:
    values = [
        _converted(value, converters)
        for value, converters in zip(row, _learner_converters(), strict=True)
    ]
    return Learner.from_db(connection.alias, [field.attname for field in _LEARNER_FIELDS], values)


def tries_and_results(
    learner_id: int, puzzle: str, count: int, lesson: str
) -> tuple[list[tuple[str, bool]], list[tuple[str, int, bool]]]:
    """The learner's latest ``count`` attempts at ``puzzle``, newest first, as (verdict,
    hint_used) (one read of the (learner, puzzle, created_at, id) index), and the kept result
    of each puzzle of ``lesson`` as (puzzle, stars, solved)."""
    with connection.cursor() as cursor:
        cursor.execute(_TRIES_AND_RESULTS_SQL, [learner_id, puzzle, count, learner_id, lesson])
        return _tries_and_results_from(cursor.fetchall())


def learner_tries_and_results(
    learner_id: int, puzzle: str, count: int, lesson: str
) -> tuple[Learner | None, list[tuple[str, bool]], list[tuple[str, int, bool]]]:
    """``learner(learner_id)`` and ``tries_and_results(learner_id, …)`` in one statement:
    (None, [], []) when there is no such learner."""
    with connection.cursor() as cursor:
        cursor.execute(
            _LEARNER_TRIES_AND_RESULTS_SQL,
            [learner_id, puzzle, count, learner_id, lesson, learner_id],
        )
        rows = cursor.fetchall()
    if not rows:
        return None, [], []
    width = len(_LEARNER_FIELDS)
    parts = [row[width:] for row in rows if row[width] is not None]
    return _learner_from(rows[0][:width]), *_tries_and_results_from(parts)


def _tries_and_results_from(rows) -> tuple[list[tuple[str, bool]], list[tuple[str, int, bool]]]:
    tries = sorted((row for row in rows if row[0] == 0), key=lambda row: row[4:], reverse=True)
    return (
        [(verdict, bool(hint_used)) for _, verdict, hint_used, *_ in tries],
        [(name, stars, bool(solved)) for part, name, stars, solved, *_ in rows if part == 1],
    )


@process_caches.kept("lessons.statements._learner_converters")
def _learner_converters() -> list[tuple]:
    """Each column's converters, as the ORM applies them (on SQLite a date and time comes
    back naive, in UTC, and its converter makes it aware)."""
    converters = []
    for field in _LEARNER_FIELDS:
        col = field.get_col(Learner._meta.db_table)
        found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        converters.append(tuple((convert, col) for convert in found))
    return converters


def _converted(value, converters):
    for convert, col in converters:
        value = convert(value, col, connection)
    return value
