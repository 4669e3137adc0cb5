"""A live lesson (課堂模式): a teacher puts one puzzle after another before a class.

All of it is in the database, so any app server behind a load balancer answers any
request. The students' answers are not kept here: they are the lessons' own Attempt
rows (the same judging and recording as in a lesson), read back by class, puzzle and
the round's time window (see live.results).
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from people.models import Classroom

TIME_LIMITS = (30, 60, 90)  # the seconds a teacher may give each round (or no limit)


class LiveSession(models.Model):
    """One live lesson of a class; at most one is open per class at a time."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="live_sessions")
    started_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)
    show_names = models.BooleanField(default=False)
    # Each round's time to answer, from when it goes up (None: no limit): TIME_LIMITS.
    seconds_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # After the reveal the projector shows the fastest right answers (first names only).
    show_podium = models.BooleanField(default=False)

    class Meta:
        ordering = ["-started_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom"],
                condition=Q(ended_at__isnull=True),
                name="one_open_live_session_per_class",
            )
        ]

    def __str__(self) -> str:
        return f"live session {self.pk} of {self.classroom_id}"

    @property
    def is_open(self) -> bool:
        return self.ended_at is None

    def current_round(self) -> "LiveRound | None":
        return self.rounds.filter(closed_at__isnull=True).order_by("-number").first()


class LiveRound(models.Model):
    """One puzzle put before the class: open from `opened_at` until `closed_at`."""

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    lesson = models.CharField(max_length=40)
    puzzle = models.CharField(max_length=80)
    opened_at = models.DateTimeField(default=timezone.now)
    revealed_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Written at the reveal, when the counting window closes (live.results.first_right_answer):
    # the answer of the class's earliest right first answer, "" when nobody had it right.
    # Every phone shows it at the reveal; read with the round, it costs them no statement.
    right_answer = models.CharField(max_length=200, blank=True, default="")
    # How many puzzles the lesson has, as it stood when the round went up (the rounds so far
    # and the prepared ones not up yet: 「第 2 題（共 8 題）」); None without a playlist.
    total = models.PositiveSmallIntegerField(null=True, blank=True)
    # Answers after it are late and refused (the session's time limit when it went up).
    deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of live session {self.session_id}: {self.puzzle}"

    @property
    def revealed(self) -> bool:
        return self.revealed_at is not None


class PlaylistItem(models.Model):
    """A puzzle the teacher prepared for the class's live lessons, in the teacher's order:
    「下一題」 on the presenter puts up the first one the open lesson has not had yet."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="playlist")
    position = models.PositiveSmallIntegerField()
    lesson = models.CharField(max_length=40)
    puzzle = models.CharField(max_length=80)

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "lesson", "puzzle"], name="one_playlist_item_per_puzzle"
            )
        ]

    def __str__(self) -> str:
        return f"playlist item {self.position} of {self.classroom_id}: {self.puzzle}"
