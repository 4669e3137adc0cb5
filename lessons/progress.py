"""A learner's progress: recording attempts, stars per puzzle, summaries per lesson.

Model logic only, no HTTP. Stars for one solve: three for a first-try solve
without a hint, two after one mistake or a hint, one otherwise. A puzzle keeps
its best result; a revisit can raise the stars, never lower them.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from curriculum.loading import GROUPS, Curriculum, Lesson
from curriculum.outcome import RECORDED
from lessons.models import Attempt, Learner, PuzzleResult, Result

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


@dataclass(frozen=True)
class Recorded:
    """What recording one attempt produced: the attempt, the stars if it solved the puzzle,
    and the wrong tries since the puzzle was last solved (this one included)."""

    attempt: Attempt
    stars: int | None
    mistakes: int = 0


@transaction.atomic
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
) -> Recorded:
    """Store one attempt; on a correct one, store the stars and keep the best result."""
    if verdict not in dict(RECORDED):
        raise ValueError(f"unknown verdict {verdict!r}")
    # Stars count the tries since the puzzle was last solved: a revisit starts afresh.
    this_round = Attempt.objects.filter(learner=learner, puzzle=puzzle)
    last_solve = this_round.filter(verdict=Result.CORRECT).order_by("-created_at", "-pk").first()
    if last_solve is not None:
        this_round = this_round.filter(pk__gt=last_solve.pk)
    earlier = list(this_round.values_list("verdict", "hint_used"))
    attempt = Attempt.objects.create(
        learner=learner,
        lesson=lesson,
        puzzle=puzzle,
        answer=answer[:200],
        verdict=verdict,
        reason=reason[:40],
        fen=fen[:100],
        hint_used=hint_used,
    )
    mistakes = sum(1 for earlier_verdict, _ in earlier if earlier_verdict != Result.CORRECT)
    if verdict != Result.CORRECT:
        return Recorded(attempt, None, mistakes + 1)
    hinted = hint_used or any(used for _, used in earlier)
    stars = stars_for(mistakes, hinted)
    now = timezone.now()
    result, created = PuzzleResult.objects.select_for_update().get_or_create(
        learner=learner,
        puzzle=puzzle,
        defaults={"lesson": lesson, "stars": stars, "solved_at": now, "updated_at": now},
    )
    if not created and stars > result.stars:
        result.stars = stars
        result.solved_at = result.solved_at or now
        result.updated_at = now
        result.save(update_fields=["stars", "solved_at", "updated_at"])
    return Recorded(attempt, stars, mistakes)


def stars_by_puzzle(learner: Learner | None) -> dict[str, int]:
    """Each solved puzzle's best stars, in one query; empty for a visitor with no learner."""
    if learner is None:
        return {}
    return dict(
        PuzzleResult.objects.filter(learner=learner, solved_at__isnull=False).values_list(
            "puzzle", "stars"
        )
    )


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


def lesson_map(curriculum: Curriculum, stars: Mapping[str, int]) -> list[MapGroup]:
    """The lessons in teaching order under their groups; the first unfinished one is next."""
    next_slug = next(
        (
            lesson.slug
            for lesson in curriculum.lessons
            if not lesson_progress(puzzle_ids(lesson), stars).complete
        ),
        None,
    )
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
