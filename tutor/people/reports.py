"""What the grown-ups see, computed in a fixed number of queries whatever the class size.

Stars and completion come from lessons.progress (the same rules as the lesson
map); mistakes are the learners' wrong answers of every kind grouped by the rule they
broke (tutor.people.misconceptions), each with its latest example said in words.
"""

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db.models import Count, Max, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

import rules
from board.component import BoardView, board_context, piece_placement
from lessons.models import Attempt, Learner, PuzzleResult, Result, local_day
from lessons.progress import LessonProgress, lesson_progress, stars_by_puzzle
from tutor.people.answers_in_words import answer_in_words
from tutor.people.lesson_index import LessonInfo, all_lessons, lesson_url
from tutor.people.misconceptions import Misconception, lesson_misconception, misconception_for
from tutor.people.models import Assignment, Classroom, Student

ACTIVITY_DAYS = 7
UCI_MOVE = rules.PLAYED_UCI_PATTERN


@dataclass(frozen=True)
class LessonStars:
    lesson: LessonInfo
    progress: LessonProgress

    @property
    def level(self) -> str:
        """none, started, done (every puzzle solved) or mastered (done with three stars)."""
        if self.progress.complete:
            return "mastered" if self.progress.stars == 3 else "done"
        return "started" if self.progress.solved else "none"


def stars_per_lesson(learner: Learner) -> list[LessonStars]:
    stars = stars_by_puzzle(learner)
    return [
        LessonStars(lesson, lesson_progress(lesson.puzzle_ids, stars)) for lesson in all_lessons()
    ]


@dataclass(frozen=True)
class Trip:
    """A rule tripped over `count` times, with the latest wrong answer as an example."""

    misconception: Misconception
    count: int
    example_fen: str
    example_answer: str
    example_puzzle: str = ""

    @property
    def moved_piece(self) -> str:
        """The letter of the piece the example move picked up, or "" when unreadable."""
        if not self.example_fen or not UCI_MOVE.match(self.example_answer):
            return ""
        try:
            return piece_placement(self.example_fen).get(self.example_answer[:2], "")
        except ValueError:
            return ""

    @property
    def lesson_url(self) -> str:
        lesson = self.misconception.lesson_for(self.moved_piece)
        return lesson_url(lesson) if lesson else ""

    @property
    def example_in_words(self) -> str:
        """The latest wrong answer as a grown-up reads it (never a move code)."""
        return answer_in_words(self.example_puzzle, self.example_fen, self.example_answer)

    @property
    def board(self) -> BoardView | None:
        """The example position, drawn small; None when no position was kept."""
        if not self.example_fen:
            return None
        try:
            last_move = self.example_answer if UCI_MOVE.match(self.example_answer) else None
            return board_context(
                self.example_fen, mode="view", orientation="white", last_move=last_move
            )
        except ValueError:
            return None

    @property
    def board_label(self) -> str:
        said = self.example_in_words
        if said:
            return gettext("The position of the latest wrong answer: %(answer)s") % {"answer": said}
        return gettext("The position of the latest wrong answer")


WRONG = (Result.ILLEGAL, Result.INCORRECT)


@dataclass
class _Tally:
    misconception: Misconception
    count: int = 0
    latest: int = 0

    def add(self, count: int, latest: int) -> None:
        self.count += count
        self.latest = max(self.latest, latest)


def rules_tripped_over(learner_ids: list[int], limit: int = 5) -> list[Trip]:
    """Every kind of wrong answer grouped by the rule it broke, most frequent first (three
    queries, each read from the (learner, verdict, reason, lesson) index): an illegal move
    by the engine's Reason, a wrong answer by the Fact that shows it wrong, and one with
    neither (a text question, a legal move that misses the goal) by its lesson's rule."""
    wrong = Attempt.objects.filter(learner_id__in=learner_ids, verdict__in=WRONG)
    tallies: dict[tuple[str, str], _Tally] = {}

    def tally(misconception: Misconception, row: Mapping[str, int]) -> None:
        key = (str(misconception.title), misconception.lesson)
        found = tallies.setdefault(key, _Tally(misconception))
        found.add(row["count"], row["latest"])

    for row in _counted(wrong.exclude(reason=""), "reason"):
        tally(misconception_for(row["reason"]), row)
    for row in _counted(wrong.filter(reason=""), "lesson"):
        tally(lesson_misconception(row["lesson"]), row)
    ranked = sorted(tallies.values(), key=lambda t: (-t.count, -t.latest))[:limit]
    examples = Attempt.objects.only("fen", "answer", "puzzle").in_bulk([t.latest for t in ranked])
    return [
        Trip(
            t.misconception,
            t.count,
            examples[t.latest].fen,
            examples[t.latest].answer,
            examples[t.latest].puzzle,
        )
        for t in ranked
    ]


