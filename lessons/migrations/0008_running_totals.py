"""ActivityDay, MistakeTally and LessonTally: running totals of the attempts and results,
filled from the rows kept so far, then kept by triggers (lessons/tallies.py)."""

import django.db.models.deletion
from django.db import migrations, models

from lessons import tallies


def fill_and_keep(apps, schema_editor):
    tallies.refill(schema_editor.connection)
    tallies.create_triggers(schema_editor.connection)


def stop_keeping(apps, schema_editor):
    tallies.drop_triggers(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0007_split_lessons_keep_progress"),
    ]

    operations = [
        migrations.CreateModel(
            name="ActivityDay",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("day", models.DateField()),
                ("attempts", models.PositiveIntegerField(default=0)),
                (
                    "learner",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="lessons.learner",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("learner", "day"), name="one_activity_row_per_day"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="MistakeTally",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("reason", models.CharField(blank=True, max_length=40)),
                ("lesson", models.CharField(blank=True, max_length=40)),
                ("count", models.PositiveIntegerField(default=0)),
                ("latest", models.BigIntegerField(help_text="the id of the latest such Attempt")),
                (
                    "learner",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="lessons.learner",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("learner", "reason", "lesson"), name="one_mistake_tally_per_rule"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="LessonTally",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("lesson", models.CharField(max_length=40)),
                ("solved", models.PositiveIntegerField(default=0)),
                ("stars", models.PositiveIntegerField(default=0)),
                (
                    "learner",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="lessons.learner",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("learner", "lesson"), name="one_lesson_tally")
                ],
            },
        ),
        migrations.RunPython(fill_and_keep, stop_keeping),
    ]
