"""An illegal move's answer after 50,000 earlier wrong tries on the same puzzle, against a
first illegal try.

Run: .venv/bin/python tests/benchmarks/illegal_after_tries.py [RUNS]   (default 30)

In one scratch database (SQLite, or a temp PostgreSQL database beside DATABASE_URL), one
learner has 50,000 wrong tries (illegal and incorrect, no solve) on the castling lesson's
first puzzle; the other side is a fresh learner each time, so every one of its posts is a
first try. Both post the same illegal move (e1e3) as htmx does, in turn, RUNS times,
through Django's test client. Prints the queries of each, both medians and the ratio.
Target: ≤ 1.2×.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.scratch import add_attempts, django_on_scratch, interleaved, ratio_line
from tests.benchmarks.smoke import size

LESSON, PUZZLE, ILLEGAL = "castling", "castling-short-first", "e1e3"
EARLIER = size(50_000, 100)
TARGET = 1.2
VETERAN = f"after {EARLIER:,d} wrong tries"
LEARNER_SESSION_KEY = "learner_id"  # lessons.learners' session key


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    with django_on_scratch():
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from lessons.models import Learner

        veteran = Learner.objects.create(nickname="老手")
        add_attempts([veteran], EARLIER, [(LESSON, PUZZLE)], weights=(0, 1, 1))
        url = f"/lessons/{LESSON}/{PUZZLE}/"
        body = {"mode": "move", "selected": ILLEGAL[:2], "square": ILLEGAL[2:]}
        clients = {VETERAN: Client(), "first try": Client()}
        for client in clients.values():
            client.get(f"/lessons/{LESSON}/")

        def use(client, learner_id):
            session = client.session
            session[LEARNER_SESSION_KEY] = learner_id
            session.save()

        def post(client):
            def case():
                response = client.post(url, body, HTTP_HX_REQUEST="true")
                assert response.status_code == 200, response.status_code

            return case

        prepare = {
            VETERAN: lambda: use(clients[VETERAN], veteran.pk),
            "first try": lambda: use(clients["first try"], Learner.objects.create().pk),
        }
        for label, client in clients.items():
            prepare[label]()
            with CaptureQueriesContext(connection) as captured:
                post(client)()
            print(f"illegal move, {label} ({connection.vendor}): {len(captured)} queries")
        times = interleaved({label: post(c) for label, c in clients.items()}, runs, prepare)
    for label, timing in times.items():
        print(f"  illegal move, {label}: {timing.summary()}")
    first, veteran_times = times["first try"], times[VETERAN]
    print(
        ratio_line(
            f"illegal move, after {EARLIER:,d} tries ÷ first try",
            first,
            veteran_times,
            TARGET,
            runs,
        )
    )


if __name__ == "__main__":
    main()
