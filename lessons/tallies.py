"""The running totals of attempts and results, kept by database triggers.

- ActivityDay: each learner's attempts per day;
- MistakeTally: each learner's wrong answers per rule broken, with the latest one's id;
- LessonTally: each learner's solved puzzles per lesson and the stars they earned.

A row inserted into lessons_attempt or lessons_puzzleresult adds itself to its totals, a
deleted one takes itself away, an updated one (adoption moves rows to another learner; a
better solve raises the stars; a data migration moves puzzles to another lesson) takes its
old values away and adds its new ones. The triggers run inside the row's own statement and
transaction, so the totals are always those of the committed rows (bulk_create included)
and answering a puzzle costs no extra SQL statement.

SQLite and PostgreSQL each get their dialect from the one table `TALLIES`; the migration
that made the totals creates the triggers with `create_triggers()`, and any later migration
must create them again if it drops them: on SQLite, altering a column of either table
remakes the table and drops its triggers (tests/lessons/test_tallies.py fails then).
`refill()` recomputes every total from the rows (the data migration).
"""

from dataclasses import dataclass

WRONG = "('illegal', 'incorrect')"  # curriculum Result.ILLEGAL and Result.INCORRECT


@dataclass(frozen=True)
class Tally:
    """A table of totals over `source`: one row per `keys` (column, expression of the source
    row), each `sums` column the total of its expression, each `maxes` column the largest
    (only ever raised), counting the source rows for which `when` holds. In the expressions
    `{row}` stands for the source row (NEW, OLD, or the table itself when refilling)."""

    table: str
    source: str
    keys: tuple[tuple[str, str], ...]
    sums: tuple[tuple[str, str], ...]
    reads: tuple[str, ...]  # the source columns used: an UPDATE of one of them moves the row
    maxes: tuple[tuple[str, str], ...] = ()
    when: str = "1 = 1"

    def columns(self) -> list[str]:
        return [column for column, _ in (*self.keys, *self.sums, *self.maxes)]


TALLIES = (
    Tally(
        table="lessons_activityday",
        source="lessons_attempt",
        keys=(("learner_id", "{row}.learner_id"), ("day", "{row}.day")),
        sums=(("attempts", "1"),),
        reads=("learner_id", "day"),
    ),
    Tally(
        table="lessons_mistaketally",
        source="lessons_attempt",
        keys=(
            ("learner_id", "{row}.learner_id"),
            ("reason", "{row}.reason"),
            ("lesson", "CASE WHEN {row}.reason = '' THEN {row}.lesson ELSE '' END"),
        ),
        sums=(('"count"', "1"),),
        reads=("learner_id", "lesson", "reason", "verdict"),
        maxes=(("latest", "{row}.id"),),
        when="{row}.verdict IN " + WRONG,
    ),
    Tally(
        table="lessons_lessontally",
        source="lessons_puzzleresult",
        keys=(("learner_id", "{row}.learner_id"), ("lesson", "{row}.lesson")),
        sums=(("solved", "1"), ("stars", "{row}.stars")),
        reads=("learner_id", "lesson", "stars", "solved_at"),
        when="{row}.solved_at IS NOT NULL",
    ),
)
SOURCES = tuple(dict.fromkeys(tally.source for tally in TALLIES))
TRIGGERS = tuple(
    f"{source}_tally_{event}" for source in SOURCES for event in ("insert", "delete", "update")
)


def _add(tally: Tally, row: str, postgresql: bool) -> str:
    """The statement adding `row` to its totals (an upsert)."""
    values = ", ".join(
        expression.format(row=row) for _, expression in (*tally.keys, *tally.sums, *tally.maxes)
    )
    keys = ", ".join(column for column, _ in tally.keys)
    table = "t." if postgresql else ""
    greatest = "GREATEST" if postgresql else "max"
    updates = [f"{column} = {table}{column} + excluded.{column}" for column, _ in tally.sums]
    updates += [
        f"{column} = {greatest}({table}{column}, excluded.{column})" for column, _ in tally.maxes
    ]
    alias = " AS t" if postgresql else ""
    return (
        f"INSERT INTO {tally.table}{alias} ({', '.join(tally.columns())}) "
        f"SELECT {values} WHERE {tally.when.format(row=row)} "
        f"ON CONFLICT ({keys}) DO UPDATE SET {', '.join(updates)};"
    )


