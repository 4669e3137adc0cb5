"""Render time of a teacher's class dashboard as history grows: 40 students × 20,000 attempts
against 200 students × 200,000 attempts, 18 lessons.

Run: .venv/bin/python tests/benchmarks/dashboard_speed.py [RUNS]
Builds both classes in one throw-away database (a temp SQLite file, or a temp PostgreSQL
database beside DATABASE_URL when set), renders the two dashboards in turn RUNS times
(default 15) through Django's test client, and prints each one's queries and median, and
the ratio of the medians. Targets: the large class ≤ 200 ms and ≤ 1.5× the small one.

When the curriculum has fewer than 18 lessons, made-up lessons of 12 puzzles fill the grid
up to 18 (the dashboard is timed, not the content).

The grids are paged (people.reports.grid_pages: 40 students a page, in seat order), so the
large class's timed page is its honest first page: the grids of its first 40 students, and
the misconceptions, the last 7 days and the assignments counted over all 200.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.scratch import (
    add_attempts,
    add_results,
    django_on_scratch,
    interleaved,
    median,
    ratio_line,
    verdict,
)
from tests.benchmarks.smoke import size

STUDENTS = size(40, 3)
LESSONS = 18
ATTEMPTS = size(20_000, 200)
LARGE_STUDENTS = size(200, 5)
LARGE_ATTEMPTS = size(200_000, 500)
TARGET_MS = 200
TARGET_RATIO = 1.5


def eighteen_lessons():
    from people.reports.lesson_index import LessonInfo, all_lessons

    lessons = all_lessons()[:LESSONS]
    for n in range(len(lessons), LESSONS):
        ids = tuple(f"extra-{n}-{p}" for p in range(12))
        lessons.append(LessonInfo(f"extra-{n}", f"Extra {n}", ids))
    return lessons


def build_class(
    lessons,
    *,
    students=STUDENTS,
    attempts=ATTEMPTS,
    seed=20261129,
    username="bench-teacher",
):
    """A teacher with one class of `students`, their results, and `attempts` attempts."""
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import Classroom, Student

    teacher = get_user_model().objects.create_user(username, password="x" * 20)
    classroom = Classroom.objects.create(teacher=teacher, name=f"Class of {username}")
    learners = Learner.objects.bulk_create(
        [Learner(nickname=f"學生{n:03d}", avatar="N") for n in range(students)]
    )
    Student.objects.bulk_create(
        [
            Student(classroom=classroom, learner=learner, secret_first="sun", secret_second="moon")
            for learner in learners
        ]
    )
    puzzles = [(lesson.slug, puzzle) for lesson in lessons for puzzle in lesson.puzzle_ids]
    add_results(add_attempts(learners, attempts, puzzles, seed=seed), seed=seed)
    return teacher, classroom


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    with django_on_scratch():
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        import people.views.dashboards
        from people.reports.grid_pages import GRID_PAGE

        lessons = eighteen_lessons()
        people.views.dashboards.all_lessons = lambda: lessons
        sizes = {
            f"{STUDENTS} students × {ATTEMPTS:,d} attempts": (STUDENTS, ATTEMPTS),
            f"{LARGE_STUDENTS} students × {LARGE_ATTEMPTS:,d} attempts": (
                LARGE_STUDENTS,
                LARGE_ATTEMPTS,
            ),
        }
        cases, queries = {}, {}
        for n, (label, (students, attempts)) in enumerate(sizes.items()):
            teacher, classroom = build_class(
                lessons, students=students, attempts=attempts, seed=n, username=f"teacher-{n}"
            )
            client = Client()
            client.force_login(teacher)
            url = reverse("people:class_dashboard", args=[classroom.pk])
            client.get(url)  # warm: templates compiled, curriculum loaded
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url)
            assert response.status_code == 200
            shown = response.content.decode().count('<th scope="row"><a href=')  # lessons grid
            assert shown == min(students, GRID_PAGE), shown  # the first page of the class
            queries[label] = len(captured)
            cases[label] = lambda client=client, url=url: client.get(url)
        times = interleaved(cases, runs)
        for label in cases:
            print(
                f"class dashboard, {label} ({connection.vendor}): {queries[label]} queries; "
                f"{times[label].summary()}"
            )
        small, large = times.values()
        print(ratio_line("class dashboard, large ÷ small", small, large, TARGET_RATIO, runs))
        print(
            f"class dashboard, large: {median(large.wall):.1f} ms "
            f"({verdict(median(large.wall) <= TARGET_MS)} the {TARGET_MS} ms target)"
        )


if __name__ == "__main__":
    main()
