"""The school's roster CSV opened by LibreOffice Calc: Chinese headers, seat numbers as
numbers, names and school accounts as text (a name like 「=1+1」 never becomes a formula)."""

import pytest
from django.urls import reverse

from tests.people.conftest import make_grown_up, signed_in
from tests.people.rosters import confirm, csv_bytes, make_school, upload
from tests.people.spreadsheet import open_in_calc

pytestmark = pytest.mark.django_db


def test_calc_reads_the_school_roster_csv_as_the_school_wrote_it():
    admin = make_grown_up("admin")
    school = make_school(admin)
    client = signed_in(admin)
    rows = [
        ["班級", "座號", "姓名", "學校帳號"],
        ["三年一班", "1", "王小明", "edu-tw:s-2001"],
        ["三年一班", "2", "=1+1", "s2002@school.edu.tw"],
        ["三年一班", "3", "陳大同", ""],
    ]
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(rows)}))
    exported = client.get(reverse("people:export_roster", args=[school.pk, "csv"])).content
    sheet = open_in_calc({"roster": exported})["roster"]
    klass, teacher = ("string", "三年一班"), ("string", "admin")
    assert sheet[:4] == [
        [("string", t) for t in ("班級", "座號", "姓名", "老師", "學校帳號")],
        [klass, ("float", "1"), ("string", "王小明"), teacher, ("string", "edu-tw:s-2001")],
        [klass, ("float", "2"), ("string", "'=1+1"), teacher, ("string", "s2002@school.edu.tw")],
        [klass, ("float", "3"), ("string", "陳大同"), teacher],  # an empty cell: none kept
    ]
