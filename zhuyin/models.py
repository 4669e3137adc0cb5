"""A learner's reading aids: 注音 follows the child, not the browser (like the language).

A learner who never chose has no row, and the browser's cookie applies to them.
"""

from django.db import models

from lessons.models import Learner


class ReadingAids(models.Model):
    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="reading_aids")
    zhuyin = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"reading aids of learner {self.learner_id}"
