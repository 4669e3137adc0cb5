"""A school's rosters from its own files: a spreadsheet (CSV in UTF-8, with a BOM, or Big5;
XLSX) with the headers 班級, 座號, 姓名 (老師), and the OneRoster 1.1 CSVs, separate or in a
zip. The preview writes nothing; every problem is listed by file and row and nothing is
written; the confirm writes all of it; the same file again changes nothing; what the
school exports imports back unchanged."""

import csv
import io
import re
import zipfile

import pytest
from django.urls import reverse

from lessons.models import Learner
from people.models import Classroom, SchoolTeacher, Student
from tests.people.conftest import make_grown_up, signed_in
from tests.people.rosters import (
    CLASSES,
    ENROLLMENTS,
    USERS,
    confirm,
    csv_bytes,
    make_school,
    oneroster_files,
    problem_rows,
    upload,
    xlsx_bytes,
    zipped,
)

pytestmark = pytest.mark.django_db

ROSTER = [
    ["班級", "座號", "姓名"],
    ["三年一班", "1", "王小明"],
    ["三年一班", "2", "李小華"],
    ["三年二班", "1", "陳大同"],
]


@pytest.fixture
def admin():
    return make_grown_up("admin")


@pytest.fixture
def school(admin):
    return make_school(admin)


def roster_now(school) -> list[tuple[str, int, str, str]]:
    return sorted(
        Student.objects.filter(classroom__school=school).values_list(
            "classroom__name", "seat_number", "learner__nickname", "sourced_id"
        )
    )


def counts() -> tuple[int, int, int]:
    return Classroom.objects.count(), Student.objects.count(), Learner.objects.count()


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("roster.csv", csv_bytes(ROSTER)),
        ("roster.csv", "\ufeff".encode() + csv_bytes(ROSTER)),
        ("roster.csv", csv_bytes(ROSTER, encoding="big5")),
        ("roster.xlsx", xlsx_bytes([ROSTER[0], *[[c, int(s), n] for c, s, n in ROSTER[1:]]])),
    ],
    ids=["utf-8", "utf-8-bom", "big5", "xlsx"],
)
def test_a_spreadsheet_is_previewed_then_imported_whole(admin, school, name, content):
    client = signed_in(admin)
    before = counts()
    preview = upload(client, school, {name: content})
    assert preview.status_code == 200
    assert counts() == before  # the preview wrote nothing
    page = preview.content.decode()
    assert "三年一班" in page and "王小明" in page and 'data-count="new-students"' in page
    done = confirm(client, school, preview)
    assert done.status_code == 200 and "data-imported" in done.content.decode()
    assert roster_now(school) == [
        ("三年一班", 1, "王小明", ""),
        ("三年一班", 2, "李小華", ""),
        ("三年二班", 1, "陳大同", ""),
    ]
    assert set(Classroom.objects.filter(school=school).values_list("teacher", flat=True)) == {
        admin.pk
    }


def test_the_same_file_again_changes_nothing(admin, school):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    students = list(Student.objects.values_list("pk", "learner_id", "secret_first", "badge_token"))
    again = upload(client, school, {"r.csv": csv_bytes(ROSTER)})
    page = again.content.decode()
    assert "data-nothing-to-do" in page and 'name="payload"' not in page
    assert (
        list(Student.objects.values_list("pk", "learner_id", "secret_first", "badge_token"))
        == students
    )


def test_a_changed_name_and_a_new_seat_are_shown_then_written(admin, school):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    kept = Student.objects.get(seat_number=1, classroom__name="三年一班")
    changed = [*ROSTER[:2], ["三年一班", "2", "李小花"], ["三年一班", "3", "張三"]]
    preview = upload(client, school, {"r.csv": csv_bytes(changed)})
    page = preview.content.decode()
    assert 'data-change="name"' in page and "李小華" in page and "李小花" in page
    assert "陳大同" in page  # not in the file: listed as left, never deleted
    confirm(client, school, preview)
    assert roster_now(school) == [
        ("三年一班", 1, "王小明", ""),
        ("三年一班", 2, "李小花", ""),
        ("三年一班", 3, "張三", ""),
        ("三年二班", 1, "陳大同", ""),
    ]
    assert Student.objects.get(seat_number=1, classroom__name="三年一班").pk == kept.pk


