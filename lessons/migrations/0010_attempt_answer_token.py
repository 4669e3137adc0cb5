"""Each attempt keeps its answer form's token, unique where there is one: an answer sent
twice is recorded once (lessons.answer_tokens). A nullable column and a partial unique
index: SQLite adds both without remaking the table, so the running totals' triggers stay."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0009_attempt_last_tries_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="attempt",
            name="token",
            field=models.CharField(blank=True, max_length=24, null=True),
        ),
        migrations.AddConstraint(
            model_name="attempt",
            constraint=models.UniqueConstraint(
                condition=models.Q(("token__isnull", False)),
                fields=("token",),
                name="one_attempt_per_token",
            ),
        ),
    ]
