"""A whole school's roster through the import: STUDENTS students in classes of 30.

Run: .venv/bin/python tests/benchmarks/school_import.py [STUDENTS] [RUNS]
(defaults 1500 and 3). On a scratch database (a temp SQLite file, or a temp PostgreSQL
database beside DATABASE_URL when set), through Django's test client as the school's
administrator: the CSV upload's preview, its confirm (every class and student written),
the same file again (nothing to change), the three downloads, and the new school year.
Prints each step's median over RUNS (each run on a fresh school) and its queries.
Target: a school of 1,500 previewed, confirmed and promoted in under 5 s each.
"""

import csv
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.scratch import django_on_scratch
from tests.benchmarks.smoke import size

TARGET_S = 5.0
GRADES = "一二三四五六"


def roster_csv(students: int) -> bytes:
    rows = [["班級", "座號", "姓名"]]
    for n in range(students):
        klass, seat = divmod(n, 30)
        rows.append([f"{GRADES[klass % 6]}年{klass // 6 + 1}班", str(seat + 1), f"學生{n:04d}"])
    text = io.StringIO()
    csv.writer(text).writerows(rows)
    return text.getvalue().encode("utf-8-sig")


def one_run(students: int, run: int) -> dict[str, tuple[float, int]]:
    import re

    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from django.utils import timezone

    from people.models import GrownUp, School, SchoolTeacher, Student

    user = get_user_model().objects.create_user(f"bench-admin-{run}", password="x" * 12)
    GrownUp.objects.create(user=user, here_for="class", name_key=f"bench-admin-{run}")
    school = School.objects.create(name=f"Bench {run}", school_year=114)
    SchoolTeacher.objects.create(school=school, user=user, is_admin=True)
    client = Client()
    client.force_login(user)
    url = reverse("people:import_roster", args=[school.pk])
    body = roster_csv(students)
    timings = {}

    def timed(name, call):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = call()
            timings[name] = (time.perf_counter() - start, len(queries))
        assert response.status_code in (200, 302), (name, response.status_code)
        return response

    preview = timed(
        "preview", lambda: client.post(url, {"files": SimpleUploadedFile("r.csv", body)})
    )
    payload = re.search(r'name="payload" value="([^"]+)"', preview.content.decode())[1]
    timed("confirm", lambda: client.post(url, {"payload": payload}))
    assert Student.objects.filter(classroom__school=school).count() == students
    again = timed(
        "same file again", lambda: client.post(url, {"files": SimpleUploadedFile("r.csv", body)})
    )
    assert "data-nothing-to-do" in again.content.decode()
    for kind in ("csv", "xlsx", "zip"):
        export = reverse("people:export_roster", args=[school.pk, kind])
        timed(f"download {kind}", lambda export=export: client.get(export))
    day = (timezone.localdate() + timezone.timedelta(days=30)).isoformat()
    new_year = reverse("people:new_school_year", args=[school.pk])
    form = {"from_year": 114, "delete_on": day, "sure": "on"}
    timed("new school year", lambda: client.post(new_year, form))
    return timings


def main() -> int:
    students = int(sys.argv[1]) if len(sys.argv) > 1 else size(1500, 60)
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else size(3, 1)
    with django_on_scratch() as url:
        results = [one_run(students, run) for run in range(runs)]
    print(f"school of {students} students in classes of 30, {runs} runs, on {url.split(':')[0]}")
    worst = 0.0
    for step in results[0]:
        seconds = statistics.median(r[step][0] for r in results)
        worst = max(worst, seconds) if step in ("preview", "confirm", "new school year") else worst
        print(f"  {step}: {seconds * 1000:.0f} ms, {results[0][step][1]} queries")
    ok = worst <= TARGET_S
    print(
        f"school import, slowest of preview/confirm/new year: {worst:.2f} s "
        f"({'within' if ok else 'OVER'} the {TARGET_S:.0f} s target)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
