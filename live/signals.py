"""With a push server in front (live.push): the count after each answer, and a student
moved out of (or taken from) a class stops receiving its lesson at once."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from lessons.signals import attempt_recorded
from live import announce, push
from people.models import Student


@receiver(attempt_recorded, dispatch_uid="live_count_after_attempt")
def count_after_attempt(sender, attempt, **kwargs) -> None:
    push.after_commit(announce.answered, attempt.learner_id, attempt.lesson, attempt.puzzle)


@receiver(post_save, sender=Student, dispatch_uid="live_student_saved")
@receiver(post_delete, sender=Student, dispatch_uid="live_student_deleted")
def close_students_stream(sender, instance, **kwargs) -> None:
    # Any change of the student (a class moved to, a seat): the phone's stream closes and
    # asks again; nginx asks the app (live.views.push_auth), which checks the class.
    push.after_commit(push.close, push.who_channel("class", instance.learner_id))