def test_every_mistake_is_listed_by_row_and_nothing_is_written(admin, school):
    mistakes = [
        ["班級", "座號", "姓名", "老師"],
        ["三年一班", "1", "王小明", ""],
        ["三年一班", "1", "李小華", ""],  # seat 1 twice
        ["三年一班", "", "張三", ""],  # no seat
        ["三年一班", "五", "李四", ""],  # not a number
        ["三年一班", "6", "", ""],  # no name
        ["", "7", "王五", ""],  # no class
        ["三年二班", "1", "王\u202eevil\u202c小明", "nobody"],  # bidi out; unknown teacher
        ["三年二班", "2", "Alicе", ""],  # a Cyrillic е
    ]
    client = signed_in(admin)
    before = counts()
    response = upload(client, school, {"roster.csv": csv_bytes(mistakes)})
    assert response.status_code == 400
    rows = [(file, row) for file, row, _message in problem_rows(response)]
    # All at once: the file's mistakes and the teacher the school does not know (row 8).
    assert rows == [("roster.csv", str(n)) for n in (3, 4, 5, 6, 7, 8, 9)]
    assert problem_rows(response)[5][2] == "老師 nobody 在這所學校沒有帳號。"
    assert counts() == before


def test_a_bad_header_and_a_file_in_another_encoding_are_said(admin, school):
    client = signed_in(admin)
    bad_header = upload(
        client, school, {"r.csv": csv_bytes([["班", "號", "姓名"], ["a", "1", "b"]])}
    )
    assert bad_header.status_code == 400
    assert [(f, r) for f, r, _m in problem_rows(bad_header)] == [("r.csv", "1")]
    assert "班級" in problem_rows(bad_header)[0][2] and "座號" in problem_rows(bad_header)[0][2]
    latin = upload(client, school, {"r.csv": "班級,座號,姓名\n".encode("utf-16")})
    assert latin.status_code == 400 and len(problem_rows(latin)) == 1
    broken = upload(client, school, {"r.xlsx": b"PK\x03\x04 not really"})
    assert broken.status_code == 400 and len(problem_rows(broken)) == 1
    assert Classroom.objects.count() == 0


def test_a_title_above_the_headers_is_skipped_and_rows_keep_their_numbers(admin, school):
    titled = [["115學年度 學生名單", "", ""], ["", "", ""], *ROSTER, ["三年一班", "2", "張三"]]
    client = signed_in(admin)
    response = upload(client, school, {"r.xlsx": xlsx_bytes(titled)})
    assert [(f, r) for f, r, _m in problem_rows(response)] == [("r.xlsx", "7")]
    confirm(client, school, upload(client, school, {"r.xlsx": xlsx_bytes(titled[:-1])}))
    assert len(roster_now(school)) == 3


def test_a_teacher_column_names_the_schools_teacher(admin, school):
    colleague = make_grown_up("colleague")
    SchoolTeacher.objects.create(school=school, user=colleague)
    rows = [["班級", "座號", "姓名", "老師"], ["三年一班", "1", "王小明", "colleague"]]
    client = signed_in(admin)
    preview = upload(client, school, {"r.csv": csv_bytes(rows)})
    assert "三年一班</bdi> (1 位學生) · 老師 <bdi>colleague</bdi>" in preview.content.decode()
    confirm(client, school, preview)
    assert Classroom.objects.get(name="三年一班").teacher == colleague


