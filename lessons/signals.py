"""What the lessons app tells other apps, without importing them."""

from django.dispatch import Signal

# Sent inside the answer's transaction when a right answer solves the last unsolved
# puzzle of a lesson, with ``learner``, ``lesson`` (its slug) and ``at`` (the answer's
# time). Known from the results the answer has read anyway: no extra query.
lesson_finished = Signal()
