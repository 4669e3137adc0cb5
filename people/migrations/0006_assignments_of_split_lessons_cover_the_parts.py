"""A teacher's assignment made before the long lessons were split (lessons.0007) asked for
the whole lesson, but since the split its slug names only the first part. Each such
assignment gets its parts beside it: the same class, due date, 「練到學會為止」 and creation
time. A part the class was already asked for is left as it is, and an assignment made after
the split (when the slug already named the first part alone) gets nothing.

"Before the split" is read from when lessons.0007 was applied on this database. The table is
written out, not read from the curriculum: a migration must do the same thing whenever it
runs, whatever the content files say by then (as lessons.0007 does).
"""

from django.db import migrations
from django.db.migrations.recorder import MigrationRecorder

# old lesson: the lessons split off it (lessons.0007's MOVED, read the other way)
PARTS = {
    "castling": ("castling-not-now", "castling-forever"),
    "draws": ("draws-repetition", "draws-fifty"),
    "check": ("check-escape",),
    "notation": ("notation-marks", "notation-reading"),
}
SPLIT = ("lessons", "0007_split_lessons_keep_progress")


def split_at(connection):
    """When lessons.0007 was applied here (it is: this migration depends on it)."""
    app, name = SPLIT
    records = MigrationRecorder(connection).migration_qs.filter(app=app, name=name)
    return records.values_list("applied", flat=True).get()


def forwards(apps, schema_editor):
    assignments = apps.get_model("people", "Assignment").objects
    before = split_at(schema_editor.connection)
    for old in assignments.filter(lesson__in=PARTS, created_at__lt=before):
        for part in PARTS[old.lesson]:
            assignments.get_or_create(
                classroom_id=old.classroom_id,
                lesson=part,
                defaults={
                    "due_on": old.due_on,
                    "until_mastered": old.until_mastered,
                    "created_at": old.created_at,
                },
            )


def backwards(apps, schema_editor):
    # A part's slug did not exist before the split: an assignment of it made before then is
    # one that forwards added.
    parts = [part for split in PARTS.values() for part in split]
    before = split_at(schema_editor.connection)
    apps.get_model("people", "Assignment").objects.filter(
        lesson__in=parts, created_at__lt=before
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("people", "0005_assignment_until_mastered"), SPLIT]
    operations = [migrations.RunPython(forwards, backwards)]
