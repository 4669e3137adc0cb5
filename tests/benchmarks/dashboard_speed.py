"""Render time of a teacher's class dashboard: 40 students × 18 lessons, 20,000 attempts.

Run: .venv/bin/python tests/benchmarks/dashboard_speed.py [RUNS] [SEED]
Builds the class in a throw-away SQLite database (or DATABASE_URL, if set, e.g. a
PostgreSQL scratch database), renders the dashboard RUNS times through Django's
test client, and prints the queries per render and the median and slowest times
in ms. Target: under 200 ms.

When the curriculum has fewer than 18 lessons, made-up lessons of 12 puzzles
fill the grid up to 18 (the dashboard is timed, not the content).
"""

import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

STUDENTS = 40
LESSONS = 18
ATTEMPTS = 20_000
REASONS = [
    "PATH_BLOCKED",
    "NOT_HOW_IT_MOVES",
    "CASTLING_THROUGH_ATTACK",
    "PINNED",
    "KING_INTO_ATTACK",
]


def eighteen_lessons():
    from tutor.people.lesson_index import LessonInfo, all_lessons

    lessons = all_lessons()[:LESSONS]
    for n in range(len(lessons), LESSONS):
        ids = tuple(f"extra-{n}-{p}" for p in range(12))
        lessons.append(LessonInfo(f"extra-{n}", f"Extra {n}", ids))
    return lessons


def build_class(lessons, *, students=STUDENTS, attempts=ATTEMPTS, seed=20261129):
    """A teacher with one class of `students`, their results, and `attempts` attempts."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from lessons.models import Attempt, Learner, PuzzleResult
    from tutor.people.models import Classroom, Student

    rng = random.Random(seed)
    teacher = get_user_model().objects.create_user("bench-teacher", password="x" * 20)
    classroom = Classroom.objects.create(teacher=teacher, name="Benchmark class")
    learners = Learner.objects.bulk_create(
        [Learner(nickname=f"學生{n:02d}", avatar="N") for n in range(students)]
    )
    Student.objects.bulk_create(
        [
            Student(classroom=classroom, learner=learner, secret_first="sun", secret_second="moon")
            for learner in learners
        ]
    )
    now = timezone.now()
    puzzles = [(lesson.slug, puzzle) for lesson in lessons for puzzle in lesson.puzzle_ids]
    rows = []
    for _ in range(attempts):
        lesson, puzzle = rng.choice(puzzles)
        verdict = rng.choices(["correct", "illegal", "incorrect"], [5, 3, 2])[0]
        rows.append(
            Attempt(
                learner=rng.choice(learners),
                lesson=lesson,
                puzzle=puzzle,
                answer="e2e4",
                verdict=verdict,
                reason=rng.choice(REASONS) if verdict == "illegal" else "",
                fen="4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1",
                created_at=now - timedelta(minutes=rng.randrange(60 * 24 * 30)),
            )
        )
    Attempt.objects.bulk_create(rows, batch_size=2000)
    solved = {(a.learner_id, a.lesson, a.puzzle) for a in rows if a.verdict == "correct"}
    PuzzleResult.objects.bulk_create(
        [
            PuzzleResult(
                learner_id=learner_id,
                lesson=lesson,
                puzzle=puzzle,
                stars=rng.randint(1, 3),
                solved_at=now,
            )
            for learner_id, lesson, puzzle in solved
        ],
        batch_size=2000,
    )
    return teacher, classroom


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261129
    scratch = tempfile.mkdtemp(prefix="dashboard-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    call_command("migrate", verbosity=0)
    lessons = eighteen_lessons()
    import tutor.people.dashboards

    tutor.people.dashboards.all_lessons = lambda: lessons
    teacher, classroom = build_class(lessons, seed=seed)
    client = Client()
    client.force_login(teacher)
    url = reverse("people:class_dashboard", args=[classroom.pk])
    client.get(url)  # warm: templates compiled, curriculum loaded
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    queries = len(captured)  # read now: the next request clears the log
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    median = statistics.median(times)
    print(
        f"class dashboard, {STUDENTS} students × {len(lessons)} lessons, {ATTEMPTS} attempts "
        f"({connection.vendor}): {queries} queries; median {median:.1f} ms, "
        f"slowest {max(times):.1f} ms over {runs} renders"
    )


if __name__ == "__main__":
    main()
