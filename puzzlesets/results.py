"""A set assignment's results: for each learner and each of the set's puzzles, right the
first time, right later, wrong (with the rule broken, in words) or not tried; passed when
the puzzles right the first time reach the pass mark. Read from the lessons' Attempt rows
recorded under the items' ids (puzzlesets.catalogue), in one query per assignment."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from django.utils.translation import gettext_lazy as _

from curriculum.outcome import Result
from lessons.models import Attempt
from people.reports.misconceptions import misconception_for
from puzzlesets.catalogue import item_id
from puzzlesets.models import SetAssignment, SetItem


class Mark(StrEnum):
    FIRST_TIME = "first_time"
    LATER = "later"
    WRONG = "wrong"
    NOT_TRIED = "not_tried"


MARK_WORDS = {
    Mark.FIRST_TIME: _("Right the first time"),
    Mark.LATER: _("Right later"),
    Mark.WRONG: _("Wrong"),
    Mark.NOT_TRIED: _("Not tried"),
}


@dataclass(frozen=True)
class Cell:
    mark: Mark
    rule: str = ""  # the rule the last wrong answer broke, in words ("" when none named)

    @property
    def words(self) -> str:
        return str(MARK_WORDS[self.mark])


@dataclass
class Row:
    learner_id: int
    name: str
    cells: list[Cell] = field(default_factory=list)
    pass_mark: int = 1

    @property
    def right_first_time(self) -> int:
        return sum(cell.mark == Mark.FIRST_TIME for cell in self.cells)

    @property
    def passed(self) -> bool:
        return self.right_first_time >= self.pass_mark

    @property
    def started(self) -> bool:
        return any(cell.mark != Mark.NOT_TRIED for cell in self.cells)


def cell_of(verdicts: list[tuple[str, str]]) -> Cell:
    """One learner's attempts at one puzzle, oldest first, as (verdict, reason)."""
    if not verdicts:
        return Cell(Mark.NOT_TRIED)
    if verdicts[0][0] == Result.CORRECT:
        return Cell(Mark.FIRST_TIME)
    if any(verdict == Result.CORRECT for verdict, _reason in verdicts):
        return Cell(Mark.LATER)
    reason = next((r for _v, r in reversed(verdicts) if r), "")
    return Cell(Mark.WRONG, str(misconception_for(reason).title) if reason else "")


def results(
    assignment: SetAssignment, learners: list[tuple[int, str]], items: list[SetItem]
) -> list[Row]:
    """A row per learner (id, name), a cell per item, in the items' order."""
    ids = [item_id(item) for item in items]
    tried: dict[tuple[int, str], list[tuple[str, str]]] = {}
    rows = (
        Attempt.objects.filter(learner_id__in=[pk for pk, _n in learners], puzzle__in=ids)
        .order_by("created_at", "id")
        .values_list("learner_id", "puzzle", "verdict", "reason")
    )
    for learner_id, puzzle, verdict, reason in rows:
        tried.setdefault((learner_id, puzzle), []).append((verdict, reason))
    return [
        Row(
            learner_id,
            name,
            [cell_of(tried.get((learner_id, pid), [])) for pid in ids],
            assignment.pass_mark,
        )
        for learner_id, name in learners
    ]


def learners_of(assignment: SetAssignment) -> list[tuple[int, str]]:
    """The assignment's learners (id, nickname): the class's students in seat order, or
    the one child."""
    if assignment.classroom_id:
        return list(assignment.classroom.students.values_list("learner_id", "learner__nickname"))
    return [(assignment.child_id, assignment.child.nickname)]


def assignment_results(assignment: SetAssignment) -> list[Row]:
    items = list(assignment.puzzle_set.items.all())
    return results(assignment, learners_of(assignment), items)


def learner_results(assignment: SetAssignment, learner) -> Row:
    """One learner's row (the child's own set page)."""
    items = list(assignment.puzzle_set.items.all())
    return results(assignment, [(learner.pk, learner.nickname)], items)[0]