@pytest.mark.parametrize("as_zip", [False, True], ids=["files", "zip"])
def test_oneroster_files_are_imported_and_matched_by_sourced_id(admin, school, as_zip):
    files = oneroster_files()
    chosen = {"sds.zip": zipped(files)} if as_zip else files
    client = signed_in(admin)
    preview = upload(client, school, chosen)
    assert preview.status_code == 200 and Student.objects.count() == 0
    confirm(client, school, preview)
    assert roster_now(school) == [
        ("三年一班", 1, "王小明", "u-1"),
        ("三年一班", 2, "李小華", "u-2"),
        ("三年二班", 1, "Tom Lee", "u-3"),
    ]
    assert set(Classroom.objects.values_list("sourced_id", flat=True)) == {"c-301", "c-302"}
    # Renamed in the school's system, and moved: matched by sourcedId, the same students.
    users = [row[:] for row in USERS]
    users[2][7] = "曉明"
    enrollments = [row[:] for row in ENROLLMENTS]
    enrollments[3][3] = "c-302"
    moved = Student.objects.get(sourced_id="u-2")
    preview = upload(client, school, oneroster_files(users=users, enrollments=enrollments))
    assert 'data-change="name"' in preview.content.decode()
    assert 'data-change="class"' in preview.content.decode()
    confirm(client, school, preview)
    assert roster_now(school) == [
        ("三年一班", 1, "王曉明", "u-1"),
        ("三年二班", 1, "Tom Lee", "u-3"),
        ("三年二班", 2, "李小華", "u-2"),
    ]
    assert Student.objects.get(sourced_id="u-2").learner_id == moved.learner_id
    again = upload(client, school, oneroster_files(users=users, enrollments=enrollments))
    assert "data-nothing-to-do" in again.content.decode()


def test_oneroster_mistakes_are_listed_by_file_and_row(admin, school):
    enrollments = [
        *ENROLLMENTS,
        ["e-5", "", "", "c-999", "org-1", "u-1", "student", ""],
        ["e-6", "", "", "c-301", "org-1", "u-404", "student", ""],
        ["e-7", "", "", "c-302", "org-1", "u-1", "student", ""],
    ]
    classes = [*CLASSES, ["c-303", "", "", "", "homeroom", "org-1"]]
    client = signed_in(admin)
    response = upload(client, school, oneroster_files(classes=classes, enrollments=enrollments))
    assert response.status_code == 400
    assert [(f, r) for f, r, _m in problem_rows(response)] == [
        ("classes.csv", "4"),
        ("enrollments.csv", "6"),
        ("enrollments.csv", "7"),
        ("enrollments.csv", "8"),
    ]
    assert "c-999" in problem_rows(response)[1][2]
    missing = oneroster_files()
    del missing["users.csv"]
    response = upload(client, school, missing)
    assert [(f, r) for f, r, _m in problem_rows(response)] == [("users.csv", "")]
    bad_header = oneroster_files(classes=[["id", "title"], ["c-1", "x"]])
    response = upload(client, school, bad_header)
    assert [(f, r) for f, r, _m in problem_rows(response)] == [("classes.csv", "1")]
    assert counts() == (0, 0, 0)


@pytest.mark.parametrize("kind", ["csv", "xlsx", "zip"])
def test_what_the_school_exports_imports_back_unchanged(admin, school, kind):
    client = signed_in(admin)
    tricky = [*ROSTER, ["三年二班", "2", "Tom Lee"]]
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(tricky)}))
    before = roster_now(school)
    exported = client.get(reverse("people:export_roster", args=[school.pk, kind]))
    assert exported.status_code == 200
    name = {"csv": "r.csv", "xlsx": "r.xlsx", "zip": "sds.zip"}[kind]
    again = upload(client, school, {name: exported.content})
    assert again.status_code == 200 and "data-nothing-to-do" in again.content.decode(), (
        again.content.decode()
    )
    assert roster_now(school) == before


def test_the_csv_export_has_the_chinese_headers_and_safe_cells(admin, school):
    client = signed_in(admin)
    confirm(
        client,
        school,
        upload(client, school, {"r.csv": csv_bytes([*ROSTER, ["三年二班", "2", "=1+1"]])}),
    )
    body = client.get(reverse("people:export_roster", args=[school.pk, "csv"])).content.decode(
        "utf-8"
    )
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body[1:])))
    assert rows[0] == ["班級", "座號", "姓名", "老師", "學校帳號"]
    assert ["三年二班", "2", "'=1+1", "admin", ""] in rows
    archive = zipfile.ZipFile(
        io.BytesIO(client.get(reverse("people:export_roster", args=[school.pk, "zip"])).content)
    )
    assert sorted(archive.namelist()) == ["classes.csv", "enrollments.csv", "orgs.csv", "users.csv"]


