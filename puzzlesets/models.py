"""A grown-up's own puzzles, their sets and the sets' assignments.

An own puzzle keeps what its author filled in (a curriculum.authoring Draft, so its words
are made in every language), or, imported from a file, the puzzle's table in the
curriculum's format. A set item is an own puzzle, a lesson's puzzle (its id) or a practice
puzzle (its id, which makes the same puzzle again). Answers are the lessons' own Attempt
rows, recorded under the item's id (``set-<item id>``: puzzlesets.catalogue).
"""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from lessons.models import Learner
from people.models import Classroom

NAME_MAX = 60


class OwnPuzzle(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="own_puzzles"
    )
    draft = models.JSONField(default=dict, blank=True)  # curriculum.authoring.Draft.as_dict()
    table = models.JSONField(default=dict, blank=True)  # an imported puzzle (FORMAT.md)
    prompt = models.CharField(max_length=200, blank=True)  # the author's own, optional
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"own puzzle {self.pk} of {self.owner_id}"


class PuzzleSet(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_sets"
    )
    name = models.CharField(max_length=NAME_MAX)
    # The address another teacher copies the set with; empty until the owner shares it.
    share_token = models.CharField(max_length=40, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["share_token"], condition=~Q(share_token=""), name="one_set_a_share_token"
            )
        ]

    def __str__(self) -> str:
        return self.name


class SetItem(models.Model):
    puzzle_set = models.ForeignKey(PuzzleSet, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField()
    own = models.ForeignKey(OwnPuzzle, on_delete=models.CASCADE, null=True, blank=True)
    source = models.CharField(max_length=80, blank=True)  # a lesson's or practice puzzle id

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(own__isnull=False) & Q(source=""))
                | (Q(own__isnull=True) & ~Q(source="")),
                name="set_item_is_own_or_a_source",
            )
        ]

    def __str__(self) -> str:
        return f"item {self.position} of set {self.puzzle_set_id}"


class SetAssignment(models.Model):
    """A set given to a class (by its teacher) or to one child (by the parent)."""

    puzzle_set = models.ForeignKey(PuzzleSet, on_delete=models.CASCADE, related_name="assignments")
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, null=True, blank=True, related_name="set_assignments"
    )
    child = models.ForeignKey(
        Learner, on_delete=models.CASCADE, null=True, blank=True, related_name="set_assignments"
    )
    due_on = models.DateField(null=True, blank=True)
    # Right the first time in at least this many of the set's puzzles: passed.
    pass_mark = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["due_on", "created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(classroom__isnull=False, child__isnull=True)
                | Q(classroom__isnull=True, child__isnull=False),
                name="set_assigned_to_a_class_or_a_child",
            ),
            models.UniqueConstraint(
                fields=["puzzle_set", "classroom"], name="a_set_given_to_a_class_once"
            ),
            models.UniqueConstraint(
                fields=["puzzle_set", "child"], name="a_set_given_to_a_child_once"
            ),
        ]

    def __str__(self) -> str:
        return f"set {self.puzzle_set_id} for {self.classroom_id or self.child_id}"
