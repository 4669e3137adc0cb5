import django.db.models.deletion
from django.db import migrations, models

from plumbing.index_migrations import own_index_dropped


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0011_learner_index_in_composites"),
        ("practice", "0001_review_list"),
    ]

    operations = [
        own_index_dropped(
            "practice",
            "review",
            "learner",
            models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="reviews",
                to="lessons.learner",
            ),
        ),
    ]
