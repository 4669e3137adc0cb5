"""Games in the grown-ups' and the child's pages: games played and won, the rules met in
games, and the teachers' 「和小狐狸下 3 盤棋」 homework, from the game rows (a fixed number
of queries however many games)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lessons.models import Learner
from people.models import Classroom, Student
from play import coach
from play.coach import Said
from play.models import Game, GameAssignment
from play.opponents import BY_ID, Opponent


@dataclass(frozen=True)
class Summary:
    played: int
    won: int
    drawn: int
    rules_met: list[Said]


def finished(learner_ids) -> object:
    return Game.objects.filter(learner_id__in=learner_ids, finished_at__isnull=False)


def summary(learner: Learner) -> Summary:
    """A learner's finished games: how many, how many won and drawn, the rules met."""
    rows = list(finished([learner.pk]).values_list("side", "result", "rules_met"))
    won = sum(1 for side, result, _met in rows if result == ("1-0" if side == "white" else "0-1"))
    drawn = sum(1 for _side, result, _met in rows if result == "1/2-1/2")
    met: list[str] = []
    for _side, _result, values in rows:
        met.extend(value for value in values if value not in met)
    return Summary(len(rows), won, drawn, coach.rules_met(met))


def unfinished(learner: Learner) -> Game | None:
    return Game.objects.filter(learner=learner, result="*", ending="").order_by("-pk").first()


@dataclass(frozen=True)
class HomeworkRow:
    """A game assignment for one learner: the opponent, how many games, how many done."""

    assignment: GameAssignment
    opponent: Opponent
    done: int

    @property
    def finished(self) -> bool:
        return self.done >= self.assignment.games


def _counts(learner_ids, assignments) -> Counter:
    """(learner id, opponent) → games finished since the assignment was made."""
    counts: Counter = Counter()
    if not assignments:
        return counts
    since = min(a.created_at for a in assignments)
    rows = finished(learner_ids).filter(started_at__gte=since)
    made = {a.opponent: a.created_at for a in assignments}
    for learner_id, opponent, started in rows.values_list("learner_id", "opponent", "started_at"):
        if opponent in made and started >= made[opponent]:
            counts[(learner_id, opponent)] += 1
    return counts


def homework_for(learner: Learner) -> list[HomeworkRow]:
    """The game assignments of every class the learner is a student of."""
    assignments = list(
        GameAssignment.objects.filter(classroom__students__learner=learner).order_by("pk")
    )
    counts = _counts([learner.pk], assignments)
    return [
        HomeworkRow(a, BY_ID[a.opponent], min(counts[(learner.pk, a.opponent)], a.games))
        for a in assignments
        if a.opponent in BY_ID
    ]


@dataclass(frozen=True)
class ClassRow:
    """One assignment across a class: who has finished it, with each student's count."""

    assignment: GameAssignment
    opponent: Opponent
    students: list[tuple[Student, int]]

    @property
    def finished_count(self) -> int:
        return sum(1 for _student, done in self.students if done >= self.assignment.games)


def class_homework(classroom: Classroom) -> list[ClassRow]:
    assignments = [a for a in classroom.game_assignments.all() if a.opponent in BY_ID]
    students = list(classroom.students.select_related("learner").order_by("learner__nickname"))
    counts = _counts([s.learner_id for s in students], assignments)
    return [
        ClassRow(
            a,
            BY_ID[a.opponent],
            [(s, min(counts[(s.learner_id, a.opponent)], a.games)) for s in students],
        )
        for a in assignments
    ]