def test_a_preview_confirmed_after_the_classes_changed_is_shown_again(admin, school):
    client = signed_in(admin)
    preview = upload(client, school, {"r.csv": csv_bytes(ROSTER)})
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER[:2])}))
    response = confirm(client, school, preview)
    assert response.status_code == 200 and 'name="payload"' in response.content.decode()
    assert Student.objects.count() == 1
    forged = client.post(reverse("people:import_roster", args=[school.pk]), {"payload": "x:y:z"})
    assert forged.status_code == 400 and Student.objects.count() == 1


def test_only_the_schools_administrators_see_its_pages(school):
    outsider = signed_in(make_grown_up("outsider"))
    member = make_grown_up("member")
    SchoolTeacher.objects.create(school=school, user=member)
    for client in (outsider, signed_in(member)):
        assert client.get(reverse("people:school", args=[school.pk])).status_code == 404
        assert client.get(reverse("people:import_roster", args=[school.pk])).status_code == 404
        assert (
            client.get(reverse("people:export_roster", args=[school.pk, "csv"])).status_code == 404
        )
        assert upload(client, school, {"r.csv": csv_bytes(ROSTER)}).status_code == 404
    assert Student.objects.count() == 0


def test_a_teacher_makes_a_school_and_becomes_its_administrator():
    teacher = make_grown_up("teacher")
    client = signed_in(teacher)
    response = client.post(
        reverse("people:new_school"), {"name": "光明國小", "school_year": 114, "top_grade": 6}
    )
    membership = SchoolTeacher.objects.get(user=teacher)
    assert membership.is_admin and response.url == reverse(
        "people:school", args=[membership.school_id]
    )
    assert client.post(reverse("people:new_school"), {"name": ""}).status_code == 400


def test_a_file_too_long_or_a_broken_zip_is_refused_in_words(admin, school):
    client = signed_in(admin)
    rows = [["班級", "座號", "姓名"]] + [
        ["三年一班", str(n % 999 + 1), f"學生{n}"] for n in range(5001)
    ]
    response = upload(client, school, {"r.csv": csv_bytes(rows)})
    assert response.status_code == 400
    assert problem_rows(response) == [("r.csv", "", "一個檔案最多 5000 位學生。")]
    response = upload(client, school, {"sds.zip": b"PK\x05\x06" + b"\0" * 18})
    assert response.status_code == 400 and len(problem_rows(response)) == 1
    assert counts() == (0, 0, 0)


def test_a_cell_at_the_sheets_far_corner_is_read_within_the_bounds(admin, school):
    """Before: one cell at XFD1048576 (dimension A1:XFD1048576, 4.9 KB) made every row read
    16,384 cells, 4.8 s of a worker, and said 「一個檔案最多 5000 位學生。」 of 3 students.
    After: rows and columns read stop at MAX_ROWS + 2 and MAX_COLUMNS (0.02 s: python
    /tmp/crafted_xlsx.py in the commit's body)."""
    from openpyxl import load_workbook

    from people.rosters.files import MAX_COLUMNS, Upload, _xlsx_rows

    book = load_workbook(io.BytesIO(xlsx_bytes(ROSTER)))
    book.active["XFD1048576"] = "x"
    out = io.BytesIO()
    book.save(out)
    rows, problem = _xlsx_rows(Upload("r.xlsx", out.getvalue()))
    assert problem is None
    assert len(rows) == len(ROSTER) and {len(row) for row in rows} == {MAX_COLUMNS}
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.xlsx": out.getvalue()}))
    assert len(roster_now(school)) == 3


