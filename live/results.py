"""What a round's answers add up to: read from the lessons' Attempt rows of the class's
students on the round's puzzle, inside the round's time window.

The window opens when the puzzle is put up and closes at the reveal (or when the next
puzzle goes up): an answer after the right move was shown is practice, recorded by the
lessons as always but not counted here. Counts are of students, not of tries: each
student's first answer in the window is theirs (a second try changes nothing).
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import QuerySet

from curriculum.outcome import Result
from lessons.models import Attempt
from live import puzzles
from live.models import LiveRound


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


def first_right_move(live_round: LiveRound) -> str | None:
    """The right move round_results draws (the earliest right first answer), without
    labelling the whole class's answers: each phone asks it at the reveal."""
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


def own_result(live_round: LiveRound, learner_id: int) -> OwnResult:
    first = (
        attempts_of(live_round)
        .filter(learner_id=learner_id)
        .order_by("created_at", "pk")
        .values_list("answer", "verdict", "fen")
        .first()
    )
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
