import lessons.models
from django.db import migrations, models


def fill_days(apps, schema_editor):
    """Each existing attempt's day in TIME_ZONE, from its created_at."""
    Attempt = apps.get_model("lessons", "Attempt")
    batch = []
    for attempt in Attempt.objects.only("pk", "created_at").iterator(chunk_size=2000):
        attempt.day = lessons.models.local_day(attempt.created_at)
        batch.append(attempt)
        if len(batch) == 2000:
            Attempt.objects.bulk_update(batch, ["day"])
            batch = []
    Attempt.objects.bulk_update(batch, ["day"])


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0004_attempt_learner_puzzle_created_at_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="attempt",
            name="day",
            field=models.DateField(null=True, editable=False),
        ),
        migrations.RunPython(fill_days, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="attempt",
            name="day",
            field=lessons.models.LocalDayField(
                editable=False, help_text="created_at's day in TIME_ZONE"
            ),
        ),
        migrations.AddIndex(
            model_name="attempt",
            index=models.Index(fields=["learner", "day"], name="lessons_att_learner_6ff1a7_idx"),
        ),
        migrations.AddIndex(
            model_name="attempt",
            index=models.Index(
                fields=["learner", "verdict", "reason"], name="lessons_att_learner_b9b5aa_idx"
            ),
        ),
    ]
