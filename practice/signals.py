"""The review list follows the answers, in the same transaction as each answer
(attempt_recorded and lesson_finished, both sent inside lessons.progress.record_attempt's
transaction): a miss is one upsert, a right answer to a generated puzzle one conditional
UPDATE, a finished lesson one INSERT; an ordinary right answer in a lesson writes nothing
here."""

from django.dispatch import receiver

from lessons.models import Attempt, Result
from lessons.signals import attempt_recorded, lesson_finished
from practice import generators
from practice.scheduling import enrol, missed, reviewed, rule_of


def _rule_to_write(attempt: Attempt) -> str | None:
    """The rule whose review this attempt changes, if any: a miss in any lesson of a rule,
    or a right answer to a generated puzzle."""
    rule = rule_of(attempt.lesson)
    if rule is None:
        return None
    if attempt.verdict != Result.CORRECT or generators.parse_id(attempt.puzzle) is not None:
        return rule
    return None


@receiver(attempt_recorded, dispatch_uid="practice_review_after_attempt")
def review_after_attempt(sender, attempt: Attempt, **kwargs):
    rule = _rule_to_write(attempt)
    if rule is None:
        return
    if attempt.verdict != Result.CORRECT:
        missed(attempt.learner_id, rule, attempt.created_at, attempt.reason)
    else:
        reviewed(attempt.learner_id, rule, attempt.created_at)


@receiver(lesson_finished, dispatch_uid="practice_review_after_lesson")
def review_after_lesson(sender, learner, lesson: str, at, **kwargs):
    rule = rule_of(lesson)
    if rule is not None:
        enrol(learner.pk, rule, at)
