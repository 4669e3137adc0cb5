"""A roster names each student's school account (people.rosters.files.school_account):
the spreadsheet's 學校帳號 column, OneRoster's `userIds` pair typed with a sign-in provider
or its e-mail-shaped `username`. The preview lists the students it links; every mistake
(a malformed account, one given twice, one already another student's) is listed by file
and row with nothing written; the exports carry the column back unchanged."""

import csv
import io
import re
import zipfile

import pytest
from django.urls import reverse

from people.models import Student
from people.rosters.files import school_account
from tests.people.conftest import make_grown_up, signed_in
from tests.people.rosters import (
    USERS,
    confirm,
    csv_bytes,
    make_school,
    oneroster_files,
    problem_rows,
    upload,
    xlsx_bytes,
)

pytestmark = pytest.mark.django_db

HEADER = ["班級", "座號", "姓名", "學校帳號"]
ROSTER = [
    HEADER,
    ["三年一班", "1", "王小明", "edu-tw:s-2001"],
    ["三年一班", "2", "李小華", "S2002@School.edu.tw"],
    ["三年一班", "3", "陳大同", ""],
]


@pytest.fixture
def admin():
    return make_grown_up("admin")


@pytest.fixture
def school(admin):
    return make_school(admin)


def accounts_now(school) -> list[tuple[int, str, str]]:
    return list(
        Student.objects.filter(classroom__school=school)
        .order_by("classroom__name", "seat_number")
        .values_list("seat_number", "learner__nickname", "school_account")
    )


def linked_rows(response) -> list[list[str]]:
    """The preview's 「學校帳號」 table: class, seat, name, account (each cell's text)."""
    rows = re.findall(r"<tr data-account>(.*?)</tr>", response.content.decode(), re.DOTALL)
    return [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in rows
    ]


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("edu-tw:s-2001", "edu-tw:s-2001"),
        ("Google:110248495921238986420", "google:110248495921238986420"),
        ("Microsoft:AAAAAIkzqFVrSaSaFHy782bbtaQ", "microsoft:AAAAAIkzqFVrSaSaFHy782bbtaQ"),
        ("S2002@School.edu.tw", "s2002@school.edu.tw"),
        ("ｓ2002@school.edu.tw", "s2002@school.edu.tw"),  # a full-width letter, NFKC
        ("s2002", None),  # a bare username: which provider's?
        ("a@b", None),
        ("=cmd@x.tw", None),  # a formula never passes as an account
        ("facebook:123", None),
        ("edu-tw:", None),
        ("edu-tw:has space", None),
        ("edu-tw:{brace}", None),
    ],
)
def test_a_school_account_is_a_providers_subject_or_an_email(raw, kept):
    account, problem = school_account(raw)  # a subject keeps its case; an e-mail is folded
    assert (account or None) == kept
    assert (problem is None) == (kept is not None)


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_the_preview_lists_who_is_linked_then_the_import_keeps_it(admin, school, kind):
    client = signed_in(admin)
    files = {"r.csv": csv_bytes(ROSTER)} if kind == "csv" else {"r.xlsx": xlsx_bytes(ROSTER)}
    preview = upload(client, school, files)
    assert preview.status_code == 200
    assert linked_rows(preview) == [
        ["三年一班", "1", "王小明", "edu-tw:s-2001"],
        ["三年一班", "2", "李小華", "s2002@school.edu.tw"],
    ]
    assert '<li data-count="accounts">連結學校帳號的學生 2 位</li>' in preview.content.decode()
    assert accounts_now(school) == []  # the preview wrote nothing
    confirm(client, school, preview)
    assert accounts_now(school) == [
        (1, "王小明", "edu-tw:s-2001"),
        (2, "李小華", "s2002@school.edu.tw"),
        (3, "陳大同", ""),
    ]
    again = upload(client, school, files)
    assert "data-nothing-to-do" in again.content.decode() and linked_rows(again) == []


def test_a_changed_account_shows_what_it_was_and_an_empty_cell_keeps_it(admin, school):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    changed = [
        HEADER,
        ["三年一班", "1", "王小明", "edu-tw:s-9001"],
        ["三年一班", "2", "李小華", ""],
    ]
    preview = upload(client, school, {"r.csv": csv_bytes(changed)})
    assert linked_rows(preview) == [["三年一班", "1", "王小明", "edu-tw:s-2001 → edu-tw:s-9001"]]
    assert '<li data-count="unchanged">不變的學生 1 位</li>' in preview.content.decode()
    confirm(client, school, preview)
    assert accounts_now(school)[:2] == [
        (1, "王小明", "edu-tw:s-9001"),
        (2, "李小華", "s2002@school.edu.tw"),
    ]


def test_every_account_mistake_is_listed_by_row_and_nothing_is_written(admin, school):
    mistakes = [
        HEADER,
        ["三年一班", "1", "王小明", "edu-tw:s-2001"],
        ["三年一班", "2", "李小華", "s2002"],  # no provider, no e-mail
        ["三年一班", "3", "陳大同", "EDU-TW:s-2001"],  # row 2's account again
        ["三年二班", "1", "張三", "s4@school.edu.tw"],
        ["三年二班", "2", "李四", "S4@school.edu.tw"],  # row 5's, in other letters
        ["三年二班", "3", "王五", "facebook:123"],
    ]
    client = signed_in(admin)
    response = upload(client, school, {"roster.csv": csv_bytes(mistakes)})
    assert response.status_code == 400
    assert problem_rows(response) == [
        ("roster.csv", "3", "學校帳號「s2002」要寫成電子郵件或「登入服務:代號」。"),
        ("roster.csv", "4", "學校帳號 edu-tw:s-2001 也在第 2 列。"),
        ("roster.csv", "6", "學校帳號 s4@school.edu.tw 也在第 5 列。"),
        ("roster.csv", "7", "學校帳號「facebook:123」要寫成電子郵件或「登入服務:代號」。"),
    ]
    assert Student.objects.count() == 0


