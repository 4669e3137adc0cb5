"""What the grown-ups see, computed in a fixed number of queries whatever the class size.

Stars and completion come from lessons.progress (the same rules as the lesson
map); mistakes are the learners' wrong answers of every kind grouped by the rule they
broke (people.reports.misconceptions), each with its latest example said in words.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cached_property

from django.db.models import Count, Max, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext

import rules
from board.component import BoardView, board_context, piece_placement
from lessons.models import (
    ActivityDay,
    Attempt,
    Learner,
    LessonTally,
    MistakeTally,
    Result,
    local_day,
)
from lessons.progress import LessonProgress, lesson_progress, stars_by_puzzle
from people.models import Assignment, Classroom, Student
from people.reports.answers_in_words import answer_in_words
from people.reports.lesson_index import LessonInfo, all_lessons, lesson_url
from people.reports.misconceptions import Misconception, lesson_misconception, misconception_for

ACTIVITY_DAYS = 7
UCI_MOVE = rules.PLAYED_UCI_PATTERN


@dataclass(frozen=True)
class LessonStars:
    lesson: LessonInfo
    progress: LessonProgress

    @property
    def level(self) -> str:
        return progress_level(self.progress)


def progress_level(progress: LessonProgress) -> str:
    """none, started, done (every puzzle solved) or mastered (done with three stars)."""
    if progress.complete:
        return "mastered" if progress.stars == 3 else "done"
    return "started" if progress.solved else "none"


def stars_per_lesson(learner: Learner) -> list[LessonStars]:
    stars = stars_by_puzzle(learner)
    return [
        LessonStars(lesson, lesson_progress(lesson.puzzle_ids, stars)) for lesson in all_lessons()
    ]


@dataclass(frozen=True)
class Trip:
    """A rule tripped over `count` times by `learners` (their nicknames: a class counts
    children, not tries), with the latest wrong answer as an example."""

    misconception: Misconception
    count: int
    example_fen: str
    example_answer: str
    example_puzzle: str = ""
    learners: tuple[str, ...] = ()

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
    learners: dict[int, str] = field(default_factory=dict)

    def add(self, count: int, latest: int, learner_id: int, nickname: str) -> None:
        self.count += count
        self.latest = max(self.latest, latest)
        self.learners[learner_id] = nickname


def rules_tripped_over(learner_ids: Iterable[int], limit: int = 5) -> list[Trip]:
    """Every wrong answer that broke a rule, grouped by the rule, the rule most learners
    tripped over first (then the most tries): an illegal move by the engine's Reason, a
    wrong answer by the Fact that shows it wrong, and one with neither (a text question) by
    its lesson's rule. A legal move that missed the goal broke no rule: it is not counted.
    Two queries whatever the history: the learners' running totals (MistakeTally, a row per
    learner and rule, with the learner's nickname) joined to the answers with no code
    (reasonless_mistakes), then the latest example of each rule shown."""
    coded = (
        MistakeTally.objects.filter(learner_id__in=learner_ids, count__gt=0)
        .exclude(reason="")
        .values("reason", "lesson", "learner_id", "learner__nickname")
        .annotate(total=Sum("count"), newest=Max("latest"))
        .order_by()
    )
    counted = coded.union(reasonless_mistakes(learner_ids), all=True)
    tallies: dict[tuple[str, str], _Tally] = {}
    for row in counted:
        if row["reason"]:
            misconception = misconception_for(row["reason"])
        else:
            misconception = lesson_misconception(row["lesson"])
        key = (str(misconception.title), misconception.lesson)
        tallies.setdefault(key, _Tally(misconception)).add(
            row["total"], row["newest"], row["learner_id"], row["learner__nickname"]
        )
    ranked = sorted(tallies.values(), key=lambda t: (-len(t.learners), -t.count, -t.latest))[:limit]
    examples = Attempt.objects.only("fen", "answer", "puzzle").in_bulk([t.latest for t in ranked])
    gone = Attempt(fen="", answer="", puzzle="")  # its attempt deleted since: no example
    return [
        Trip(
            t.misconception,
            t.count,
            examples.get(t.latest, gone).fen,
            examples.get(t.latest, gone).answer,
            examples.get(t.latest, gone).puzzle,
            tuple(sorted(t.learners.values())),
        )
        for t in ranked
    ]


def reasonless_mistakes(learner_ids: Iterable[int]) -> QuerySet:
    """The wrong answers no engine code names, by learner and lesson, as MistakeTally's rows
    are read, leaving out the moves: a move with no Reason was legal, and missed the goal
    (an illegal move always has one). On the (learner, verdict, reason) index."""
    return (
        Attempt.objects.filter(learner_id__in=learner_ids, verdict__in=WRONG, reason="")
        .exclude(answer__regex=UCI_MOVE.pattern)
        .values("reason", "lesson", "learner_id", "learner__nickname")
        .annotate(total=Count("pk"), newest=Max("pk"))
        .order_by()
    )


@dataclass(frozen=True, slots=True)
class ClassMember:
    """A student as the class pages list them: values, not model instances (a class of 200
    would make 400: its students and their learners)."""

    pk: int  # the Student's
    learner_id: int
    nickname: str

    @classmethod
    def of(cls, student: Student) -> "ClassMember":
        return cls(student.pk, student.learner_id, student.learner.nickname)


def class_members(classroom: Classroom) -> list[ClassMember]:
    """The class's students in seat order (one query, values only)."""
    rows = classroom.students.values_list("pk", "learner_id", "learner__nickname")
    return [ClassMember(*row) for row in rows]


