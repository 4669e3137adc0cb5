"""A learner's review list: each rule they missed comes back after 1, 3 and 7 days."""

from django.db import models
from django.utils import timezone

from lessons.models import Learner


class Review(models.Model):
    """One rule on a learner's review list: when it comes back and how far it has come.

    ``step`` picks the next wait from ``practice.scheduling.INTERVALS``; ``streak`` counts
    the right answers in a row at growing intervals (three: mastered, and ``due_at`` is
    cleared). ``reason`` is the code of the rule broken at the last miss.
    """

    # No index of its own: the unique (learner, rule) and (learner, due_at) lead with it.
    learner = models.ForeignKey(
        Learner, on_delete=models.CASCADE, related_name="reviews", db_index=False
    )
    rule = models.CharField(max_length=40)
    step = models.PositiveSmallIntegerField(default=0)
    streak = models.PositiveSmallIntegerField(default=0)
    due_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=40, blank=True)
    last_missed_at = models.DateTimeField(null=True, blank=True)
    last_reviewed_at = models.DateTimeField(null=True, blank=True)
    mastered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "rule"], name="one_review_per_rule"),
        ]
        indexes = [models.Index(fields=["learner", "due_at"])]

    def __str__(self) -> str:
        return f"{self.learner_id} {self.rule} step {self.step}"
