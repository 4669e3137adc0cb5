import django.db.models.deletion
from django.db import migrations, models

from plumbing.index_migrations import own_index_dropped


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0010_attempt_answer_token"),
    ]

    operations = [
        own_index_dropped(
            "lessons",
            "attempt",
            "learner",
            models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="attempts",
                to="lessons.learner",
            ),
        ),
        own_index_dropped(
            "lessons",
            "puzzleresult",
            "learner",
            models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="results",
                to="lessons.learner",
            ),
        ),
    ]
