"""What a round's answers add up to: read from the lessons' Attempt rows of the class's
students on the round's puzzle, inside the round's time window.

The window opens when the puzzle is put up and closes at the reveal (or when the next
puzzle goes up): an answer after the right move was shown is practice, recorded by the
lessons as always but not counted here. Counts are of students, not of tries: each
student's first answer in the window is theirs (a second try changes nothing).
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import QuerySet

from curriculum.outcome import Result
from lessons.models import Attempt
from live import puzzles
from live.models import LiveRound
from people.models import Student


@dataclass
class Bar:
    """One answer tried (a move or an option), with who tried it."""

    label: str
    verdict: str
    names: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.names)

    @property
    def correct(self) -> bool:
        return self.verdict == Result.CORRECT


@dataclass
class BrokenRule:
    """Illegal moves grouped by the rule they broke: 「2 人：這個棋子不是這樣走的」."""

    title: str
    moves: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.names)


@dataclass
class RoundResults:
    answered: int
    right: int
    bars: list[Bar]
    broken_rules: list[BrokenRule]
    right_move: str | None  # a right move (UCI) to draw on the board after the reveal

    @property
    def widest(self) -> int:
        return max((bar.count for bar in self.bars), default=0)


def attempts_of(live_round: LiveRound) -> QuerySet:
    attempts = Attempt.objects.filter(
        learner__student__classroom_id=live_round.session.classroom_id,
        lesson=live_round.lesson,
        puzzle=live_round.puzzle,
        created_at__gte=live_round.opened_at,
    )
    closes = closing_time(live_round)
    if closes is not None:
        attempts = attempts.filter(created_at__lt=closes)
    return attempts


def closing_time(live_round: LiveRound):
    """When answers stop counting: the reveal, or the round's end if it came first."""
    times = [t for t in (live_round.revealed_at, live_round.closed_at) if t is not None]
    return min(times, default=None)


def answered_count(live_round: LiveRound) -> int:
    """How many students have answered (one query, for the projector's live count)."""
    return attempts_of(live_round).values("learner_id").distinct().count()


def first_right_answer(live_round: LiveRound) -> str | None:
    """The answer of the earliest right first answer (the move round_results draws),
    without labelling the whole class's answers: stored on the round at the reveal."""
    rows = attempts_of(live_round).order_by("created_at", "pk")
    answered = set()
    for learner_id, verdict, answer in rows.values_list("learner_id", "verdict", "answer"):
        if learner_id in answered:
            continue  # a student's first answer is theirs
        answered.add(learner_id)
        if verdict == Result.CORRECT:
            return answer
    return None


def round_results(live_round: LiveRound) -> RoundResults:
    puzzle = puzzles.find(live_round.lesson, live_round.puzzle)
    rows = (
        attempts_of(live_round)
        .order_by("created_at", "pk")
        .values_list("learner_id", "learner__nickname", "answer", "verdict", "reason", "fen")
    )
    bars: dict[str, Bar] = {}
    rules: dict[str, BrokenRule] = defaultdict(lambda: BrokenRule(""))
    answered, right = set(), set()
    right_move = None
    for learner_id, nickname, answer, verdict, reason, fen in rows:
        if learner_id in answered:
            continue  # a student's first answer is theirs
        answered.add(learner_id)
        if puzzle is not None and puzzles.is_move_puzzle(puzzle):
            label = puzzles.move_label(fen, answer)
        elif puzzle is not None:
            label = puzzles.answer_label(puzzle, answer)
        else:
            label = answer
        bar = bars.setdefault(label, Bar(label, verdict))
        if nickname not in bar.names:
            bar.names.append(nickname)
        if verdict == Result.CORRECT:
            right.add(learner_id)
            right_move = right_move or answer
        if verdict == Result.ILLEGAL and reason:
            group = rules[reason]
            group.title = group.title or puzzles.rule_title(reason)
            if label not in group.moves:
                group.moves.append(label)
            if nickname not in group.names:
                group.names.append(nickname)
    ordered = sorted(bars.values(), key=lambda bar: (not bar.correct, -bar.count, bar.label))
    broken = sorted(rules.values(), key=lambda group: -group.count)
    is_move = puzzle is not None and puzzles.is_move_puzzle(puzzle)
    return RoundResults(len(answered), len(right), ordered, broken, right_move if is_move else None)


