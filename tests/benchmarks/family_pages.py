"""「現在誰在學？」 (/who/) and the parent page (/parent/) as a family's history grows:
one child with 200 attempts against five children with 20,000 attempts between them.

Run: .venv/bin/python tests/benchmarks/family_pages.py [RUNS]   (default 30)

Both families live in one scratch database (SQLite, or a temp PostgreSQL database beside
DATABASE_URL); each page is rendered for both parents in turn, RUNS times, through Django's
test client. Prints each page's queries and medians, and the large ÷ small ratio.
Target: ≤ 1.5× for each page.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.scratch import (
    add_attempts,
    add_results,
    django_on_scratch,
    interleaved,
    ratio_line,
)
from tests.benchmarks.smoke import size

SMALL, LARGE = (1, 200), (5, size(20_000, 300))
FAMILIES = {"1 child × 200 attempts": SMALL, f"5 children × {LARGE[1]:,d} attempts": LARGE}
PAGES = {"/who/": "people:who_is_learning", "/parent/": "people:parent_home"}
TARGET = 1.5


def build_family(name: str, children: int, attempts: int, seed: int):
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import ChildProfile, GrownUp
    from people.reports.lesson_index import all_lessons

    parent = get_user_model().objects.create_user(name, password="x" * 20)
    GrownUp.objects.create(user=parent)
    learners = [Learner.objects.create(nickname=f"孩子{n}", avatar="N") for n in range(children)]
    for learner in learners:
        ChildProfile.objects.create(parent=parent, learner=learner)
    puzzles = [(lesson.slug, puzzle) for lesson in all_lessons() for puzzle in lesson.puzzle_ids]
    add_results(add_attempts(learners, attempts, puzzles, seed=seed), seed=seed)
    return parent


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    with django_on_scratch():
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        clients = {}
        for n, (label, (children, attempts)) in enumerate(FAMILIES.items()):
            client = Client()
            client.force_login(build_family(f"parent-{n}", children, attempts, seed=n))
            clients[label] = client
        for page, name in PAGES.items():
            url = reverse(name)
            cases = {}
            for label, client in clients.items():
                with CaptureQueriesContext(connection) as captured:
                    assert client.get(url).status_code == 200
                print(f"{page}, {label} ({connection.vendor}): {len(captured)} queries")
                cases[label] = lambda client=client, url=url: client.get(url)
            times = interleaved(cases, runs)
            for label, timing in times.items():
                print(f"  {page}, {label}: {timing.summary()}")
            small, large = times.values()
            print(
                ratio_line(
                    f"{page}, 5 children × {LARGE[1]:,d} ÷ 1 × 200", small, large, TARGET, runs
                )
            )


if __name__ == "__main__":
    main()
