"""The review list follows the answers, in the same transaction as each answer, at no cost
to an ordinary right answer in a lesson: a miss is one upsert, a right answer to a
generated puzzle one conditional UPDATE, a finished lesson one INSERT."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from lessons.models import Attempt, Result
from lessons.signals import lesson_finished
from practice import generators
from practice.scheduling import enrol, missed, reviewed, rule_of


@receiver(post_save, sender=Attempt, dispatch_uid="practice_review_after_attempt")
def review_after_attempt(sender, instance: Attempt, created: bool, raw: bool = False, **kwargs):
    rule = rule_of(instance.lesson)
    if not created or raw or rule is None:
        return
    if instance.verdict != Result.CORRECT:
        missed(instance.learner_id, rule, instance.created_at, instance.reason)
    elif generators.parse_id(instance.puzzle) is not None:
        reviewed(instance.learner_id, rule, instance.created_at)


@receiver(lesson_finished, dispatch_uid="practice_review_after_lesson")
def review_after_lesson(sender, learner, lesson: str, at, **kwargs):
    rule = rule_of(lesson)
    if rule is not None:
        enrol(learner.pk, rule, at)
