"""A large class's grids a page of 40 students at a time, in seat order; the misconceptions,
the last 7 days and who finished an assignment still count the whole class."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from lessons.progress import record_attempt
from people.models import Assignment
from people.reports.grid_pages import GRID_PAGE, GridPage, grid_page
from practice.models import Review
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db


def test_a_page_is_a_number_from_one_to_the_last_page():
    assert grid_page(81, None) == GridPage(1, 81)
    assert grid_page(81, "3") == GridPage(3, 81)
    assert (GridPage(3, 81).start, GridPage(3, 81).end) == (80, 81)
    for asked in ("0", "4", "-1", "abc", "", "٢", "1e3", "9" * 5000):
        assert grid_page(81, asked) is None, asked
    assert grid_page(0, "1") == GridPage(1, 0)  # an empty class has its one, empty page
    assert [(link.first, link.last, link.current) for link in GridPage(2, 81).links] == [
        (1, 40, False),
        (41, 80, True),
        (81, 81, False),
    ]


def seat_class(classroom, students: int) -> list:
    return [make_student(classroom, f"學生{n:02d}") for n in range(students)]


def grid_names(page: str, marker: str) -> list[str]:
    table = page[page.index(marker) :]
    table = table[: table.index("</table>")]
    return re.findall(r'<th scope="row">(?:<a href="[^"]+">)?([^<]+)', table)


def test_a_class_of_41_shows_40_students_then_the_41st_on_page_two(teacher, classroom):
    seat_class(classroom, GRID_PAGE + 1)
    client = signed_in(teacher)
    url = reverse("people:class_dashboard", args=[classroom.pk])
    first = client.get(url).content.decode()
    assert grid_names(first, 'class="mastery-grid"') == [f"學生{n:02d}" for n in range(40)]
    assert grid_names(first, "data-rule-grid") == [f"學生{n:02d}" for n in range(40)]
    assert "下面的表格是第 1–40 位學生（全班 41 位）" in first
    assert '<a href="?page=1" aria-current="page">1–40</a>' in first
    assert '<a href="?page=2">41–41</a>' in first
    second = client.get(url, {"page": "2"}).content.decode()
    assert grid_names(second, 'class="mastery-grid"') == ["學生40"]
    assert grid_names(second, "data-rule-grid") == ["學生40"]
    assert '<a href="?page=2" aria-current="page">41–41</a>' in second


def test_a_class_of_40_has_one_page_and_no_page_links(teacher, classroom):
    seat_class(classroom, GRID_PAGE)
    page = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert len(page.context["grid"]) == GRID_PAGE
    assert "grid-pages" not in page.content.decode()


def test_a_page_the_class_does_not_have_is_a_400_in_words(teacher, classroom):
    seat_class(classroom, 3)
    client = signed_in(teacher)
    url = reverse("people:class_dashboard", args=[classroom.pk])
    for asked in ("2", "0", "abc"):
        response = client.get(url, {"page": asked})
        assert response.status_code == 400, asked
        assert "這個班級沒有這一頁學生。" in response.content.decode()


def test_the_assignments_count_the_students_of_every_page(teacher, classroom, first_lesson):
    students = seat_class(classroom, GRID_PAGE + 1)
    last = students[-1]  # on page two
    Assignment.objects.create(classroom=classroom, lesson=first_lesson.slug)
    Assignment.objects.create(classroom=classroom, lesson="castling", until_mastered=True)
    for puzzle in first_lesson.puzzles:
        record_attempt(
            last.learner, lesson=first_lesson.slug, puzzle=puzzle.id, answer="ok", verdict="correct"
        )
    Review.objects.create(learner=last.learner, rule="castling", mastered_at=timezone.now())
    client = signed_in(teacher)
    url = reverse("people:class_dashboard", args=[classroom.pk])
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    # the nine of a class without wrong answers (no misconception's example to read), and
    # over the whole class the lessons finished and the rules mastered, the teacher's class
    # locks (the banner), who has tried the assigned lessons (the homework box) and the
    # class's puzzle sets
    assert len(captured) == 14
    assert [row.student.nickname for row in response.context["grid"]][-1] == "學生39"
    statuses = {status.assignment.lesson: status for status in response.context["assignments"]}
    assert [s.nickname for s in statuses[first_lesson.slug].finished] == ["學生40"]
    assert [s.nickname for s in statuses["castling"].finished] == ["學生40"]
    assert {status.total for status in statuses.values()} == {41}
    page = re.sub(r"\s+", " ", response.content.decode())
    assert "41 人中 1 人學會" in page
    assert "41 人中 1 人完成" in page


def test_every_page_of_a_class_without_assignments_takes_the_same_eleven_queries(
    teacher, classroom
):
    """The dashboard's twelve but the misconceptions' examples: nobody has answered wrongly."""
    seat_class(classroom, GRID_PAGE + 1)
    client = signed_in(teacher)
    url = reverse("people:class_dashboard", args=[classroom.pk])
    client.get(url)
    for asked in ("1", "2"):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url, {"page": asked}).status_code == 200
        assert len(captured) == 11, asked
