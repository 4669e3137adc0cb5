"""A learner's reading aids: 注音 and sound follow the child, not the browser (like the
language).

A learner who never chose has no row (or None for sound), and the browser's own choice
applies to them: the cookie for 注音, localStorage for sound (static/js/sound.js).
"""

from django.db import models

from lessons.models import Learner


class ReadingAids(models.Model):
    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="reading_aids")
    # None: never chose (a row made by the other switch); the browser's choice decides.
    zhuyin = models.BooleanField(null=True, default=None)
    sound = models.BooleanField(null=True, default=None)

    def __str__(self) -> str:
        return f"reading aids of learner {self.learner_id}"
