"""The roster and the name picker keep the pasted order with seat numbers; the picker starts
from a seat number or a first character; login cards print the address and a QR code."""

import importlib

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from people.models import Classroom, Student
from tests.people.conftest import make_student, signed_in
from tests.people.qr import decode_qr

pytestmark = pytest.mark.django_db

PASTED = ["陳小明", "何大同", "劉小美", "吳阿志", "王小華"]  # not Unicode order (何 劉 吳 王 陳)


def paste(teacher, classroom, names) -> None:
    response = signed_in(teacher).post(
        reverse("people:class_roster", args=[classroom.pk]), {"nicknames": "\n".join(names)}
    )
    assert response.status_code == 200


def seats(classroom) -> list[tuple[int, str]]:
    return [
        (s.seat_number, s.learner.nickname) for s in classroom.students.select_related("learner")
    ]


def test_pasted_students_keep_the_pasted_order_numbered_from_one(teacher, classroom):
    paste(teacher, classroom, PASTED)
    assert seats(classroom) == list(enumerate(PASTED, start=1))
    paste(teacher, classroom, ["林一", "陳小明", "張二"])  # 陳小明 is there already
    assert seats(classroom)[5:] == [(6, "林一"), (7, "張二")]


def test_the_roster_and_the_name_picker_show_the_seats_in_that_order(teacher, classroom):
    paste(teacher, classroom, PASTED)
    roster = signed_in(teacher).get(reverse("people:class_roster", args=[classroom.pk]))
    picker = Client().get(reverse("people:pick_name", args=[classroom.join_code]))
    for page in (roster.content.decode(), picker.content.decode()):
        positions = [page.index(name) for name in PASTED]
        assert positions == sorted(positions)
    assert '<td class="seat" data-seat>1</td>' in roster.content.decode()
    assert "1 號" in picker.content.decode()
    assert "5 號" in picker.content.decode()


@pytest.mark.parametrize(
    "page", ["people:teacher_home", "people:class_roster", "people:delete_account"]
)
def test_a_page_that_counts_per_row_still_says_the_rows_order(teacher, classroom, page):
    """A GROUP BY query drops the model's Meta.ordering: PostgreSQL then returns its rows in
    whatever order its hash aggregate gives (a roster once came back 5, 2, 3, 4, 1)."""
    paste(teacher, classroom, PASTED)
    args = [classroom.pk] if page == "people:class_roster" else []
    with CaptureQueriesContext(connection) as queries:
        assert signed_in(teacher).get(reverse(page, args=args)).status_code == 200
    grouped = [q["sql"] for q in queries if "GROUP BY" in q["sql"]]
    assert grouped
    assert all("ORDER BY" in sql for sql in grouped), grouped


@pytest.mark.parametrize(
    ("start", "names"),
    [("3", ["劉小美"]), ("３", ["劉小美"]), ("陳", ["陳小明", "陳阿寶"]), ("吳", ["吳阿志"])],
)
def test_the_name_picker_starts_from_a_seat_number_or_a_first_character(
    teacher, classroom, start, names
):
    paste(teacher, classroom, [*PASTED, "陳阿寶"])
    page = Client().get(reverse("people:pick_name", args=[classroom.join_code]), {"start": start})
    body = page.content.decode()
    tile = '<bdi class="choice-name">{}</bdi>'
    shown = [name for name in [*PASTED, "陳阿寶"] if tile.format(name) in body]
    assert shown == names


def test_the_name_picker_answers_htmx_with_the_list_alone(teacher, classroom):
    paste(teacher, classroom, PASTED)
    url = reverse("people:pick_name", args=[classroom.join_code])
    response = Client().get(url, {"start": "何"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="names">')
    assert '<bdi class="choice-name">何大同</bdi>' in body and "陳小明" not in body
    assert "HX-Request" in response["Vary"]


def test_a_start_matching_nobody_says_so_kindly(teacher, classroom):
    paste(teacher, classroom, PASTED)
    page = Client().get(reverse("people:pick_name", args=[classroom.join_code]), {"start": "99"})
    assert page.status_code == 200
    assert "沒有人是這樣開頭的" in page.content.decode()


def test_a_moved_student_takes_the_next_seat_in_the_new_class(teacher, classroom):
    paste(teacher, classroom, PASTED)
    other = Classroom.objects.create(teacher=teacher, name="進階班", join_code="WXYZ45")
    make_student(other, "阿志")
    student = classroom.students.get(learner__nickname="何大同")
    signed_in(teacher).post(
        reverse("people:move_student", args=[student.pk]), {"classroom": other.pk}
    )
    assert seats(other) == [(1, "阿志"), (2, "何大同")]


def test_the_migration_numbers_existing_students_in_the_order_the_roster_showed(teacher, classroom):
    for name in PASTED:
        make_student(classroom, name)
    Student.objects.update(seat_number=0)  # as they were before seat numbers
    migration = importlib.import_module("people.migrations.0003_student_seat_number")
    migration.number_the_seats(django_apps, None)
    assert seats(classroom) == list(enumerate(sorted(PASTED), start=1))


def test_login_cards_print_the_site_address_and_the_class_login_address(teacher, classroom):
    paste(teacher, classroom, PASTED)
    page = signed_in(teacher).get(reverse("people:login_cards", args=[classroom.pk]))
    body = page.content.decode()
    assert body.count('<span class="card-url">http://testserver/</span>') == len(PASTED)
    assert f"http://testserver/join/{classroom.join_code}/" in body
    for student in classroom.students.all():  # each card its own child's QR badge
        assert body.count(f'src="{reverse("people:badge_qr", args=[student.pk])}"') == 1


def test_the_qr_code_decodes_to_the_class_login_page_with_the_code_filled_in(
    teacher, classroom, tmp_path
):
    paste(teacher, classroom, PASTED)
    response = signed_in(teacher).get(reverse("people:login_qr", args=[classroom.pk]))
    assert response["Content-Type"] == "image/png"
    address = decode_qr(response.content, tmp_path)
    assert address == f"http://testserver/join/{classroom.join_code}/"
    page = Client().get(address.removeprefix("http://testserver"))
    assert page.status_code == 200
    assert classroom.name in page.content.decode()
    assert '<bdi class="choice-name">陳小明</bdi>' in page.content.decode()


def test_the_qr_code_is_404_for_another_teacher_and_an_outsider(other_teacher, outsider, classroom):
    url = reverse("people:login_qr", args=[classroom.pk])
    for intruder in (other_teacher, outsider):
        assert signed_in(intruder).get(url).status_code == 404
    assert Client().get(url)["Location"].startswith(reverse("people:sign_in"))