def _counted(attempts: QuerySet, by: str) -> QuerySet:
    return attempts.values(by).annotate(count=Count("id"), latest=Max("id")).order_by()


@dataclass
class GridRow:
    student: Student
    cells: list[LessonStars] = field(default_factory=list)

    def cell(self, slug: str) -> LessonStars | None:
        return next((cell for cell in self.cells if cell.lesson.slug == slug), None)


def class_grid(students: list[Student], lessons: list[LessonInfo]) -> list[GridRow]:
    """Students × lessons, each cell the student's progress in the lesson (one query)."""
    stars: dict[int, dict[str, int]] = defaultdict(dict)
    results = PuzzleResult.objects.filter(
        learner_id__in=[s.learner_id for s in students], solved_at__isnull=False
    ).values_list("learner_id", "puzzle", "stars")
    for learner_id, puzzle, puzzle_stars in results:
        stars[learner_id][puzzle] = puzzle_stars
    return [
        GridRow(
            student,
            [
                LessonStars(lesson, lesson_progress(lesson.puzzle_ids, stars[student.learner_id]))
                for lesson in lessons
            ],
        )
        for student in students
    ]


@dataclass(frozen=True)
class DayActivity:
    day: date
    attempts: int
    learners: int


def recent_activity(learner_ids: list[int], days: int = ACTIVITY_DAYS) -> list[DayActivity]:
    """Attempts and active learners on each of the last `days` days, today last (one query on
    the (learner, day) index: no date is converted row by row)."""
    today = local_day(timezone.now())
    first = today - timedelta(days=days - 1)
    rows = (
        Attempt.objects.filter(learner_id__in=learner_ids, day__gte=first)
        .values("day")
        .annotate(attempts=Count("id"), learners=Count("learner_id", distinct=True))
        .order_by()
    )
    by_day = {row["day"]: row for row in rows}
    return [
        DayActivity(
            day,
            by_day.get(day, {}).get("attempts", 0),
            by_day.get(day, {}).get("learners", 0),
        )
        for day in (first + timedelta(days=n) for n in range(days))
    ]


@dataclass(frozen=True)
class AssignmentStatus:
    assignment: Assignment
    lesson: LessonInfo | None
    finished: list[Student]  # the lesson finished, or the rule mastered (until_mastered)
    total: int


def assignment_statuses(
    classroom: Classroom,
    grid: list[GridRow],
    lessons: dict[str, LessonInfo],
    mastered: Callable[[str], set[int]] = lambda rule: set(),
) -> list[AssignmentStatus]:
    """Each assignment of the class and who has done it (one query): finished its lesson,
    or for "until mastered", mastered its rule (``mastered(rule)``: the learner ids)."""
    statuses = []
    for assignment in classroom.assignments.all():
        if assignment.until_mastered:
            masters = mastered(assignment.lesson)
            finished = [row.student for row in grid if row.student.learner_id in masters]
            lesson = lessons.get(assignment.lesson)
            statuses.append(AssignmentStatus(assignment, lesson, finished, len(grid)))
            continue
        finished = [
            row.student
            for row in grid
            if (cell := row.cell(assignment.lesson)) is not None and cell.progress.complete
        ]
        lesson = lessons.get(assignment.lesson)
        statuses.append(AssignmentStatus(assignment, lesson, finished, len(grid)))
    return statuses


@dataclass(frozen=True)
class HistoryRow:
    """One attempt as the teacher's history table shows it: the puzzle by its number in
    the lesson, the answer in words, the rule a wrong answer broke."""

    attempt: Attempt
    number: int | None  # the puzzle's place in its lesson, None once removed
    answer: str
    misconception: Misconception | None


def attempt_history(learner: Learner, limit: int = 200) -> list[HistoryRow]:
    attempts = Attempt.objects.filter(learner=learner).order_by("-created_at", "-pk")[:limit]
    places = {
        puzzle_id: number
        for lesson in all_lessons()
        for number, puzzle_id in enumerate(lesson.puzzle_ids, start=1)
    }
    return [
        HistoryRow(
            attempt,
            places.get(attempt.puzzle),
            answer_in_words(attempt.puzzle, attempt.fen, attempt.answer),
            _broken(attempt),
        )
        for attempt in attempts
    ]


def _broken(attempt: Attempt) -> Misconception | None:
    if attempt.verdict not in WRONG:
        return None
    if attempt.reason:
        return misconception_for(attempt.reason)
    return lesson_misconception(attempt.lesson)