def test_every_oneroster_cell_goes_out_spreadsheet_safe_and_imports_back(admin, school):
    """Before (issue 44): sourcedId, classSourcedId and userSourcedId were written as imported,
    「=HYPERLINK(…)」 unquoted. After: every cell of every file through spreadsheets.write_csv,
    and the quote is taken off again on import (spreadsheets.as_read)."""
    from tests.people.rosters import CLASSES, ENROLLMENTS, USERS, oneroster_files, zipped

    evil_user, evil_class = '=HYPERLINK("http://x","u")', "+c-301"
    swap = {"u-1": evil_user, "c-301": evil_class}
    users = [[swap.get(cell, cell) for cell in row] for row in USERS]
    classes = [[swap.get(cell, cell) for cell in row] for row in CLASSES]
    enrollments = [[swap.get(cell, cell) for cell in row] for row in ENROLLMENTS]
    client = signed_in(admin)
    files = oneroster_files(users=users, classes=classes, enrollments=enrollments)
    confirm(client, school, upload(client, school, {"sds.zip": zipped(files)}))
    exported = client.get(reverse("people:export_roster", args=[school.pk, "zip"]))
    archive = zipfile.ZipFile(io.BytesIO(exported.content))
    cells = [
        cell
        for name in archive.namelist()
        for row in csv.reader(io.StringIO(archive.read(name).decode("utf-8-sig")))
        for cell in row
    ]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@"))]
    assert "'" + evil_user in cells and "'" + evil_class in cells
    before = roster_now(school)
    again = upload(client, school, {"sds.zip": exported.content})
    assert again.status_code == 200 and "data-nothing-to-do" in again.content.decode()
    assert roster_now(school) == before


def test_a_class_csv_cell_is_quoted_whoever_made_the_row():
    from people.spreadsheets import write_csv

    assert write_csv([["=1+1", "-2", "@a", 3, "a=b"]]) == "'=1+1,'-2,'@a,3,a=b\r\n"


def test_a_file_over_the_rosters_limit_is_refused_in_its_own_words(admin, school):
    """3.5 MB: under the site's 4 MiB limit on a request, over the roster's 3 MB, so the
    import page says why (before: a 5 MB limit nobody could reach, the site's 413)."""
    big = "班級,座號,姓名\n" + "三年一班,1,王小明\n" * 150_000
    assert 3 * 1024 * 1024 < len(big.encode()) < 4 * 1024 * 1024 - 10_000
    response = upload(signed_in(admin), school, {"roster.csv": big.encode()})
    assert response.status_code == 400
    assert "這個檔案超過 3 MB。" in response.content.decode()
    assert not school.classrooms.exists()


def test_a_roster_with_five_problems_lists_all_five_the_unknown_teacher_too(admin, school):
    rows = [
        ["班級", "座號", "姓名", "老師"],
        ["三年一班", "1", "王小明", ""],
        ["三年一班", "1", "李小華", ""],  # 3: seat 1 twice
        ["三年一班", "", "張三", ""],  # 4: no seat
        ["三年一班", "4", "", ""],  # 5: no name
        ["", "5", "王五", ""],  # 6: no class
        ["三年一班", "6", "林六", ""],
        ["三年一班", "7", "周七", ""],
        ["三年二班", "1", "陳大同", "nobody"],  # 9: a teacher the school does not know
    ]
    response = upload(signed_in(admin), school, {"roster.csv": csv_bytes(rows)})
    assert response.status_code == 400
    assert [r for _f, r, _m in problem_rows(response)] == ["3", "4", "5", "6", "9"]
    assert Classroom.objects.count() == 0


def note_rows(response) -> list[tuple[str, str]]:
    cells = re.findall(
        r"<tr data-note><td><bdi>.*?</bdi></td><td>(.*?)</td><td>(.*?)</td></tr>",
        response.content.decode(),
    )
    return [tuple(cell) for cell in cells]


def test_full_width_digits_and_spaces_name_the_same_class(admin, school):
    client = signed_in(admin)
    confirm(
        client,
        school,
        upload(client, school, {"r.csv": csv_bytes([ROSTER[0], ["3年1班", "1", "王小明"]])}),
    )
    again = [ROSTER[0], ["３年１班 ", "1", "王小明"], ["\u3000３年１班", "2", "李小華"]]
    preview = upload(client, school, {"r.csv": csv_bytes(again)})
    assert "data-new-class" not in preview.content.decode()
    confirm(client, school, preview)
    assert list(Classroom.objects.values_list("name", flat=True)) == ["3年1班"]
    assert Student.objects.filter(classroom__name="3年1班").count() == 2


