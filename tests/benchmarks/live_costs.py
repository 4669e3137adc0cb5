"""What each request of a live lesson costs in CPU, in-process: the school's cost model.

Run: .venv/bin/python tests/benchmarks/live_costs.py [REQUESTS]
     DATABASE_URL=postgres://… .venv/bin/python tests/benchmarks/live_costs.py (PostgreSQL)

Django with the site's settings (tests.settings: DEBUG off, static files unhashed) on a
scratch database (scratch.django_on_scratch); a class of 30 with a live lesson; each
request a phone or a teacher sends in a round, through Django's test client as htmx sends
it (gzip accepted), REQUESTS times (default 300) in turns A B A B (scratch.interleaved).
Prints the median CPU time of each, beside /healthz. CPU time of this one process: the
figure holds on a busy machine better than wall time. Each request is framed as gunicorn
frames it: the connection kept (CONN_MAX_AGE 60, tutor.settings' default; tests.settings
closes it after each request) and Django's request_started and request_finished handlers
run around it (`close_old_connections`: the test client leaves them out), so the health
check's statement (CONN_HEALTH_CHECKS) is counted as it is sent. On PostgreSQL it also
prints the mean CPU of the connection's server process for each request (its
/proc/PID/schedstat, in ns: the server is on this machine); nginx's is not in it
(school_load.py measures the whole).

With the counts of one round of school_load.py (1,200 phones, 40 lessons) it also prints
the CPU a round of the whole school asks of the app: the sum of count × cost.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import scratch, smoke

H = {"HX-Request": "true", "Accept-Encoding": "gzip"}
KNIGHT = "knight/knight-crowded-corner"
ANSWER = "/lessons/knight/knight-crowded-corner/"
ROUND_SECONDS = 18  # school_load.py's
SERVED_CONN_MAX_AGE = 60  # tutor.settings' default
# One round of school_load.py's school: how many of each request (1,200 phones polling
# every 2 s for 18 s: 9 polls each, 2 of them changed, the first bringing the puzzle with
# the round; 40 lessons' teachers, 2 windows).
SCHOOL_ROUND = {
    "phone poll, nothing new (204)": 1200 * 7,
    "phone poll, the round appears (200)": 1200,
    "answer": 1200,
    "phone poll, the reveal (200)": 1200,
    "presenter panel (200)": 40 * 9,
    "audience stage (200)": 40 * 9,
    "presenter page (after each click)": 40 * 2,
}


def set_up():
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from lessons.models import Learner
    from live.models import LiveSession
    from people.models import Classroom, GrownUp, Student

    teacher = get_user_model().objects.create_user("costs-teacher", password="x" * 20)
    GrownUp.objects.create(user=teacher, here_for="class")
    classroom = Classroom.objects.create(teacher=teacher, name="costs")
    students = [
        Student.objects.create(
            classroom=classroom,
            learner=Learner.objects.create(nickname=f"s{n}"),
            secret_first="sun",
            secret_second="moon",
            seat_number=n + 1,
        )
        for n in range(30)
    ]
    presenter = Client()
    presenter.force_login(teacher)
    presenter.post(reverse("live:class_live", args=[classroom.pk]))
    session = LiveSession.objects.get(classroom=classroom)
    phones = []
    for student in students:
        phone = Client()
        phone.post(
            reverse("people:pick_secret", args=[classroom.join_code, student.pk]),
            {"first": "sun", "second": "moon"},
        )
        phones.append(phone)
    return presenter, session, phones


def token(client) -> str:
    from django.urls import reverse

    page = client.get(reverse("live:student")).content.decode()
    return re.search(r'data-live-state="([^"]+)"', page).group(1)


def main() -> int:
    requests = int(sys.argv[1]) if len(sys.argv) > 1 else smoke.size(300, 5)
    with scratch.django_on_scratch() as url:
        from django.db import connection
        from django.urls import reverse

        connection.close()  # opened again with the kept connection's age, as served
        connection.settings_dict["CONN_MAX_AGE"] = SERVED_CONN_MAX_AGE
        presenter, session, phones = set_up()
        poll = reverse("live:student_round")
        before = token(phones[0])
        presenter.post(reverse("live:put_puzzle", args=[session.pk]), {"puzzle": KNIGHT})
        now = token(phones[0])
        for phone in phones[2:12]:
            phone.post(ANSWER, {"mode": "move", "played": "", "typed": "a1b3"}, headers=H)
        panel = reverse("live:panel", args=[session.pk])
        stage = reverse("live:stage", args=[session.pk])
        open_cases = {
            "/healthz": lambda: phones[0].get("/healthz"),
            "phone poll, nothing new (204)": lambda: phones[0].get(poll, {"state": now}, headers=H),
            "phone poll, the round appears (200)": lambda: phones[0].get(
                poll, {"state": before}, headers=H
            ),
            "answer": lambda: phones[1].post(
                ANSWER, {"mode": "move", "played": "", "typed": "a2a3"}, headers=H
            ),
            "presenter panel (200)": lambda: presenter.get(panel, headers=H),
            "audience stage (200)": lambda: presenter.get(stage, headers=H),
        }
        costs, server = run(open_cases, requests)
        shown = token(phones[2])  # each phone polls with its own page's token
        presenter.post(reverse("live:reveal", args=[session.pk]))
        revealed = {
            "phone poll, the reveal (200)": lambda: phones[2].get(
                poll, {"state": shown}, headers=H
            ),
            "presenter page (after each click)": lambda: presenter.get(
                reverse("live:projector", args=[session.pk])
            ),
        }
        revealed_costs, revealed_server = run(revealed, max(1, requests // 5))
        costs |= revealed_costs
        server |= revealed_server
        engine = "PostgreSQL" if url.startswith("postgres") else "SQLite"
        print(f"CPU a request, in-process ({engine}, median of turns):")
        for label, cost in costs.items():
            beside = f" (the database server's process: {server[label]:.2f} ms)" if server else ""
            print(f"  {label}: {cost:.2f} ms{beside}")
        total = sum(SCHOOL_ROUND[label] * costs[label] for label in SCHOOL_ROUND) / 1000
        print(
            f"one {ROUND_SECONDS} s round of 40 lessons × 30 phones asks the app {total:.1f} s "
            f"CPU: {total / ROUND_SECONDS:.2f} cores (nginx and the database beside it)"
        )
        if server:
            database = sum(SCHOOL_ROUND[label] * server[label] for label in SCHOOL_ROUND) / 1000
            print(
                f"and the database server's process {database:.1f} s CPU: "
                f"{database / ROUND_SECONDS:.2f} cores"
            )
        for label in SCHOOL_ROUND:
            share = SCHOOL_ROUND[label] * costs[label] / 1000 / total * 100
            print(f"  {label}: {SCHOOL_ROUND[label]} × {costs[label]:.2f} ms = {share:.0f} %")
    return 0


def run(cases: dict, requests: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each case once to warm, then `requests` turns of every case in turn (as
    scratch.interleaved): the median CPU of each case's request in this process (ms), and
    the mean CPU of the database server's process for it (ms; empty on SQLite)."""
    from django.db import close_old_connections

    cpu = {label: [] for label in cases}
    server_ns = dict.fromkeys(cases, 0)
    for turn in range(requests + 1):
        for label, case in cases.items():
            server_before = server_cpu_ns()
            started = time.process_time()
            close_old_connections()  # request_started, as WSGIHandler sends it
            case()
            close_old_connections()  # request_finished
            spent = (time.process_time() - started) * 1000
            if turn:  # the first turn warms
                cpu[label].append(spent)
                server_ns[label] += server_cpu_ns() - server_before
    costs = {label: scratch.median(times) for label, times in cpu.items()}
    if server_cpu_ns() == 0:
        return costs, {}
    return costs, {label: total / requests / 1e6 for label, total in server_ns.items()}


def server_cpu_ns() -> int:
    """The CPU the kept connection's PostgreSQL process has used (ns), 0 on SQLite."""
    from django.db import connection

    if connection.vendor != "postgresql" or connection.connection is None:
        return 0
    pid = connection.connection.info.backend_pid
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])


if __name__ == "__main__":
    sys.exit(main())
