"""A school's roster files read into classes and students, with every problem by file and row.

Two kinds of file (docs/school-rosters.md):

- **A spreadsheet**, CSV or XLSX, one student a row, with the headers 班級, 座號, 姓名 and
  optionally 老師 (a teacher account's username or e-mail) and 學校帳號 (the student's
  school account, `school_account`). A CSV may be UTF-8, with or
  without a byte-order mark, or Big5 (read as cp950, the Big5 that Windows and Taiwan's
  school systems write); an XLSX is read from its first sheet.
- **OneRoster 1.1 CSV files** as Microsoft School Data Sync exports them: `orgs.csv`,
  `users.csv`, `classes.csv`, `enrollments.csv` (others in the set are ignored), uploaded
  as separate files or as one zip. A student's school account is the `userIds` entry
  whose type names a sign-in provider (`{edu-tw:<subject>}`), else an e-mail-shaped
  `username`; `identifier` (a student number) never is.

Nothing here touches the database: `read_upload` returns a `Roster` (or none) and the
problems, each in words a teacher can act on (a spreadsheet's roster comes with its
problems: the rows that read well, so the preview can check them too). Names go through
the site's name rules (direction controls taken out, look-alike letters refused,
NICKNAME_MAX).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
import zipfile
from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _

from people.forms import BIDI_CONTROLS, NICKNAME_MAX
from people.names import email_key, looks_disguised
from people.spreadsheets import as_read
from tutor.oidc_providers import KNOWN

# A school of 3,000 is about 100 KB as CSV. Under the request's own limit (plumbing.bodies
# BODY_MAX, 4 MiB, nginx's too) with room for the form around it, so a file too large gets
# these words rather than the site's general 413.
MAX_FILE_BYTES = 3 * 1024 * 1024
MAX_ROWS = 5000
MAX_COLUMNS = 50  # of a spreadsheet read; a roster's columns are the first few
TITLE_ROWS = 3  # rows above the headers a school system may print
CLASS_NAME_MAX = 60
SOURCED_ID_MAX = 100  # Classroom.sourced_id, Student.sourced_id
XLSX_MAX_UNPACKED = 20 * MAX_FILE_BYTES  # its XML, unzipped
ENCODINGS = ("utf-8-sig", "cp950")  # UTF-8 (a BOM or not), then Big5 as Windows writes it

CLASS_HEADERS = ("班級", "班级", "class")
SEAT_HEADERS = ("座號", "座号", "seat")
NAME_HEADERS = ("姓名", "name")
TEACHER_HEADERS = ("老師", "老师", "導師", "teacher")
ACCOUNT_HEADERS = ("學校帳號", "学校帐号", "school account")

PROVIDER_SLUGS = tuple(slug for slug, _prefix, _issuer in KNOWN)
ACCOUNT_MAX = 255  # Student.school_account
EMAIL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._%+'-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
# An OpenID Connect `sub` as providers write them (no space, brace or comma: a OneRoster
# userIds pair holds it).
SUBJECT = re.compile(r"[A-Za-z0-9._~|+=/:@-]+")
GUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
USER_IDS = re.compile(r"\{([^{}:]*):([^{}]*)\}")  # OneRoster's {type:identifier}

ONEROSTER_FILES = ("orgs.csv", "users.csv", "classes.csv", "enrollments.csv")
ONEROSTER_COLUMNS = {
    "orgs.csv": ("sourcedId", "name", "type"),
    "users.csv": ("sourcedId", "role", "givenName", "familyName"),
    "classes.csv": ("sourcedId", "title", "schoolSourcedId"),
    "enrollments.csv": ("classSourcedId", "userSourcedId", "role"),
}


@dataclass(frozen=True)
class Problem:
    """What is wrong, where: `row` as the spreadsheet numbers it (the header is row 1)."""

    file: str
    row: int | None
    message: str


@dataclass
class RosterStudent:
    name: str
    seat: int | None = None
    sourced_id: str = ""
    row: int | None = None
    account: str = ""  # school_account(): a provider's subject id, or an e-mail


@dataclass
class RosterClass:
    name: str
    teacher: str = ""
    sourced_id: str = ""
    students: list[RosterStudent] = field(default_factory=list)
    # A OneRoster teacher the school may not have an account for is not a mistake in the
    # file: the class then goes to whoever imports it (people.rosters.importing).
    teacher_optional: bool = False
    file: str = ""
    row: int | None = None


@dataclass
class Roster:
    kind: str  # "spreadsheet" or "oneroster"
    classes: list[RosterClass]
    # What the preview says and the import goes past: an empty row between students.
    notes: list[Problem] = field(default_factory=list)

    def as_data(self) -> dict:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict) -> Roster:
        classes = [
            RosterClass(
                **{**c, "students": [RosterStudent(**s) for s in c["students"]]},
            )
            for c in data["classes"]
        ]
        notes = [Problem(**note) for note in data.get("notes", ())]
        return cls(kind=data["kind"], classes=classes, notes=notes)


@dataclass(frozen=True)
class Upload:
    """One uploaded file: its name as the teacher's computer called it, and its bytes."""

    name: str
    content: bytes