def test_an_account_another_student_keeps_is_a_problem_on_its_row(admin, school):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    # 王小明 is not in this file: he keeps his account, so nobody else may be given it.
    newcomer = [HEADER, ["三年二班", "1", "林美美", "edu-tw:s-2001"]]
    response = upload(client, school, {"r.csv": csv_bytes(newcomer)})
    assert response.status_code == 400
    assert problem_rows(response) == [
        ("r.csv", "2", "學校帳號 edu-tw:s-2001 已經給了三年一班的王小明。")
    ]
    # In the same file the two may trade: 王小明 gets another, 林美美 his.
    traded = [*newcomer, ["三年一班", "1", "王小明", "edu-tw:s-2009"]]
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(traded)}))
    assert sorted(
        Student.objects.exclude(school_account="").values_list(
            "learner__nickname", "school_account"
        )
    ) == [
        ("李小華", "s2002@school.edu.tw"),
        ("林美美", "edu-tw:s-2001"),
        ("王小明", "edu-tw:s-2009"),
    ]


def _users(*extra_columns: list[str]) -> list[list[str]]:
    """USERS with the columns userIds and identifier, filled per row from `extra_columns`."""
    rows = [[*USERS[0], "userIds", "identifier"]]
    for row, (user_ids, identifier) in zip(USERS[1:], extra_columns, strict=True):
        rows.append([*row, user_ids, identifier])
    return rows


def test_oneroster_user_ids_and_usernames_name_the_school_account(admin, school):
    users = _users(
        ["", ""],  # the teacher
        ["{SIS:5678},{edu-tw:s-2001}", "5678"],  # 王小明: the provider's pair, not SIS's
        ["", "5679"],  # 李小華: the username below
        ["{SIS:5680}", "5680"],  # Tom Lee: no sign-in id; the student number is not one
    )
    users[3][6] = "s2002@school.edu.tw"
    users[4][6] = "tom.lee"  # a username that is no e-mail names no account
    client = signed_in(admin)
    preview = upload(client, school, oneroster_files(users=users))
    assert linked_rows(preview) == [
        ["三年一班", "1", "王小明", "edu-tw:s-2001"],
        ["三年一班", "2", "李小華", "s2002@school.edu.tw"],
    ]
    confirm(client, school, preview)
    assert accounts_now(school) == [
        (1, "王小明", "edu-tw:s-2001"),
        (2, "李小華", "s2002@school.edu.tw"),
        (1, "Tom Lee", ""),
    ]


def test_oneroster_names_a_microsoft_student_by_their_entra_object_id(admin, school):
    users = _users(
        ["", ""],
        ["{SIS:5678},{Microsoft:6A2B3C4D-1111-2222-3333-444455556666}", "5678"],  # 王小明
        ["", ""],
        ["", ""],
    )
    client = signed_in(admin)
    confirm(client, school, upload(client, school, oneroster_files(users=users)))
    assert accounts_now(school)[0] == (
        1,
        "王小明",
        "microsoft:6a2b3c4d-1111-2222-3333-444455556666",
    )


def test_oneroster_account_mistakes_are_listed_on_users_csvs_rows(admin, school):
    users = _users(
        ["", ""],
        ["{edu-tw:s-2001}", ""],  # 王小明, users.csv row 3
        ["edu-tw:s-2002", ""],  # 李小華: no braces
        ["{SIS:1},{edu-tw:s-2001}", ""],  # Tom Lee: 王小明's account
    )
    client = signed_in(admin)
    response = upload(client, school, oneroster_files(users=users))
    assert response.status_code == 400
    assert problem_rows(response) == [
        ("users.csv", "4", "userIds「edu-tw:s-2002」要寫成 {類別:代號}。"),
        ("users.csv", "5", "學校帳號 edu-tw:s-2001 也在第 3 列。"),
    ]
    assert Student.objects.count() == 0


@pytest.mark.parametrize("kind", ["csv", "xlsx", "zip"])
def test_each_export_carries_the_accounts_back_unchanged(admin, school, kind):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    before = accounts_now(school)
    exported = client.get(reverse("people:export_roster", args=[school.pk, kind]))
    name = {"csv": "r.csv", "xlsx": "r.xlsx", "zip": "sds.zip"}[kind]
    again = upload(client, school, {name: exported.content})
    assert "data-nothing-to-do" in again.content.decode(), again.content.decode()
    assert accounts_now(school) == before


def test_the_exports_write_the_account_where_each_format_keeps_it(admin, school):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    body = client.get(reverse("people:export_roster", args=[school.pk, "csv"])).content
    rows = list(csv.reader(io.StringIO(body.decode("utf-8")[1:])))
    assert rows == [
        ["班級", "座號", "姓名", "老師", "學校帳號"],
        ["三年一班", "1", "王小明", "admin", "edu-tw:s-2001"],
        ["三年一班", "2", "李小華", "admin", "s2002@school.edu.tw"],
        ["三年一班", "3", "陳大同", "admin", ""],
    ]
    zipped = client.get(reverse("people:export_roster", args=[school.pk, "zip"])).content
    users = zipfile.ZipFile(io.BytesIO(zipped)).read("users.csv").decode("utf-8")
    students = [
        (row["familyName"], row["username"], row["userIds"])
        for row in csv.DictReader(io.StringIO(users))
        if row["role"] == "student"
    ]
    assert students == [
        ("王小明", "", "{edu-tw:s-2001}"),
        ("李小華", "s2002@school.edu.tw", ""),
        ("陳大同", "", ""),
    ]