def _take(tally: Tally, row: str) -> str:
    """The statement taking `row` away from its totals (the maxes stay)."""
    updates = ", ".join(
        f"{column} = {column} - {amount.format(row=row)}" for column, amount in tally.sums
    )
    match = " AND ".join(
        f"{column} = {expression.format(row=row)}" for column, expression in tally.keys
    )
    return f"UPDATE {tally.table} SET {updates} WHERE {tally.when.format(row=row)} AND {match};"


def _sqlite_triggers(source: str) -> list[str]:
    tallies = [tally for tally in TALLIES if tally.source == source]
    add = "\n".join(_add(tally, "NEW", postgresql=False) for tally in tallies)
    take = "\n".join(_take(tally, "OLD") for tally in tallies)
    watched = sorted({column for tally in tallies for column in tally.reads})
    return [
        f"CREATE TRIGGER {source}_tally_insert AFTER INSERT ON {source} BEGIN\n{add}\nEND",
        f"CREATE TRIGGER {source}_tally_delete AFTER DELETE ON {source} BEGIN\n{take}\nEND",
        f"CREATE TRIGGER {source}_tally_update AFTER UPDATE OF {', '.join(watched)} ON {source} "
        f"BEGIN\n{take}\n{add}\nEND",
    ]


def _postgresql_triggers(source: str) -> list[str]:
    tallies = [tally for tally in TALLIES if tally.source == source]
    add = "\n    ".join(_add(tally, "NEW", postgresql=True) for tally in tallies)
    take = "\n    ".join(_take(tally, "OLD") for tally in tallies)
    watched = sorted({column for tally in tallies for column in tally.reads})
    function = f"{source}_tally"
    body = (
        f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        "BEGIN\n"
        f"  IF TG_OP IN ('DELETE', 'UPDATE') THEN\n    {take}\n  END IF;\n"
        f"  IF TG_OP IN ('INSERT', 'UPDATE') THEN\n    {add}\n  END IF;\n"
        "  RETURN NULL;\n"
        "END $$"
    )
    each = f"ON {source} FOR EACH ROW EXECUTE FUNCTION {function}()"
    return [
        body,
        f"CREATE TRIGGER {source}_tally_insert AFTER INSERT {each}",
        f"CREATE TRIGGER {source}_tally_delete AFTER DELETE {each}",
        f"CREATE TRIGGER {source}_tally_update AFTER UPDATE OF {', '.join(watched)} {each}",
    ]


def _refill(tally: Tally) -> list[str]:
    keys = ", ".join(expression.format(row=tally.source) for _, expression in tally.keys)
    totals = [f"SUM({amount.format(row=tally.source)})" for _, amount in tally.sums]
    totals += [f"MAX({expression.format(row=tally.source)})" for _, expression in tally.maxes]
    return [
        f"DELETE FROM {tally.table}",
        f"INSERT INTO {tally.table} ({', '.join(tally.columns())}) "
        f"SELECT {keys}, {', '.join(totals)} FROM {tally.source} "
        f"WHERE {tally.when.format(row=tally.source)} GROUP BY {keys}",
    ]


def _run(connection, statements: list[str]) -> None:
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def create_triggers(connection) -> None:
    """Create the triggers (after dropping any of the same name)."""
    drop_triggers(connection)
    make = _postgresql_triggers if connection.vendor == "postgresql" else _sqlite_triggers
    _run(connection, [statement for source in SOURCES for statement in make(source)])


def drop_triggers(connection) -> None:
    postgresql = connection.vendor == "postgresql"
    _run(
        connection,
        [
            f"DROP TRIGGER IF EXISTS {source}_tally_{event}"
            + (f" ON {source}" if postgresql else "")
            for source in SOURCES
            for event in ("insert", "delete", "update")
        ],
    )


def refill(connection) -> None:
    """Every total computed again from the rows (a few aggregate statements)."""
    _run(connection, [statement for tally in TALLIES for statement in _refill(tally)])


def triggers_present(connection) -> set[str]:
    """The names of the tally triggers the database has now."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        return {name for (name,) in cursor.fetchall()} & set(TRIGGERS)