def read_upload(files: list[Upload]) -> tuple[Roster | None, list[Problem]]:
    """The roster in `files` (one spreadsheet, the OneRoster CSVs, or a zip of them)."""
    if not files:
        return None, [Problem("", None, _("Choose the school's file to import."))]
    for upload in files:
        if len(upload.content) > MAX_FILE_BYTES:
            return None, [Problem(upload.name, None, _("This file is larger than 3 MB."))]
    if len(files) == 1 and files[0].name.lower().endswith(".zip"):
        files, problems = _unzipped(files[0])
        if problems:
            return None, problems
    by_name = {_base_name(f.name): f for f in files}
    if any(name in by_name for name in ONEROSTER_FILES):
        return read_oneroster(by_name)
    if len(files) != 1:
        message = _(
            "Import one spreadsheet, or the OneRoster files orgs, users, classes, enrollments."
        )
        return None, [Problem("", None, message)]
    upload = files[0]
    if upload.name.lower().endswith(".xlsx"):
        rows, problem = _xlsx_rows(upload)
    else:
        rows, problem = _csv_rows(upload)
    if problem:
        return None, [problem]
    return read_spreadsheet(upload.name, rows)


def _base_name(name: str) -> str:
    return name.replace("\\", "/").rsplit("/", 1)[-1].lower()


def _unzipped(upload: Upload) -> tuple[list[Upload], list[Problem]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(upload.content))
        members = [m for m in archive.infolist() if _base_name(m.filename) in ONEROSTER_FILES]
        if sum(m.file_size for m in members) > 4 * MAX_FILE_BYTES:
            return [], [Problem(upload.name, None, _("This file is larger than 3 MB."))]
        files = [Upload(_base_name(m.filename), archive.read(m)) for m in members]
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError):
        return [], [Problem(upload.name, None, _("This zip file cannot be opened."))]
    if not files:
        message = _("The zip has none of the OneRoster files orgs, users, classes, enrollments.")
        return [], [Problem(upload.name, None, message)]
    return files, []


def _decoded(upload: Upload) -> tuple[str | None, Problem | None]:
    for encoding in ENCODINGS:
        try:
            return upload.content.decode(encoding), None
        except UnicodeDecodeError:
            continue
    return None, Problem(
        upload.name, None, _("Save the file as CSV in UTF-8 or Big5, then import it.")
    )


def _csv_rows(upload: Upload) -> tuple[list[list[str]], Problem | None]:
    text, problem = _decoded(upload)
    if problem:
        return [], problem
    if "\x00" in text:
        return [], Problem(upload.name, None, _("This is not a CSV or XLSX file."))
    try:
        return [[as_read(cell) for cell in row] for row in csv.reader(io.StringIO(text))], None
    except csv.Error:
        return [], Problem(upload.name, None, _("This is not a CSV or XLSX file."))


