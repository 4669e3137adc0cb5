"""Every student gets a QR badge token (filled one by one for the students there are: a
unique default cannot be added in one step), class codes may be up to 12 letters, and a
class may say its devices are shared and carry the teacher's message. Students' names lose the direction controls a paste
brought in (「王\u202eevil\u202c小明」 read 王live小明): people.forms strips them now."""

from django.db import migrations, models

import people.models

# people.forms.BIDI_CONTROLS as it was when this ran
BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)


def give_badges(apps, schema_editor):
    Student = apps.get_model("people", "Student")
    for student in Student.objects.filter(badge_token__isnull=True).only("pk"):
        student.badge_token = people.models.new_badge_token()
        student.save(update_fields=["badge_token"])


def strip_direction_controls(apps, schema_editor):
    Learner = apps.get_model("lessons", "Learner")
    controls = BIDI_CONTROLS
    for learner in Learner.objects.filter(student__isnull=False).only("pk", "nickname"):
        clean = learner.nickname.translate(controls).strip()
        if clean and clean != learner.nickname:
            learner.nickname = clean
            learner.save(update_fields=["nickname"])


class Migration(migrations.Migration):
    dependencies = [("people", "0007_account_name_and_email_keys")]

    operations = [
        migrations.AlterField(
            model_name="classroom",
            name="join_code",
            field=models.CharField(
                default=people.models.new_join_code, max_length=12, unique=True
            ),
        ),
        migrations.AddField(
            model_name="classroom",
            name="shared_devices",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="classroom",
            name="message",
            field=models.CharField(blank=True, max_length=140),
        ),
        migrations.AddField(
            model_name="student",
            name="badge_token",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(give_badges, migrations.RunPython.noop),
        migrations.RunPython(strip_direction_controls, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="student",
            name="badge_token",
            field=models.CharField(
                default=people.models.new_badge_token, max_length=40, unique=True
            ),
        ),
    ]
