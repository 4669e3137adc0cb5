"""Every student gets a QR badge token (filled one by one for the students there are: a
unique default cannot be added in one step), class codes may be up to 12 letters, and a
class may say its devices are shared."""

from django.db import migrations, models

import tutor.people.models


def give_badges(apps, schema_editor):
    Student = apps.get_model("people", "Student")
    for student in Student.objects.filter(badge_token__isnull=True).only("pk"):
        student.badge_token = tutor.people.models.new_badge_token()
        student.save(update_fields=["badge_token"])


class Migration(migrations.Migration):
    dependencies = [("people", "0006_assignments_of_split_lessons_cover_the_parts")]

    operations = [
        migrations.AlterField(
            model_name="classroom",
            name="join_code",
            field=models.CharField(
                default=tutor.people.models.new_join_code, max_length=12, unique=True
            ),
        ),
        migrations.AddField(
            model_name="classroom",
            name="shared_devices",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="student",
            name="badge_token",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(give_badges, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="student",
            name="badge_token",
            field=models.CharField(
                default=tutor.people.models.new_badge_token, max_length=40, unique=True
            ),
        ),
    ]
