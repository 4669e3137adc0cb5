"""What the lessons app tells other apps, without importing them."""

from django.dispatch import Signal

# Sent inside the answer's transaction when a right answer solves the last unsolved
# puzzle of a lesson, with ``learner``, ``lesson`` (its slug) and ``at`` (the answer's
# time). Known from the results the answer has read anyway: no extra query.
lesson_finished = Signal()

# Sent before an answer's attempt is written, with ``attempt`` (not saved yet). A receiver
# of post_save for Attempt that writes answers True for the attempts it writes after, so
# that the answer's writes are one transaction. An attempt that no one writes after is
# written alone: one INSERT, atomic by itself, with no transaction around it (on
# PostgreSQL no BEGIN and COMMIT: two round trips).
writes_after_attempt = Signal()
