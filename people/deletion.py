"""What deleting takes with it: nothing about a child or a student stays behind.

The database cascades run from a learner to its profile, not back: deleting a class,
or a grown-up's account, would leave the students' and children's learners (and their
attempts and results) behind. These receivers delete them too, however the deletion
starts (the site's pages, the admin, the ORM), in the same transaction:

- a class takes its students' learners;
- a grown-up's account takes their children's learners, their own and the progress
  waiting to be placed (their classes go by the database cascade, and take theirs);
- every deleted learner is taken out of every stored session once the transaction
  commits, so no device still names them (lessons.learners.forget_in_sessions).
"""

import threading

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.db.models.signals import post_delete, pre_delete
from django.dispatch import receiver

from lessons.learners import forget_in_sessions
from lessons.models import Learner
from people.assignments import STUDENT_SESSION_KEY
from people.models import ChildProfile, Classroom, GrownUp, LoginFailure, Student
from plumbing.models import LearnerSession

_deleted = set()  # learners deleted in transactions not yet committed, or just committed
_deleted_lock = threading.Lock()
_LEARNERS_TO_DELETE = "_learners_to_delete"


def learners_of_classroom(classroom: Classroom) -> list[int]:
    return list(Student.objects.filter(classroom=classroom).values_list("learner_id", flat=True))


def learners_of_account(user) -> list[int]:
    """Every learner a grown-up's account holds, their classes' students included."""
    ids = set(ChildProfile.objects.filter(parent=user).values_list("learner_id", flat=True))
    ids |= set(Student.objects.filter(classroom__teacher=user).values_list("learner_id", flat=True))
    own = GrownUp.objects.filter(user=user).values_list("learner_id", "unclaimed_id")
    for pair in own:
        ids |= {learner_id for learner_id in pair if learner_id is not None}
    return sorted(ids)


@receiver(pre_delete, sender=Classroom)
def _note_classroom_learners(sender, instance: Classroom, **kwargs) -> None:
    setattr(instance, _LEARNERS_TO_DELETE, learners_of_classroom(instance))


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL)
def _note_account_learners(sender, instance, **kwargs) -> None:
    setattr(instance, _LEARNERS_TO_DELETE, learners_of_account(instance))


@receiver(post_delete, sender=Classroom)
@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def _delete_noted_learners(sender, instance, using, **kwargs) -> None:
    learner_ids = getattr(instance, _LEARNERS_TO_DELETE, [])
    if learner_ids:
        Learner.objects.using(using).filter(pk__in=learner_ids).delete()
    if sender is Classroom:
        LoginFailure.objects.using(using).filter(key=f"class-{instance.pk}").delete()
    else:
        LoginFailure.objects.using(using).filter(key__startswith=f"account-{instance.pk}|").delete()


@receiver(post_delete, sender=settings.AUTH_USER_MODEL)
def _end_accounts_sessions(sender, instance, using, **kwargs) -> None:
    """The sessions signed in as a deleted account go with it (no row keeps its id)."""
    LearnerSession.objects.using(using).filter(account_id=instance.pk).delete()


@receiver(post_delete, sender=Student)
def _forget_student_failures(sender, instance: Student, using, **kwargs) -> None:
    """Failed picture-word tries name the student; they go with them."""
    LoginFailure.objects.using(using).filter(
        Q(key__startswith=f"student-{instance.pk}|") | Q(key=f"student-{instance.pk}")
    ).delete()


@receiver(post_delete, sender=Learner)
def _forget_in_sessions(sender, instance: Learner, using, **kwargs) -> None:
    with _deleted_lock:
        _deleted.add(instance.pk)
    transaction.on_commit(lambda: forget_committed_deletions(using), using=using)


def forget_committed_deletions(using: str = "default") -> int:
    """Take every learner deleted so far out of the stored sessions (one pass for many).

    A learner noted in a transaction that rolled back still exists, and stays in its sessions.
    """
    with _deleted_lock:
        noted = set(_deleted)
        _deleted.clear()
    if not noted:
        return 0
    still_there = Learner.objects.using(using).filter(pk__in=noted).values_list("pk", flat=True)
    return forget_in_sessions(noted - set(still_there), also=(STUDENT_SESSION_KEY,))
