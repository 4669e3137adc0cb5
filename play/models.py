"""A child's games against the computer: each game, each move, a parent's switch, homework.

A game is a row and its moves are rows (``GameMove``, one per ply, unique per game and
ply), so a reload or a lost answer loses nothing: the page is drawn from the database,
and a move sent again for a ply already recorded is recognised and recorded once.
"""

from django.db import models
from django.utils import timezone

from lessons.models import Learner
from people.models import Classroom

SIDES = ("white", "black")
RESULTS = ("1-0", "0-1", "1/2-1/2")
RESIGNATION = "resignation"  # besides the engine's Termination and Claim values


class Game(models.Model):
    """A game between a learner and one of ``rules.opponents.OPPONENTS``."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="games")
    opponent = models.CharField(max_length=20)  # an id of rules.opponents.OPPONENTS
    side = models.CharField(max_length=5)  # the learner's side: "white" or "black"
    start_fen = models.CharField(max_length=100)
    # The computer's move at ply n is drawn from random.Random(f"{seed}-{n}"): the same game
    # again, move for move, after a reload or in a test.
    seed = models.BigIntegerField()
    coaching = models.BooleanField(default=True)  # the arbiter's notes shown
    takebacks = models.BooleanField(default=False)  # the learner may take a move back
    result = models.CharField(max_length=7, default="*")
    ending = models.CharField(max_length=30, blank=True)
    # The rules met in the game (rules.coaching.Note values and the ending's rule), written
    # when it ends, so the grown-ups' pages never replay a game.
    rules_met = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["learner", "finished_at"], name="play_game_learner_done")]

    def __str__(self) -> str:
        return f"game {self.pk} of learner {self.learner_id} against {self.opponent}"

    @property
    def over(self) -> bool:
        return self.result != "*"

    @property
    def won(self) -> bool:
        return self.result == ("1-0" if self.side == "white" else "0-1")


class GameMove(models.Model):
    """One move of a game: ``ply`` moves were played before it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    uci = models.CharField(max_length=5)
    san = models.CharField(max_length=10)
    by_computer = models.BooleanField()

    class Meta:
        ordering = ["ply"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="one_move_per_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.ply}. {self.san}"


class PlaySettings(models.Model):
    """What a parent (or teacher) decided for a learner's games."""

    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="play_settings")
    takebacks = models.BooleanField(default=True)  # against the two weakest opponents

    def __str__(self) -> str:
        return f"play settings of learner {self.learner_id}"


class GameAssignment(models.Model):
    """「和小狐狸下 3 盤棋」: a teacher asks a class to finish games against one opponent."""

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="game_assignments"
    )
    opponent = models.CharField(max_length=20)
    games = models.PositiveSmallIntegerField(default=3)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "opponent"], name="one_game_assignment_per_opponent"
            )
        ]

    def __str__(self) -> str:
        return f"{self.games} games against {self.opponent} for {self.classroom_id}"