def test_a_new_class_named_like_another_is_pointed_out_and_an_empty_row_said(admin, school):
    client = signed_in(admin)
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(ROSTER)}))
    rows = [
        ROSTER[0],
        ["3-1", "1", "張三"],
        ["", "", ""],
        ["三年 一班", "2", "李四"],
        ["三年三班", "1", "周五"],
        ["", "", ""],
    ]
    preview = upload(client, school, {"r.csv": csv_bytes(rows)})
    assert preview.status_code == 200
    assert note_rows(preview) == [
        ("2", "新班級 3-1 和 三年一班 很像：是同一班嗎？是的話，名字要寫得一模一樣。"),
        ("3", "這一列是空的，略過了。"),
        ("4", "新班級 三年 一班 和 三年一班 很像：是同一班嗎？是的話，名字要寫得一模一樣。"),
    ]
    assert "PAYLOAD" not in preview.content.decode()  # the import may still be confirmed
    confirm(client, school, preview)
    assert Classroom.objects.count() == 5


def test_a_oneroster_sourced_id_over_100_characters_is_a_problem_in_the_preview(admin, school):
    """The database keeps 100 characters (PostgreSQL refused 101 at the confirm: a 500)."""
    client = signed_in(admin)
    user_id, class_id = "u-" + "x" * 99, "c-" + "y" * 99  # 101 characters each
    users = [*USERS[:4], [user_id, *USERS[4][1:]]]
    classes = [*CLASSES[:2], [class_id, *CLASSES[2][1:]]]
    enrollments = [*ENROLLMENTS[:4], [*ENROLLMENTS[4][:3], class_id, "org-1", user_id, "student"]]
    files = oneroster_files(users=users, classes=classes, enrollments=enrollments)
    response = upload(client, school, files)
    assert response.status_code == 400
    assert problem_rows(response) == [
        ("users.csv", "5", "sourcedId 超過 100 個字元。"),
        ("classes.csv", "3", "sourcedId 超過 100 個字元。"),
    ]
    assert counts() == (0, 0, 0)
    # 100 characters are kept whole, on every database.
    users[4][0], classes[2][0] = user_id[:100], class_id[:100]
    enrollments[4][3], enrollments[4][5] = class_id[:100], user_id[:100]
    files = oneroster_files(users=users, classes=classes, enrollments=enrollments)
    assert confirm(client, school, upload(client, school, files)).status_code == 200
    assert Student.objects.get(sourced_id=user_id[:100]).classroom.sourced_id == class_id[:100]


def test_classes_imported_without_a_teacher_wait_on_the_schools_page_not_the_admins(admin, school):
    colleague = make_grown_up("colleague")
    SchoolTeacher.objects.create(school=school, user=colleague)
    client = signed_in(admin)
    rows = [["班級", "座號", "姓名", "老師"], *[[*row, ""] for row in ROSTER[1:]]]
    rows[3][3] = "colleague"  # 三年二班 names its teacher; 三年一班 names none
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(rows)}))
    mine = client.get(reverse("people:teacher_home")).content.decode()
    assert "三年一班" not in mine and "三年二班" not in mine
    page = client.get(reverse("people:school", args=[school.pk])).content.decode()
    waiting = Classroom.objects.get(name="三年一班")
    assert waiting.teacher == admin and waiting.awaits_teacher
    assert re.search(
        rf'href="/teacher/classes/{waiting.pk}/"><bdi>三年一班</bdi></a></th><td><span '
        r"data-awaits-teacher>還沒有老師：下次匯入名單時寫上老師</span>",
        page,
    )
    assert "三年二班" in signed_in(colleague).get(reverse("people:teacher_home")).content.decode()
    # The next roster names its teacher: it is theirs, no longer waiting.
    rows[1][3] = rows[2][3] = "colleague"
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(rows)}))
    waiting.refresh_from_db()
    assert waiting.teacher == colleague and not waiting.awaits_teacher
