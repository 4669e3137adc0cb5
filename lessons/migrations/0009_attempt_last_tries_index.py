"""The round's last tries read in order from the index: (learner, puzzle, created_at, id).

PostgreSQL sorted every try of the learner on the puzzle to find the last few, since the
old index ended at created_at and the read orders by created_at then id (SQLite's indexes
end with the rowid, which is the id, so it never sorted). A statement prepared while the
table was small kept that plan: ~140 pages read an answer after ~400 tries. The new
index is made before the old one goes, so the read always has one."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0008_running_totals"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="attempt",
            index=models.Index(
                fields=["learner", "puzzle", "created_at", "id"],
                name="lessons_att_learner_7cd3d5_idx",
            ),
        ),
        migrations.RemoveIndex(
            model_name="attempt",
            name="lessons_att_learner_a16a96_idx",
        ),
    ]
