"""What the lessons app tells other apps, without importing them."""

from django.dispatch import Signal

# Sent inside the answer's transaction right after its attempt is written, with ``attempt``
# (lessons.progress.record_attempt). A receiver that writes writes in that transaction.
attempt_recorded = Signal()

# Sent inside the answer's transaction when a right answer solves the last unsolved
# puzzle of a lesson, with ``learner``, ``lesson`` (its slug) and ``at`` (the answer's
# time). Known from the results the answer has read anyway: no extra query.
lesson_finished = Signal()

# Sent with ``request`` just before an anonymous browser's first answer makes its learner
# (lessons.learners.current_or_new_learner). A receiver may refuse it by raising
# NewLearnerRefused (people.limits.newcomers: a limit per client address): then nothing is
# written and the answer view says so (lessons.views).
learner_wanted = Signal()


class NewLearnerRefused(Exception):
    """No new learner for this request now: try again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after
