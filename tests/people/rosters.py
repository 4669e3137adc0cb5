"""Shared set-up for the school roster tests: a school with its administrator, and the
school's files made as the school's systems make them (CSV in UTF-8 or Big5, XLSX, the
OneRoster 1.1 CSVs)."""

import csv
import io
import re
import zipfile

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from people.models import School, SchoolTeacher, Student
from tests.people.conftest import make_grown_up


def make_school(admin=None, *, year: int = 114, top_grade: int = 6) -> School:
    admin = admin or make_grown_up("admin")
    school = School.objects.create(name="光明國小", school_year=year, top_grade=top_grade)
    SchoolTeacher.objects.create(school=school, user=admin, is_admin=True)
    return school


def csv_bytes(rows, *, encoding: str = "utf-8") -> bytes:
    text = io.StringIO()
    csv.writer(text).writerows(rows)
    return text.getvalue().encode(encoding)


def xlsx_bytes(rows) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


ORGS = [
    ["sourcedId", "status", "dateLastModified", "name", "type"],
    ["org-1", "", "", "光明國小", "school"],
]
USERS = [
    [
        "sourcedId",
        "status",
        "dateLastModified",
        "enabledUser",
        "orgSourcedIds",
        "role",
        "username",
        "givenName",
        "familyName",
        "email",
    ],
    ["u-t1", "", "", "true", "org-1", "teacher", "admin", "老師", "陳", "chen@example.org"],
    ["u-1", "", "", "true", "org-1", "student", "", "小明", "王", ""],
    ["u-2", "", "", "true", "org-1", "student", "", "小華", "李", ""],
    ["u-3", "", "", "true", "org-1", "student", "", "Tom", "Lee", ""],
]
CLASSES = [
    ["sourcedId", "status", "dateLastModified", "title", "classType", "schoolSourcedId"],
    ["c-301", "", "", "三年一班", "homeroom", "org-1"],
    ["c-302", "", "", "三年二班", "homeroom", "org-1"],
]
ENROLLMENTS = [
    [
        "sourcedId",
        "status",
        "dateLastModified",
        "classSourcedId",
        "schoolSourcedId",
        "userSourcedId",
        "role",
        "primary",
    ],
    ["e-1", "", "", "c-301", "org-1", "u-t1", "teacher", "true"],
    ["e-2", "", "", "c-301", "org-1", "u-1", "student", "false"],
    ["e-3", "", "", "c-301", "org-1", "u-2", "student", "false"],
    ["e-4", "", "", "c-302", "org-1", "u-3", "student", "false"],
]


def oneroster_files(*, orgs=ORGS, users=USERS, classes=CLASSES, enrollments=ENROLLMENTS) -> dict:
    return {
        "orgs.csv": csv_bytes(orgs),
        "users.csv": csv_bytes(users),
        "classes.csv": csv_bytes(classes),
        "enrollments.csv": csv_bytes(enrollments),
    }


def zipped(files: dict) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in files.items():
            archive.writestr(f"SDS export/{name}", content)
    return out.getvalue()


def upload(client, school, files: dict):
    """The import form's first step: the files chosen, the preview (or the problems) back."""
    chosen = [SimpleUploadedFile(name, content) for name, content in files.items()]
    return client.post(reverse("people:import_roster", args=[school.pk]), {"files": chosen})


PAYLOAD = re.compile(r'name="payload" value="([^"]+)"')


def confirm(client, school, preview):
    payload = PAYLOAD.search(preview.content.decode())[1]
    return client.post(reverse("people:import_roster", args=[school.pk]), {"payload": payload})


def problem_rows(response) -> list[tuple[str, str, str]]:
    """(file, row, message) of each problem the page lists."""
    cells = re.findall(
        r"<tr data-problem><td><bdi>(.*?)</bdi></td><td>(.*?)</td><td>(.*?)</td></tr>",
        response.content.decode(),
    )
    return [tuple(cell) for cell in cells]


def imported(client, school, rows) -> list[Student]:
    """A spreadsheet of `rows` (its header first) through the import page, previewed and
    confirmed as the school's IT would; the school's students then, in seat order."""
    preview = upload(client, school, {"roster.csv": csv_bytes(rows)})
    assert preview.status_code == 200, preview.content.decode()
    assert confirm(client, school, preview).status_code == 200
    return list(Student.objects.filter(classroom__school=school).order_by("seat_number"))
