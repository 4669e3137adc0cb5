"""Issue 16 split castling, draws, check and notation into parts; a teacher's assignment
made before the split asked for the whole lesson, but its slug now names the first part
alone. Migration people.0006 gives each such assignment its parts (same due date and
「練到學會為止」); an assignment made after the split, or a part already assigned, is left
as it is; unapplied, it takes back only what it added."""

from datetime import date
from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from curriculum.loading import get_curriculum

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_SPLIT = [
    ("people", "0005_assignment_until_mastered"),
    ("lessons", "0006_wrong_answers_by_rule_index"),
]
SPLIT = [
    ("people", "0005_assignment_until_mastered"),
    ("lessons", "0007_split_lessons_keep_progress"),
]
AFTER = [("people", "0006_assignments_of_split_lessons_cover_the_parts")]
CHRISTMAS = date(2026, 12, 24)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def assigned(apps, classroom_id) -> dict[str, tuple]:
    rows = apps.get_model("people", "Assignment").objects.filter(classroom_id=classroom_id)
    return {a.lesson: (a.due_on, a.until_mastered) for a in rows}


@pytest.fixture
def classes():
    """週三棋社 asked for castling (by Christmas, until mastered) and check before the split;
    after it, castling-forever (no date) and, in 週五棋社, notation (its first part)."""
    apps = migrate(BEFORE_SPLIT)
    teacher = apps.get_model("auth", "User").objects.create(username="teacher")
    rooms = apps.get_model("people", "Classroom").objects
    # Codes of 6 letters, as the table held before people.0008 made them longer.
    wednesday = rooms.create(teacher=teacher, name="週三棋社", join_code="WEDN23")
    friday = rooms.create(teacher=teacher, name="週五棋社", join_code="FRID23")
    old = apps.get_model("people", "Assignment").objects
    old.create(classroom=wednesday, lesson="castling", due_on=CHRISTMAS, until_mastered=True)
    old.create(classroom=wednesday, lesson="check")
    apps = migrate(SPLIT)
    later = apps.get_model("people", "Assignment").objects
    later.create(classroom_id=wednesday.pk, lesson="castling-forever")
    later.create(classroom_id=friday.pk, lesson="notation")
    yield wednesday.pk, friday.pk
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_an_assignment_made_before_the_split_covers_every_part_until_unapplied(classes):
    """One migration there and back (each way remakes tables: seconds on PostgreSQL), read at
    each end."""
    wednesday, friday = classes
    apps = migrate(AFTER)
    assert assigned(apps, wednesday) == {
        "castling": (CHRISTMAS, True),
        "castling-not-now": (CHRISTMAS, True),
        "castling-forever": (None, False),  # the teacher's own, made after the split
        "check": (None, False),
        "check-escape": (None, False),
    }
    assert assigned(apps, friday) == {"notation": (None, False)}  # made after the split
    # Unapplying takes back only the parts it added.
    apps = migrate(SPLIT)
    assert set(assigned(apps, wednesday)) == {"castling", "castling-forever", "check"}
    assert set(assigned(apps, friday)) == {"notation"}


def test_the_parts_are_the_lessons_split_off_each_old_lesson():
    moved = import_module("lessons.migrations.0007_split_lessons_keep_progress").MOVED
    parts = import_module(f"people.migrations.{AFTER[0][1]}").PARTS
    split_off = {}
    for new, (old, _) in moved.items():
        split_off.setdefault(old, set()).add(new)
    assert {old: set(new) for old, new in parts.items()} == split_off
    for old, new in parts.items():
        assert all(get_curriculum().lesson(slug) is not None for slug in (old, *new))
