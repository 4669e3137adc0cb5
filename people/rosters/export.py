"""A school's roster written out the ways it comes in (people.rosters.files): a CSV with
the headers 班級, 座號, 姓名, 老師, 學校帳號 (UTF-8 with a byte-order mark), the same as XLSX,
and the OneRoster 1.1 CSV files in one zip (a student's school account in `userIds` as
{provider:subject}, or an e-mail in `username`). Importing any of them back changes nothing.

Every cell a person typed is spreadsheet-safe (spreadsheets.spreadsheet_safe), as in the
class CSVs: a name like 「=HYPERLINK(…)」 is never run as a formula.
"""

from __future__ import annotations

import io
import zipfile

from people.models import School
from people.rosters.files import PROVIDER_SLUGS
from people.spreadsheets import BOM, safe_row, spreadsheet_safe, write_csv

HEADER = ("班級", "座號", "姓名", "老師", "學校帳號")


def roster_rows(rows) -> list[list]:
    """(class, seat, student) rows as the spreadsheet's cells, the header first."""
    lines = [list(HEADER)]
    for classroom, seat, student in rows:
        lines.append(
            [
                spreadsheet_safe(classroom.name),
                seat,
                spreadsheet_safe(student.learner.nickname),
                spreadsheet_safe(classroom.teacher.get_username()),
                spreadsheet_safe(student.school_account),
            ]
        )
    return lines


def as_csv(rows) -> bytes:
    return (BOM + write_csv(roster_rows(rows))).encode("utf-8")


def as_xlsx(rows) -> bytes:
    from openpyxl import Workbook  # loaded only for an XLSX download

    book = Workbook(write_only=True)
    sheet = book.create_sheet("名單")
    for line in roster_rows(rows):
        sheet.append(safe_row(line))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


ORG_COLUMNS = (
    "sourcedId",
    "status",
    "dateLastModified",
    "name",
    "type",
    "identifier",
    "parentSourcedId",
)
USER_COLUMNS = (
    "sourcedId",
    "status",
    "dateLastModified",
    "enabledUser",
    "orgSourcedIds",
    "role",
    "username",
    "userIds",
    "givenName",
    "familyName",
    "middleName",
    "identifier",
    "email",
    "sms",
    "phone",
    "agentSourcedIds",
    "grades",
    "password",
)
CLASS_COLUMNS = (
    "sourcedId",
    "status",
    "dateLastModified",
    "title",
    "grades",
    "courseSourcedId",
    "classCode",
    "classType",
    "location",
    "schoolSourcedId",
    "termSourcedIds",
    "subjects",
    "subjectCodes",
    "periods",
)
ENROLLMENT_COLUMNS = (
    "sourcedId",
    "status",
    "dateLastModified",
    "classSourcedId",
    "schoolSourcedId",
    "userSourcedId",
    "role",
    "primary",
    "beginDate",
    "endDate",
)


def _csv_bytes(columns: tuple[str, ...], rows: list[dict]) -> bytes:
    """A OneRoster file: every column of the standard's, the empty ones empty, every cell
    spreadsheet-safe (sourcedId, classSourcedId, userSourcedId came from an import as typed:
    「=HYPERLINK(…)」 went out unquoted)."""
    lines = [columns, *([row.get(column, "") for column in columns] for row in rows)]
    return write_csv(lines).encode("utf-8")


def _id(prefix: str, pk: int, sourced_id: str) -> str:
    return sourced_id or f"{prefix}-{pk}"


def _account_columns(account: str) -> dict[str, str]:
    """A student's school account in users.csv: an e-mail is their `username`, a provider's
    subject id a `userIds` pair typed with the provider ({edu-tw:s-2001})."""
    if not account:
        return {}
    if account.partition(":")[0] in PROVIDER_SLUGS:
        return {"userIds": f"{{{account}}}"}
    return {"username": spreadsheet_safe(account)}


def as_oneroster_zip(school: School, rows) -> bytes:
    """orgs, users, classes and enrollments (OneRoster 1.1 bulk CSV, UTF-8): the school, its
    classes, their students and teachers. A student's or a class's sourcedId is the one
    imported, or one made from the site's id (the import knows those too)."""
    org_id = f"school-{school.pk}"
    safe = spreadsheet_safe
    orgs = [{"sourcedId": org_id, "name": safe(school.name), "type": "school"}]
    users, classes, enrollments = [], [], []
    seen_classes, seen_teachers = set(), set()
    for classroom, _seat, student in rows:
        class_id = _id("class", classroom.pk, classroom.sourced_id)
        teacher_id = f"teacher-{classroom.teacher_id}"
        if class_id not in seen_classes:
            seen_classes.add(class_id)
            classes.append(
                {
                    "sourcedId": class_id,
                    "title": safe(classroom.name),
                    "classType": "homeroom",
                    "schoolSourcedId": org_id,
                }
            )
            enrollments.append(
                {
                    "sourcedId": f"{class_id}-{teacher_id}",
                    "classSourcedId": class_id,
                    "schoolSourcedId": org_id,
                    "userSourcedId": teacher_id,
                    "role": "teacher",
                    "primary": "true",
                }
            )
        if teacher_id not in seen_teachers:
            seen_teachers.add(teacher_id)
            users.append(
                {
                    "sourcedId": teacher_id,
                    "enabledUser": "true",
                    "orgSourcedIds": org_id,
                    "role": "teacher",
                    "username": safe(classroom.teacher.get_username()),
                }
            )
        user_id = _id("student", student.pk, student.sourced_id)
        # The whole name in familyName: the site keeps one nickname and never splits it.
        users.append(
            {
                "sourcedId": user_id,
                "enabledUser": "true",
                "orgSourcedIds": org_id,
                "role": "student",
                "familyName": safe(student.learner.nickname),
                **_account_columns(student.school_account),
            }
        )
        enrollments.append(
            {
                "sourcedId": f"{class_id}-{user_id}",
                "classSourcedId": class_id,
                "schoolSourcedId": org_id,
                "userSourcedId": user_id,
                "role": "student",
                "primary": "false",
            }
        )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("orgs.csv", _csv_bytes(ORG_COLUMNS, orgs))
        archive.writestr("users.csv", _csv_bytes(USER_COLUMNS, users))
        archive.writestr("classes.csv", _csv_bytes(CLASS_COLUMNS, classes))
        archive.writestr("enrollments.csv", _csv_bytes(ENROLLMENT_COLUMNS, enrollments))
    return out.getvalue()
