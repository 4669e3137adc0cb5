"""A learner's progress: recording attempts, stars per puzzle, summaries per lesson.

Model logic only, no HTTP. Stars for one solve: three for a first-try solve
without a hint, two after one mistake or a hint, one otherwise. A puzzle keeps
its best result; a revisit can raise the stars, never lower them.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from itertools import takewhile

from django.db import IntegrityError, transaction
from django.db.models import Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from curriculum.loading import GROUPS, Curriculum, Lesson, get_curriculum
from curriculum.outcome import RECORDED
from curriculum.puzzle_forms import PostError
from lessons import statements
from lessons.models import Attempt, Learner, PuzzleResult, Result
from lessons.signals import attempt_recorded, lesson_finished

MAX_STARS = 3


def stars_for(mistakes: int, hint_used: bool) -> int:
    """Stars for a solve after `mistakes` wrong tries, with or without the hint.

    >>> stars_for(0, False), stars_for(1, False), stars_for(0, True), stars_for(1, True)
    (3, 2, 2, 1)
    """
    slips = mistakes + (1 if hint_used else 0)
    if slips == 0:
        return 3
    if slips == 1:
        return 2
    return 1


# The wrong tries of a round are counted up to this many: from two on, a solve earns one
# star whatever the hints, and the hint comes by itself. So the count reads three rows,
# however long the learner's history on the puzzle.
MISTAKES_COUNTED = 3

# What recording an attempt reads first: the round's last MISTAKES_COUNTED tries on the
# puzzle, newest first, as (verdict, hint used), and the kept result of each puzzle of its
# lesson, as (puzzle, stars, solved).
History = tuple[list[tuple[str, bool]], list[tuple[str, int, bool]]]


@dataclass(frozen=True)
class Recorded:
    """What recording one attempt produced: the attempt, the stars if it solved the puzzle,
    the wrong tries since the puzzle was last solved (this one included; counted up to
    MISTAKES_COUNTED earlier ones), and the learner's best stars in the attempt's lesson
    after it (puzzle id → stars, solved puzzles only)."""

    attempt: Attempt
    stars: int | None
    mistakes: int = 0
    lesson_stars: dict[str, int] = field(default_factory=dict)


def record_attempt(
    learner: Learner,
    *,
    lesson: str,
    puzzle: str,
    answer: str,
    verdict: str,
    reason: str = "",
    fen: str = "",
    hint_used: bool = False,
    history: History | None = None,
    token: str | None = None,
    at: datetime | None = None,
) -> Recorded:
    """Store one attempt; on a correct one, store the stars and keep the best result.

    Reads the round's last few tries (on the (learner, puzzle, created_at, id) index) and the
    lesson's results in one statement (or takes them as ``history``, read with the learner:
    lessons.learners.learner_and_history), then writes, in one transaction,
    the attempt (Attempt.objects.create; then lessons.signals.attempt_recorded,
    whose receivers write with it: practice's review list) and, for a
    solve that does better than the kept result, the result: a conditional UPDATE raises the
    stars, never lowers them. The solve that finishes the lesson sends
    lessons.signals.lesson_finished (known from the results read), inside the same
    transaction.

    ``token`` (the answer form's, lessons.answer_tokens) is written in the attempt's own
    INSERT. When an attempt already has that token (the same answer sent again), nothing
    is written and what the first attempt recorded is returned, rebuilt from its row and
    the tries before it; AnswerSentElsewhere when that attempt is another learner's.
    ``at`` is when the answer was given (now, unless the caller knows better)."""
    if verdict not in dict(RECORDED):
        raise ValueError(f"unknown verdict {verdict!r}")
    # Stars count the tries since the puzzle was last solved: a revisit starts afresh.
    if history is None:
        history = statements.tries_and_results(learner.pk, puzzle, MISTAKES_COUNTED, lesson)
    latest, results = history
    plan = _plan(lesson, puzzle, verdict, hint_used, latest, results)
    # Only the writes are one transaction: SQLite's IMMEDIATE transactions hold the write
    # lock from BEGIN, so the reads above stay outside it (in WAL mode they wait for no one).
    try:
        with transaction.atomic():
            attempt = Attempt.objects.create(
                learner=learner,
                lesson=lesson,
                puzzle=puzzle,
                answer=answer[:200],
                verdict=verdict,
                reason=reason[:40],
                fen=fen[:100],
                hint_used=hint_used,
                token=token,
                **({} if at is None else {"created_at": at}),
            )
            attempt_recorded.send(Attempt, attempt=attempt)
            if plan.raises:
                _keep_best(learner, lesson, puzzle, plan.stars, exists=puzzle in plan.kept)
            if plan.finishes:
                lesson_finished.send(Attempt, learner=learner, lesson=lesson, at=attempt.created_at)
    except IntegrityError:
        first = Attempt.objects.filter(token=token).first() if token else None
        if first is None:
            raise
        if first.learner_id != learner.pk:
            raise AnswerSentElsewhere(token) from None
        # The same answer again: as the first was, from the tries before it.
        plan = _plan(lesson, puzzle, first.verdict, first.hint_used, _tries_before(first), results)
        attempt = first
    if attempt.verdict != Result.CORRECT:
        return Recorded(attempt, None, plan.mistakes + 1, plan.lesson_stars)
    return Recorded(attempt, plan.stars, plan.mistakes, plan.lesson_stars)


class AnswerSentElsewhere(PostError):
    """An answer form's token already recorded for another learner (a copied token)."""

    def __init__(self, token: str):
        super().__init__(_("This answer was already sent."))


@dataclass(frozen=True)
class _Plan:
    """What recording an attempt computes from the tries and results read before it."""

    stars: int
    mistakes: int
    kept: dict[str, tuple[str, int, bool]]
    lesson_stars: dict[str, int]
    raises: bool
    finishes: bool


def _plan(lesson, puzzle, verdict, hint_used, latest, results) -> _Plan:
    round_so_far = list(takewhile(lambda row: row[0] != Result.CORRECT, latest))
    kept = {row[0]: row for row in results}
    lesson_stars = {id_: stars for id_, stars, solved in kept.values() if solved}
    mistakes = len(round_so_far)
    solved = verdict == Result.CORRECT
    stars = stars_for(mistakes, hint_used or any(used for _, used in round_so_far))
    # A solve that raises nothing writes nothing more: the UPDATE would match no row.
    raises = solved and (puzzle not in kept or kept[puzzle][1] < stars)
    finishes = False
    if solved:
        first_solve = puzzle not in lesson_stars
        lesson_stars[puzzle] = max(stars, lesson_stars.get(puzzle, 0))
        finishes = first_solve and _finishes(lesson, puzzle, lesson_stars)
    return _Plan(stars, mistakes, kept, lesson_stars, raises, finishes)


def _tries_before(attempt: Attempt) -> list[tuple[str, bool]]:
    """The MISTAKES_COUNTED tries at the attempt's puzzle just before it, newest first, as
    the history read before it had them (only an answer sent twice reads this)."""
    earlier = Q(created_at__lt=attempt.created_at) | Q(
        created_at=attempt.created_at, id__lt=attempt.id
    )
    return list(
        Attempt.objects.filter(earlier, learner_id=attempt.learner_id, puzzle=attempt.puzzle)
        .order_by("-created_at", "-id")
        .values_list("verdict", "hint_used")[:MISTAKES_COUNTED]
    )


def _finishes(slug: str, puzzle: str, lesson_stars: Mapping[str, int]) -> bool:
    """Whether ``puzzle``, just solved, is the last unsolved puzzle of the lesson ``slug``."""
    found = get_curriculum().lesson(slug)
    ids = puzzle_ids(found) if found is not None else []
    return puzzle in ids and first_unsolved(ids, lesson_stars) is None


def _keep_best(learner: Learner, lesson: str, puzzle: str, stars: int, *, exists: bool) -> None:
    """Store a solve's stars as the puzzle's result unless a better one is kept. Two tabs
    solving at once cannot lower the stars: the UPDATE only ever raises them, and a lost
    race to create the row becomes that UPDATE."""
    now = timezone.now()
    if not exists:
        try:
            with transaction.atomic():
                PuzzleResult.objects.create(
                    learner=learner,
                    lesson=lesson,
                    puzzle=puzzle,
                    stars=stars,
                    solved_at=now,
                    updated_at=now,
                )
            return
        except IntegrityError:  # the other tab created it first
            pass
    PuzzleResult.objects.filter(learner=learner, puzzle=puzzle, stars__lt=stars).update(
        stars=stars, solved_at=Coalesce("solved_at", Value(now)), updated_at=now
    )


def stars_by_puzzle(learner: Learner | None) -> dict[str, int]:
    """Each solved puzzle's best stars, in one query; empty for a visitor with no learner."""
    if learner is None:
        return {}
    return statements.solved_stars(learner.pk)


@dataclass(frozen=True)
class LessonProgress:
    """How far a learner is in one lesson."""

    solved: int
    total: int
    stars_earned: int

    @property
    def complete(self) -> bool:
        return self.total > 0 and self.solved == self.total

    @property
    def stars(self) -> int:
        """The lesson's stars, 0–3: none until every puzzle is solved, then the rounded mean."""
        if not self.complete:
            return 0
        return min(MAX_STARS, (2 * self.stars_earned + self.total) // (2 * self.total))

    @property
    def percent(self) -> int:
        return 100 * self.solved // self.total if self.total else 0


def lesson_progress(puzzle_ids: Iterable[str], stars: Mapping[str, int]) -> LessonProgress:
    """Progress through the puzzles `puzzle_ids`, given the learner's `stars_by_puzzle`."""
    ids = list(puzzle_ids)
    earned = [stars[puzzle_id] for puzzle_id in ids if puzzle_id in stars]
    return LessonProgress(solved=len(earned), total=len(ids), stars_earned=sum(earned))


def first_unsolved(puzzle_ids: Iterable[str], stars: Mapping[str, int]) -> str | None:
    """The first puzzle not yet solved, or None when all are."""
    return next((puzzle_id for puzzle_id in puzzle_ids if puzzle_id not in stars), None)


@dataclass(frozen=True)
class MapEntry:
    """One lesson on the lesson map, with the learner's progress in it."""

    lesson: Lesson
    progress: LessonProgress
    is_next: bool


@dataclass(frozen=True)
class MapGroup:
    key: str
    title: str
    entries: list[MapEntry]


def next_unfinished(curriculum: Curriculum, stars: Mapping[str, int]) -> Lesson | None:
    """The next lesson: the first unfinished one in teaching order (the map's 「下一課」, and
    the one a finished lesson's summary offers)."""
    return next(
        (
            lesson
            for lesson in curriculum.lessons
            if not lesson_progress(puzzle_ids(lesson), stars).complete
        ),
        None,
    )


def lesson_map(curriculum: Curriculum, stars: Mapping[str, int]) -> list[MapGroup]:
    """The lessons in teaching order under their groups; the first unfinished one is next."""
    following = next_unfinished(curriculum, stars)
    next_slug = following.slug if following else None
    groups = []
    for key, title in GROUPS:
        entries = [
            MapEntry(lesson, lesson_progress(puzzle_ids(lesson), stars), lesson.slug == next_slug)
            for lesson in curriculum.lessons
            if lesson.group == key
        ]
        if entries:
            groups.append(MapGroup(key, title, entries))
    return groups


def puzzle_ids(lesson: Lesson) -> list[str]:
    return [puzzle.id for puzzle in lesson.puzzles]
