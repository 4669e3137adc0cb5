"""A learner's attempts and best results.

Accounts, parents and classes (people) attach to these records; a child's
and a student's progress are the same kind of Learner.
"""

from django.db import models
from django.utils import timezone

from curriculum.outcome import RECORDED, Result

__all__ = [
    "ActivityDay",
    "Attempt",
    "Learner",
    "LessonTally",
    "MistakeTally",
    "PuzzleResult",
    "Result",
]


class Learner(models.Model):
    """Someone learning: anonymous in a browser, a parent's child, or a class's student."""

    nickname = models.CharField(max_length=40, blank=True)
    avatar = models.CharField(max_length=1, blank=True, help_text="A piece letter: K Q R B N P")
    language = models.CharField(
        max_length=10, blank=True, help_text="The language chosen in the header: a LANGUAGES code"
    )
    created_at = models.DateTimeField(default=timezone.now)
    last_active_at = models.DateTimeField(default=timezone.now, db_index=True)
    # Set for an anonymous browser's learner at its creation, so two tabs racing to make
    # it make one (lessons.learners); cleared when someone adopts it.
    browser_key = models.CharField(max_length=64, null=True, blank=True, unique=True)

    def __str__(self) -> str:
        return self.nickname or f"learner {self.pk}"


def local_day(moment):
    """The calendar day of `moment` in the site's time zone (TIME_ZONE)."""
    return timezone.localtime(moment, timezone.get_default_timezone()).date()


class LocalDayField(models.DateField):
    """The day of the row's `created_at` in the site's time zone, written with the row (also by
    bulk_create), so counting attempts per day needs no date conversion row by row."""

    def pre_save(self, model_instance, add):
        value = local_day(model_instance.created_at)
        setattr(model_instance, self.attname, value)
        return value


class Attempt(models.Model):
    """One try at a puzzle: the move or answer, and how the engine judged it."""

    # No index of its own: the four indexes below lead with the learner (an answer's INSERT
    # writes one B-tree fewer).
    learner = models.ForeignKey(
        Learner, on_delete=models.CASCADE, related_name="attempts", db_index=False
    )
    lesson = models.CharField(max_length=40)
    puzzle = models.CharField(max_length=80)
    answer = models.CharField(max_length=200)
    verdict = models.CharField(max_length=10, choices=RECORDED)  # a curriculum Result
    reason = models.CharField(
        max_length=40,
        blank=True,
        help_text="rules.Reason or rules.Fact name; empty when none names the rule",
    )
    fen = models.CharField(max_length=100, blank=True, help_text="position the move was tried in")
    hint_used = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    day = LocalDayField(editable=False, help_text="created_at's day in TIME_ZONE")
    # The answer form's token (lessons.answer_tokens): written in the attempt's own INSERT,
    # so an answer sent twice (a killed worker, a retry, a double tap) is recorded once.
    # NULL, not "": a row with no token stays outside the unique index.
    token = models.CharField(max_length=24, null=True, blank=True)  # noqa: DJ001

    class Meta:
        constraints = [
            # Partial (tokens only): rows from before tokens, or from a form without one,
            # are not in the index, and SQLite adds it without remaking the table.
            models.UniqueConstraint(
                fields=["token"],
                condition=models.Q(token__isnull=False),
                name="one_attempt_per_token",
            ),
        ]
        indexes = [
            models.Index(fields=["learner", "created_at"]),
            # The round's last tries in order (created_at, then id) straight from the index:
            # with no sort, a read stops after the few it needs whatever the history.
            models.Index(fields=["learner", "puzzle", "created_at", "id"]),
            models.Index(fields=["learner", "day"]),
            # Misconceptions count a class's wrong answers by reason, or by lesson when no
            # engine code names the rule, from the index alone.
            models.Index(fields=["learner", "verdict", "reason", "lesson"]),
        ]

    def __str__(self) -> str:
        return f"{self.learner_id} {self.puzzle} {self.answer} {self.verdict}"


class PuzzleResult(models.Model):
    """The best result of one learner on one puzzle."""

    # No index of its own: the unique (learner, puzzle) and (learner, lesson) lead with it.
    learner = models.ForeignKey(
        Learner, on_delete=models.CASCADE, related_name="results", db_index=False
    )
    lesson = models.CharField(max_length=40)
    puzzle = models.CharField(max_length=80)
    stars = models.PositiveSmallIntegerField(default=0)
    solved_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "puzzle"], name="one_result_per_puzzle"),
        ]
        indexes = [models.Index(fields=["learner", "lesson"])]

    def __str__(self) -> str:
        return f"{self.learner_id} {self.puzzle} {self.stars}★"


# Running totals of the attempts and results, kept by the database itself: triggers on
# lessons_attempt and lessons_puzzleresult (lessons/tallies.py, created by migration 0008)
# add each row as it is inserted (bulk_create too), take it away when it is deleted, and
# move it when a column the totals read changes, in the row's own statement and
# transaction. So the grown-ups' pages read a few rows per learner instead of every attempt
# or result, and answering costs no extra SQL statement.


class ActivityDay(models.Model):
    """How many attempts a learner made on one day (Attempt.day, the site's time zone)."""

    # the unique constraint below starts with the learner: no index of its own
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="+", db_index=False)
    day = models.DateField()
    attempts = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "day"], name="one_activity_row_per_day"),
        ]

    def __str__(self) -> str:
        return f"{self.learner_id} {self.day} {self.attempts}"


class MistakeTally(models.Model):
    """A learner's wrong answers (illegal or incorrect) grouped by the rule they broke: by
    `reason` when the engine named one, else by `lesson` (then `reason` is empty; with a
    reason, `lesson` is empty), with the id of the latest one as the example to show."""

    # the unique constraint below starts with the learner: no index of its own
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="+", db_index=False)
    reason = models.CharField(max_length=40, blank=True)
    lesson = models.CharField(max_length=40, blank=True)
    count = models.PositiveIntegerField(default=0)
    latest = models.BigIntegerField(help_text="the id of the latest such Attempt")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "reason", "lesson"], name="one_mistake_tally_per_rule"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.learner_id} {self.reason or self.lesson} ×{self.count}"


class LessonTally(models.Model):
    """A learner's solved puzzles in one lesson (PuzzleResult rows with a solve, by the lesson
    they are kept under) and the stars they earned. A puzzle moved to another lesson moves
    its results with a data migration (as 0007 did), and so its total; one taken out of the
    content keeps counting until its results are moved or deleted."""

    # the unique constraint below starts with the learner: no index of its own
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="+", db_index=False)
    lesson = models.CharField(max_length=40)
    solved = models.PositiveIntegerField(default=0)
    stars = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "lesson"], name="one_lesson_tally"),
        ]

    def __str__(self) -> str:
        return f"{self.learner_id} {self.lesson} {self.solved} solved {self.stars}★"
