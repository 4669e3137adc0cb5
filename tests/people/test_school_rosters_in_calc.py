"""The school's roster CSV opened by LibreOffice Calc: Chinese headers, seat numbers as
numbers, names as text (a name like 「=1+1」 never becomes a formula)."""

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
    rows = [["班級", "座號", "姓名"], ["三年一班", "1", "王小明"], ["三年一班", "2", "=1+1"]]
    confirm(client, school, upload(client, school, {"r.csv": csv_bytes(rows)}))
    exported = client.get(reverse("people:export_roster", args=[school.pk, "csv"])).content
    sheet = open_in_calc({"roster": exported})["roster"]
    assert sheet[:3] == [
        [("string", "班級"), ("string", "座號"), ("string", "姓名"), ("string", "老師")],
        [("string", "三年一班"), ("float", "1"), ("string", "王小明"), ("string", "admin")],
        [("string", "三年一班"), ("float", "2"), ("string", "'=1+1"), ("string", "admin")],
    ]
