"""A club afternoon: a class's tournament, who plays in it, and each round's games.

A game's moves are one row's text (UCI, space-separated) with ``ply`` beside it: a move is
written by ``UPDATE … WHERE ply = n`` (club.games), so a move sent twice, or two devices
moving at once, change the game once.
"""

from django.db import models
from django.utils import timezone

from people.models import Classroom, Student

ROUND_ROBIN, SWISS = "round_robin", "swiss"
FORMATS = (ROUND_ROBIN, SWISS)
RESULTS = ("1-0", "0-1", "1/2-1/2")
# How a game ended besides the engine's Termination and Claim values.
RESIGNATION, FORFEIT, BYE, CORRECTED = "resignation", "forfeit", "bye", "corrected"


class Tournament(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="tournaments")
    format = models.CharField(max_length=12)  # ROUND_ROBIN or SWISS
    rounds = models.PositiveSmallIntegerField()
    current_round = models.PositiveSmallIntegerField(default=0)  # 0: not started
    coaching = models.BooleanField(default=True)  # the arbiter's notes on the children's boards
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.format} tournament {self.pk} of class {self.classroom_id}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


class Entrant(models.Model):
    """A student in a tournament; ``number`` is the draw number (1 first)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_draw_number"),
            models.UniqueConstraint(fields=["tournament", "student"], name="one_entry"),
        ]

    def __str__(self) -> str:
        return f"entrant {self.number} of tournament {self.tournament_id}"


class ClubGame(models.Model):
    """One board of one round; ``black`` is None for a bye (White's point)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField()
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="as_white")
    black = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="as_black", null=True, blank=True
    )
    moves = models.TextField(blank=True)  # UCI, space-separated
    ply = models.PositiveIntegerField(default=0)  # the number of moves in ``moves``
    result = models.CharField(max_length=7, default="*")
    ending = models.CharField(max_length=30, blank=True)
    correction_reason = models.CharField(max_length=200, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    moved_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "board"], name="one_board"),
        ]

    def __str__(self) -> str:
        return f"round {self.round} board {self.board} of tournament {self.tournament_id}"

    @property
    def over(self) -> bool:
        return self.result != "*"

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    @property
    def uci_moves(self) -> list[str]:
        return self.moves.split()