def _xlsx_rows(upload: Upload) -> tuple[list[list[str]], Problem | None]:
    from openpyxl import load_workbook  # only an XLSX import pays for loading it

    try:
        # An XLSX is a zip of XML: a small file could unpack to gigabytes.
        unpacked = sum(m.file_size for m in zipfile.ZipFile(io.BytesIO(upload.content)).infolist())
        if unpacked > XLSX_MAX_UNPACKED:
            return [], Problem(upload.name, None, _("This XLSX file is too large."))
        book = load_workbook(io.BytesIO(upload.content), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        # Bounded by rows and columns, whatever the sheet's dimension says: one cell at
        # XFD1048576 made every row 16,384 cells (4.8 s for a 4.9 KB file, 11-15 s on a busy
        # server). One row too many is said; blank rows after the last filled one are none.
        read = sheet.iter_rows(max_row=MAX_ROWS + 2, max_col=MAX_COLUMNS, values_only=True)
        rows = [[as_read(_cell_text(value)) for value in row] for row in read]
        book.close()
        while rows and not any(rows[-1]):
            rows.pop()
    except Exception:  # openpyxl raises many kinds for a damaged file
        return [], Problem(upload.name, None, _("This XLSX file cannot be opened."))
    return rows, None


def _cell_text(value: object) -> str:
    """A cell as text: a seat number typed in a spreadsheet comes back as 5 or 5.0."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _header_key(text: str) -> str:
    return (
        unicodedata.normalize("NFKC", text.translate(BIDI_CONTROLS))
        .strip()
        .lstrip("\ufeff")
        .casefold()
    )


def clean_name(raw: str) -> str:
    """A name as the site keeps it: direction controls out, spaces as one (forms.py)."""
    return " ".join(raw.translate(BIDI_CONTROLS).split())


def class_name_of(raw: str) -> str:
    """A class name as the site keeps it: full-width digits, letters and spaces as
    half-width (NFKC), spaces as one, none at the ends: 「３年１班 」 is 「3年1班」."""
    return clean_name(unicodedata.normalize("NFKC", raw))


CHINESE_DIGITS = dict(
    zip("〇零一二兩三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True)
)
CLASS_WORDS = frozenset("年級级班")  # 三年一班, 3年1班 and 3-1 name the same class


def class_likeness(name: str) -> str:
    """What two class names that may be one class share: their numbers (Chinese numerals
    read as digits) and their letters, without 年, 級, 班, spaces or punctuation:
    「3-1」, 「三年 一班」 and 「三年一班」 are all 「3 1」."""
    text = re.sub("[〇零一二兩三四五六七八九十]+", _chinese_number, class_name_of(name).casefold())
    parts = re.findall(r"\d+|[^\W\d_]", text)
    return " ".join(str(int(p)) if p.isdigit() else p for p in parts if p not in CLASS_WORDS)


def _chinese_number(match: re.Match) -> str:
    """十二 → 12, 二十 → 20, 三 → 3 (a class's number is below 100)."""
    text = match.group(0)
    tens, _ten, ones = text.partition("十")
    if not _ten:
        return " ".join(str(CHINESE_DIGITS[ch]) for ch in text)
    value = (CHINESE_DIGITS.get(tens[-1:], 1) if tens else 1) * 10
    return f" {value + (CHINESE_DIGITS[ones[0]] if ones else 0)} "


def name_problem(name: str) -> str | None:
    """Why a student's name cannot be used, in words, or None."""
    if not any(char.isalnum() for char in name):
        return _("The name is missing.")
    if len(name) > NICKNAME_MAX:
        return _("The name is longer than %(max)d characters.") % {"max": NICKNAME_MAX}
    # Han characters beside Latin letters are a real name (林Amy), not a disguise.
    if looks_disguised("".join(ch if not _is_han(ch) else " " for ch in name)):
        return _("The name mixes letters that look alike from different alphabets.")
    return None


def _is_han(char: str) -> bool:
    return unicodedata.name(char, "").startswith("CJK")


def _seat(raw: str) -> int | None:
    text = unicodedata.normalize("NFKC", raw).strip()
    if text.endswith(".0"):
        text = text[:-2]
    return int(text) if re.fullmatch("[0-9]{1,3}", text) and 0 < int(text) < 1000 else None


def _header_row(rows: list[list[str]]) -> int:
    """Where the headers are: the first row, or below a title or two (「115學年度 學生名單」, as
    school systems print above the table), among the first TITLE_ROWS + 1 rows."""
    for index, row in enumerate(rows[: TITLE_ROWS + 1]):
        titles = {_header_key(cell) for cell in row}
        if all(titles & set(names) for names in (CLASS_HEADERS, SEAT_HEADERS, NAME_HEADERS)):
            return index
    return 0


def read_spreadsheet(file: str, rows: list[list[str]]) -> tuple[Roster | None, list[Problem]]:
    """班級, 座號, 姓名 (and 老師) from the header row on; a row a student."""
    if not rows:
        return None, [Problem(file, None, _("The file is empty."))]
    start = _header_row(rows)
    header = [_header_key(cell) for cell in rows[start]]

    def column(names: tuple[str, ...]) -> int | None:
        return next((i for i, title in enumerate(header) if title in names), None)

    columns = (column(CLASS_HEADERS), column(SEAT_HEADERS), column(NAME_HEADERS))
    missing = [
        title for title, at in zip(("班級", "座號", "姓名"), columns, strict=True) if at is None
    ]
    if missing:
        message = _("The first row needs the headers 班級, 座號, 姓名; missing: %(missing)s.") % {
            "missing": "、".join(missing)
        }
        return None, [Problem(file, 1, message)]
    if len(rows) - 1 - start > MAX_ROWS:
        message = _("At most %(max)d students a file.") % {"max": MAX_ROWS}
        return None, [Problem(file, None, message)]
    sheet = _Sheet(file)
    empty: list[int] = []  # rows with nothing in them, said when a student follows
    for number, row in enumerate(rows[start + 1 :], start=start + 2):
        extra = (column(TEACHER_HEADERS), column(ACCOUNT_HEADERS))
        cells = [_cell(row, at) for at in (*columns, *extra)]
        if not any(str(value).strip() for value in row):
            empty.append(number)
            continue
        sheet.notes += [Problem(file, at, _("The row is empty: it is skipped.")) for at in empty]
        empty = []
        sheet.read_row(number, *cells)
    if not sheet.classes and not sheet.problems:
        return None, [Problem(file, None, _("The file has no students."))]
    # With its problems, the rows that read well: the preview checks them too (a teacher
    # the school does not know), so every problem is listed at once.
    return Roster("spreadsheet", list(sheet.classes.values()), sheet.notes), sheet.problems


def school_account(raw: str) -> tuple[str, str | None]:
    """A roster's school account as Student.school_account keeps it, or why it cannot be:
    `<provider>:<subject id>` (edu-tw, google or microsoft: the subject id, `sub`, the
    provider gives the person; at Microsoft also the Entra object id, `oid`, a GUID kept
    lower-case), or an e-mail address (case folded)."""
    text = unicodedata.normalize("NFKC", raw.translate(BIDI_CONTROLS)).strip()
    slug, colon, subject = text.partition(":")
    if colon and "@" not in slug and slug.casefold() in PROVIDER_SLUGS:
        if slug.casefold() == "microsoft" and GUID.fullmatch(subject):
            subject = subject.lower()  # an Entra object id, as the sign-in's `oid` is read
        if SUBJECT.fullmatch(subject) and len(text) <= ACCOUNT_MAX:
            return f"{slug.casefold()}:{subject}", None
    elif EMAIL.fullmatch(text) and len(text) <= ACCOUNT_MAX:
        return email_key(text), None
    message = _("The school account 「%(account)s」 is not an e-mail or provider:id.")
    return "", message % {"account": raw.strip()[:80]}


def account_twice(seen: dict[str, int], account: str, number: int) -> str | None:
    """The school account seen on an earlier row (one account, one student), or None."""
    if not account:
        return None
    first = seen.setdefault(account, number)
    if first == number:
        return None
    return _("The school account %(account)s is also on row %(first)d.") % {
        "account": account,
        "first": first,
    }


def _cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) and row[index] else ""


class _Sheet:
    """A spreadsheet read a row at a time: the classes so far, and where each seat and name
    was first seen (a seat number twice is said with both rows)."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.classes: dict[str, RosterClass] = {}
        self.seats: dict[tuple[str, int], int] = {}
        self.names: dict[tuple[str, str], int] = {}
        self.accounts: dict[str, int] = {}

    def read_row(self, number: int, class_cell, seat_text, name_cell, teacher, account_cell):
        class_name, name = class_name_of(class_cell), clean_name(name_cell)
        seat = _seat(seat_text)
        here = [*self._class_problems(class_name), *self._seat_problems(seat_text, seat)]
        if problem := name_problem(name):
            here.append(problem)
        account, problem = school_account(account_cell) if account_cell else ("", None)
        if problem := problem or account_twice(self.accounts, account, number):
            here.append(problem)
        if class_name and seat is not None:
            first = self.seats.setdefault((class_name, seat), number)
            if first != number:
                here.append(
                    _("Seat %(seat)d in %(class)s is also on row %(first)d.")
                    % {"seat": seat, "class": class_name, "first": first}
                )
        if class_name and name:
            first = self.names.setdefault((class_name, name.casefold()), number)
            if first != number:
                here.append(
                    _("%(name)s in %(class)s is also on row %(first)d.")
                    % {"name": name, "class": class_name, "first": first}
                )
        roster_class = self._class(class_name, number, teacher, here)
        self.problems += [Problem(self.file, number, message) for message in here]
        if not here:
            roster_class.students.append(RosterStudent(name, seat, row=number, account=account))

    @staticmethod
    def _class_problems(class_name: str) -> list[str]:
        if not class_name:
            return [_("The class is missing.")]
        if len(class_name) > CLASS_NAME_MAX:
            return [
                _("The class name is longer than %(max)d characters.") % {"max": CLASS_NAME_MAX}
            ]
        return []

    @staticmethod
    def _seat_problems(seat_text: str, seat: int | None) -> list[str]:
        if not seat_text:
            return [_("The seat number is missing.")]
        if seat is None:
            message = _("The seat number 「%(seat)s」 is not a number from 1 to 999.")
            return [message % {"seat": seat_text}]
        return []

    def _class(self, class_name: str, number: int, teacher: str, here: list[str]):
        if not class_name:
            return None
        roster_class = self.classes.get(class_name)
        if roster_class is None:
            roster_class = RosterClass(class_name, teacher, file=self.file, row=number)
            self.classes[class_name] = roster_class
        if teacher and roster_class.teacher and teacher != roster_class.teacher:
            message = _("%(class)s has the teacher %(first)s on row %(row)d, here %(teacher)s.")
            here.append(
                message
                % {
                    "class": class_name,
                    "first": roster_class.teacher,
                    "row": roster_class.row,
                    "teacher": teacher,
                }
            )
        elif teacher:
            roster_class.teacher = teacher
        return roster_class


def _oneroster_table(
    file: str, upload: Upload | None
) -> tuple[list[tuple[int, dict]], list[Problem]]:
    """The rows of one OneRoster file as (row number, {column: value}), the header checked."""
    if upload is None:
        return [], [
            Problem(file, None, _("The OneRoster file %(file)s is missing.") % {"file": file})
        ]
    rows, problem = _csv_rows(upload)
    if problem:
        return [], [Problem(file, None, problem.message)]
    if not rows:
        return [], [Problem(file, None, _("The file is empty."))]
    header = [_header_key(cell) for cell in rows[0]]
    needed = ONEROSTER_COLUMNS[file]
    missing = [name for name in needed if name.casefold() not in header]
    if missing:
        message = _("The first row is missing the columns: %(missing)s.") % {
            "missing": ", ".join(missing)
        }
        return [], [Problem(file, 1, message)]
    table = []
    for number, row in enumerate(rows[1:], start=2):
        if any(value.strip() for value in row):
            values = {
                title: (row[i].strip() if i < len(row) else "") for i, title in enumerate(header)
            }
            if values.get("status", "").casefold() != "tobedeleted":
                table.append((number, values))
    return table, []


def _person_name(user: dict) -> str:
    """familyName then givenName: run together for Chinese (王 + 小明), a space otherwise."""
    family, given = user.get("familyname", ""), user.get("givenname", "")
    if not family or not given:
        return clean_name(family or given)
    cjk = all(_is_han(ch) for ch in family + given)
    return clean_name(family + given if cjk else f"{given} {family}")


def read_oneroster(files: dict[str, Upload]) -> tuple[Roster | None, list[Problem]]:
    """The classes of classes.csv with their students and teachers from enrollments.csv."""
    tables, problems = {}, []
    for file in ONEROSTER_FILES:
        tables[file], found = _oneroster_table(file, files.get(file))
        problems += found
    if problems:
        return None, problems
    orgs, users, class_rows = (_ids(f, tables[f], problems) for f in ONEROSTER_FILES[:3])
    classes = _oneroster_classes(class_rows, orgs, problems)
    enrolled: dict[str, tuple[int, str]] = {}  # a student's enrollment row and class
    accounts: dict[str, int] = {}  # a school account and its row in users.csv
    for number, row in tables["enrollments.csv"]:
        if message := _enroll(row, classes, users, (enrolled, accounts), number):
            file = "users.csv" if message[0] else "enrollments.csv"
            problems.append(Problem(file, message[0] or number, message[1]))
    if not enrolled and not problems:
        problems.append(Problem("enrollments.csv", None, _("The file has no students.")))
    return (None if problems else Roster("oneroster", list(classes.values()))), problems


def _ids(file: str, table, problems: list[Problem]) -> dict[str, tuple[int, dict]]:
    """The rows by sourcedId; a row without one, or with one seen before, is a problem."""
    seen: dict[str, tuple[int, dict]] = {}
    for number, row in table:
        sourced_id = row["sourcedid"]
        if not sourced_id:
            problems.append(Problem(file, number, _("The sourcedId is missing.")))
        elif len(sourced_id) > SOURCED_ID_MAX and file != "orgs.csv":  # orgs' are not kept
            message = _("The sourcedId is longer than %(max)d characters.")
            problems.append(Problem(file, number, message % {"max": SOURCED_ID_MAX}))
            seen[sourced_id] = (number, row)  # its enrollments are not said again
        elif sourced_id in seen:
            message = _("The sourcedId %(id)s is also on row %(first)d.")
            problems.append(
                Problem(file, number, message % {"id": sourced_id, "first": seen[sourced_id][0]})
            )
        else:
            seen[sourced_id] = (number, row)
    return seen


def _oneroster_classes(class_rows, orgs, problems: list[Problem]) -> dict[str, RosterClass]:
    classes: dict[str, RosterClass] = {}
    titles: dict[str, int] = {}
    for sourced_id, (number, row) in class_rows.items():
        title = class_name_of(row["title"])
        here = _Sheet._class_problems(title)
        if title and titles.setdefault(title, number) != number:
            message = _("The class %(class)s is also on row %(first)d.")
            here.append(message % {"class": title, "first": titles[title]})
        if row["schoolsourcedid"] not in orgs:
            here.append(_("The school %(id)s is not in orgs.csv.") % {"id": row["schoolsourcedid"]})
        problems += [Problem("classes.csv", number, message) for message in here]
        classes[sourced_id] = RosterClass(
            title, sourced_id=sourced_id, teacher_optional=True, file="classes.csv", row=number
        )
    return classes


def _enroll(row, classes, users, seen, number: int) -> tuple[int | None, str] | None:
    """One row of enrollments.csv put in its class; what is wrong with it (with the row of
    users.csv when the mistake is there), or None. `seen`: the students enrolled so far
    (their row and class) and the school accounts (their row in users.csv)."""
    enrolled, accounts = seen
    class_id, user_id, role = row["classsourcedid"], row["usersourcedid"], row["role"].casefold()
    if class_id not in classes:
        return None, _("The class %(id)s is not in classes.csv.") % {"id": class_id}
    if user_id not in users:
        return None, _("The user %(id)s is not in users.csv.") % {"id": user_id}
    user_row, user = users[user_id]
    roster_class = classes[class_id]
    if role == "teacher":
        if not roster_class.teacher or row.get("primary", "").casefold() == "true":
            roster_class.teacher = user.get("username") or user.get("email", "")
        return None
    if role != "student":
        return None
    name = _person_name(user)
    if previous := enrolled.get(user_id):
        message = _("%(name)s is also in %(class)s (row %(first)d): one class a student.")
        return None, message % {
            "name": name,
            "class": classes[previous[1]].name,
            "first": previous[0],
        }
    enrolled[user_id] = (number, class_id)
    if problem := name_problem(name):
        return user_row, problem
    if name.casefold() in {s.name.casefold() for s in roster_class.students}:
        return None, _("%(name)s is twice in %(class)s.") % {
            "name": name,
            "class": roster_class.name,
        }
    account, problem = _oneroster_account(user)
    if problem := problem or account_twice(accounts, account, user_row):
        return user_row, problem
    roster_class.students.append(RosterStudent(name, None, user_id, row=number, account=account))
    return None


def _oneroster_account(user: dict) -> tuple[str, str | None]:
    """users.csv's school account for a student: the `userIds` pair whose type is a sign-in
    provider ({edu-tw:<subject>}), else `username` when it is an e-mail address. Other
    pairs ({SIS:5678}) and `identifier` (a student number) are not sign-in accounts."""
    ids = user.get("userids", "").strip()
    pairs = USER_IDS.findall(ids)
    if ids and USER_IDS.sub("", ids).replace(",", "").strip():
        message = _("userIds 「%(ids)s」 is not written as {type:id}.")
        return "", message % {"ids": ids[:80]}
    for kind, identifier in pairs:
        if kind.strip().casefold() in PROVIDER_SLUGS:
            return school_account(f"{kind.strip()}:{identifier.strip()}")
    username = user.get("username", "")
    return school_account(username) if "@" in username else ("", None)