@dataclass(frozen=True)
class OwnResult:
    """One student's counted answer in a round, for their phone at the reveal."""

    answered: bool
    correct: bool = False
    label: str = ""


# A student's first answer in a round's window: what own_result reads at every phone's
# reveal, as one fixed statement (the ORM's queryset for it, attempts_of(...).filter(
# learner_id=...).order_by("created_at", "pk").first(), costs ~0.5 ms of Python to build;
# tests/live/test_rounds.py checks the two agree). It reads the (learner, puzzle,
# created_at, id) index; the join keeps it to a student of the round's class.
_OWN_FIRST_SQL = (
    f'SELECT a."answer", a."verdict", a."fen" FROM "{Attempt._meta.db_table}" a'
    f' JOIN "{Student._meta.db_table}" st ON st."learner_id" = a."learner_id"'
    ' WHERE a."learner_id" = %s AND st."classroom_id" = %s AND a."lesson" = %s'
    ' AND a."puzzle" = %s AND a."created_at" >= %s{closes}'
    ' ORDER BY a."created_at", a."id" LIMIT 1'
)
_OWN_FIRST_OPEN_SQL = _OWN_FIRST_SQL.format(closes="")
_OWN_FIRST_CLOSED_SQL = _OWN_FIRST_SQL.format(closes=' AND a."created_at" < %s')


def first_answer(live_round: LiveRound, learner_id: int) -> tuple[str, str, str] | None:
    """(answer, verdict, fen) of the student's first answer in the round's window."""
    adapt = connection.ops.adapt_datetimefield_value
    params = [
        learner_id,
        live_round.session.classroom_id,
        live_round.lesson,
        live_round.puzzle,
        adapt(live_round.opened_at),
    ]
    closes = closing_time(live_round)
    if closes is not None:
        params.append(adapt(closes))
    with connection.cursor() as cursor:
        cursor.execute(_OWN_FIRST_OPEN_SQL if closes is None else _OWN_FIRST_CLOSED_SQL, params)
        return cursor.fetchone()


def own_result(live_round: LiveRound, learner_id: int) -> OwnResult:
    first = first_answer(live_round, learner_id)
    if first is None:
        return OwnResult(answered=False)
    answer, verdict, fen = first
    puzzle = puzzles.find(live_round.lesson, live_round.puzzle)
    if puzzle is not None and puzzles.is_move_puzzle(puzzle):
        label = puzzles.move_label(fen, answer)
    elif puzzle is not None:
        label = puzzles.answer_label(puzzle, answer)
    else:
        label = answer
    return OwnResult(answered=True, correct=verdict == Result.CORRECT, label=label)


@dataclass(frozen=True)
class Score:
    right: int
    rounds: int


def session_score(session, learner_id: int) -> Score:
    """How many of a live lesson's rounds this student answered right first time."""
    rounds = list(session.rounds.all())
    right = sum(own_result(live_round, learner_id).correct for live_round in rounds)
    return Score(right=right, rounds=len(rounds))


@dataclass(frozen=True)
class Podium:
    """One of the fastest right first answers: a first name or nickname and the seconds."""

    place: int
    name: str
    seconds: float


PODIUM_PLACES = 3


def podium(live_round: LiveRound) -> list[Podium]:
    """The fastest right first answers of the round's window, fastest first (the learner's
    nickname only: a first name or what the teacher called the child)."""
    rows = (
        attempts_of(live_round)
        .order_by("created_at", "pk")
        .values_list("learner_id", "learner__nickname", "verdict", "created_at")
    )
    answered, places = set(), []
    for learner_id, nickname, verdict, created_at in rows:
        if learner_id in answered:
            continue  # a student's first answer is theirs
        answered.add(learner_id)
        if verdict == Result.CORRECT:
            seconds = (created_at - live_round.opened_at).total_seconds()
            places.append(Podium(len(places) + 1, nickname, round(seconds, 1)))
            if len(places) == PODIUM_PLACES:
                break
    return places


def not_answered(live_round: LiveRound) -> list[str]:
    """The names of the class's students with no answer in the round's window yet, by seat
    number: for the teacher's screen only, never the projector's."""
    answered = attempts_of(live_round).values("learner_id")
    students = Student.objects.filter(classroom_id=live_round.session.classroom_id)
    waiting = students.exclude(learner_id__in=answered).order_by("seat_number", "pk")
    return list(waiting.values_list("learner__nickname", flat=True))
