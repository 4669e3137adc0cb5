"""Games in the grown-ups' and the child's pages: games played and won, the rules met in
games, and the teachers' 「和小狐狸下 3 盤棋」 homework, from the game rows (a fixed number
of queries however many games)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count, Q

import rules
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


MIN_MOVES_EACH = 10  # a game resigned before each side made this many moves was not played
BY_THE_RULES = frozenset(
    {ending.value for ending in rules.Termination} | {claim.value for claim in rules.Claim}
)


def counts_as_played(ending: str, own_moves: int, their_moves: int) -> bool:
    """Whether a finished game counts for homework: ended by the rules (mate, stalemate, a
    dead position, a repetition, a claimed draw), or resigned after MIN_MOVES_EACH moves
    each. A resignation at move 0 is not a game played."""
    if ending in BY_THE_RULES:
        return True
    return own_moves >= MIN_MOVES_EACH and their_moves >= MIN_MOVES_EACH


@dataclass(frozen=True)
class GameLine:
    """One finished game of a homework, as the teacher sees it."""

    game: Game
    moves: int  # the child's own moves
    counted: bool

    @property
    def ending(self) -> str:
        return coach.ending_for_grown_ups(self.game)


@dataclass(frozen=True)
class HomeworkRow:
    """A game assignment for one learner: the opponent, how many games, how many done."""

    assignment: GameAssignment
    opponent: Opponent
    done: int

    @property
    def finished(self) -> bool:
        return self.done >= self.assignment.games


def _games(learner_ids, assignments) -> dict[tuple[int, str], list[GameLine]]:
    """(learner id, opponent) → the games finished since the assignment was made, oldest
    first, each with the child's moves and whether it counts (one query)."""
    found: dict[tuple[int, str], list[GameLine]] = {}
    if not assignments:
        return found
    since = min(a.created_at for a in assignments)
    made = {a.opponent: a.created_at for a in assignments}
    rows = (
        finished(learner_ids)
        .filter(started_at__gte=since)
        .annotate(
            own=Count("moves", filter=Q(moves__by_computer=False)),
            theirs=Count("moves", filter=Q(moves__by_computer=True)),
        )
        .order_by("finished_at", "pk")
    )
    for game in rows:
        if game.opponent in made and game.started_at >= made[game.opponent]:
            counted = counts_as_played(game.ending, game.own, game.theirs)
            line = GameLine(game, game.own, counted)
            found.setdefault((game.learner_id, game.opponent), []).append(line)
    return found


def _counts(learner_ids, assignments) -> Counter:
    """(learner id, opponent) → games that count since the assignment was made."""
    counts: Counter = Counter()
    for key, lines in _games(learner_ids, assignments).items():
        counts[key] = sum(line.counted for line in lines)
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
class StudentGames:
    """One student's part of a game assignment: the games that count, and every game."""

    student: Student
    done: int
    games: list[GameLine]


@dataclass(frozen=True)
class ClassRow:
    """One assignment across a class: who has finished it, with each student's games."""

    assignment: GameAssignment
    opponent: Opponent
    students: list[StudentGames]

    @property
    def finished_count(self) -> int:
        return sum(1 for each in self.students if each.done >= self.assignment.games)


def class_homework(classroom: Classroom) -> list[ClassRow]:
    assignments = [a for a in classroom.game_assignments.all() if a.opponent in BY_ID]
    students = list(classroom.students.select_related("learner").order_by("learner__nickname"))
    played = _games([s.learner_id for s in students], assignments)
    rows = []
    for a in assignments:
        each = []
        for s in students:
            lines = played.get((s.learner_id, a.opponent), [])
            done = min(sum(line.counted for line in lines), a.games)
            each.append(StudentGames(s, done, lines))
        rows.append(ClassRow(a, BY_ID[a.opponent], each))
    return rows