@dataclass
class GridRow:
    """A student's row of the class grid: for each lesson the puzzles solved and the stars
    they earned (`done`, by lesson slug; a lesson with none solved is absent)."""

    student: ClassMember
    lessons: list[LessonInfo]
    done: dict[str, tuple[int, int]] = field(default_factory=dict)

    def progress(self, lesson: LessonInfo) -> LessonProgress:
        solved, earned = self.done.get(lesson.slug, (0, 0))
        return LessonProgress(solved, len(lesson.puzzle_ids), earned)

    @cached_property
    def cells(self) -> list[LessonStars]:
        return [LessonStars(lesson, self.progress(lesson)) for lesson in self.lessons]

    def cell(self, slug: str) -> LessonStars | None:
        return next((cell for cell in self.cells if cell.lesson.slug == slug), None)


def class_grid(
    students: list[ClassMember],
    lessons: list[LessonInfo],
    learner_ids: Iterable[int] | None = None,
) -> list[GridRow]:
    """Students × lessons, each cell the student's progress in the lesson (one query on the
    learners' running totals per lesson, LessonTally: a row per cell, not per puzzle).
    `learner_ids` may give the students' learners as a subquery."""
    # Every lesson of the learners, read in order of the (learner, lesson) key: a lesson no
    # longer taught is a row read and never shown, cheaper than a key lookup per cell.
    counted = LessonTally.objects.filter(
        learner_id__in=[s.learner_id for s in students] if learner_ids is None else learner_ids,
        solved__gt=0,
    ).values_list("learner_id", "lesson", "solved", "stars")
    done: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for learner_id, slug, solved, stars in counted:
        done[learner_id][slug] = (solved, stars)
    return [GridRow(student, lessons, done[student.learner_id]) for student in students]


@dataclass(frozen=True)
class DayActivity:
    day: date
    attempts: int
    learners: int


def recent_activity(learner_ids: Iterable[int], days: int = ACTIVITY_DAYS) -> list[DayActivity]:
    """Attempts and active learners on each of the last `days` days, today last (one query on
    the learners' running totals per day, ActivityDay: at most `days` rows per learner)."""
    today = local_day(timezone.now())
    first = today - timedelta(days=days - 1)
    rows = (
        ActivityDay.objects.filter(learner_id__in=learner_ids, day__gte=first, attempts__gt=0)
        .values("day")
        .annotate(attempts=Sum("attempts"), learners=Count("learner_id"))
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
    finished: list[ClassMember]  # the lesson finished, or the rule mastered (until_mastered)
    total: int


def assignment_statuses(
    assignments: Iterable[Assignment],
    members: list[ClassMember],
    lessons: dict[str, LessonInfo],
    finished: Callable[[Assignment], set[int]],
) -> list[AssignmentStatus]:
    """Each assignment and who in the class has done it: ``finished(assignment)`` gives the
    learner ids who finished its lesson, or for "until mastered", mastered its rule."""
    statuses = []
    for assignment in assignments:
        done = finished(assignment)
        statuses.append(
            AssignmentStatus(
                assignment,
                lessons.get(assignment.lesson),
                [member for member in members if member.learner_id in done],
                len(members),
            )
        )
    return statuses


def finished_in_grid(grid: list[GridRow], slug: str) -> set[int]:
    """The learners of `grid` who finished the lesson `slug`."""
    return {
        row.student.learner_id
        for row in grid
        if (cell := row.cell(slug)) is not None and cell.progress.complete
    }


def lessons_finished(learner_ids: Iterable[int], lessons: list[LessonInfo]) -> dict[str, set[int]]:
    """For each of `lessons`, the learners (ids; `learner_ids` may be a subquery) who have
    finished it (one query on the running totals, LessonTally)."""
    totals = {lesson.slug: len(lesson.puzzle_ids) for lesson in lessons}
    rows = LessonTally.objects.filter(
        learner_id__in=learner_ids, lesson__in=list(totals), solved__gt=0
    ).values_list("learner_id", "lesson", "solved")
    finished: dict[str, set[int]] = {slug: set() for slug in totals}
    for learner_id, slug, solved in rows:
        if LessonProgress(solved, totals[slug], 0).complete:
            finished[slug].add(learner_id)
    return finished


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
    if not attempt.reason and UCI_MOVE.match(attempt.answer):
        return None  # a legal move that missed the goal: no rule broken
    if attempt.reason:
        return misconception_for(attempt.reason)
    return lesson_misconception(attempt.lesson)
