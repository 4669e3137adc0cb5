"""The class CSVs opened by LibreOffice Calc: counts stay numbers, headers are in Chinese."""

import pytest
from django.urls import reverse

from tests.people.conftest import ATTEMPTS_HEADER, give_progress, make_student, signed_in
from tests.people.spreadsheet import open_in_calc

pytestmark = pytest.mark.django_db


def downloaded(response) -> bytes:
    """The file's bytes: the class CSVs are streamed."""
    return b"".join(response.streaming_content)


def test_calc_reads_the_grid_and_attempts_csvs_as_numbers_and_chinese_headers(
    teacher, classroom, student, first_lesson
):
    give_progress(student.learner, first_lesson)
    make_student(classroom, "小美")
    client = signed_in(teacher)
    sheets = open_in_calc(
        {
            "grid": downloaded(client.get(reverse("people:grid_csv", args=[classroom.pk]))),
            "attempts": downloaded(client.get(reverse("people:attempts_csv", args=[classroom.pk]))),
            "old": "\ufeff暱稱,解開\n小華,1/13\n".encode(),  # the old cell: Calc makes it a date
        }
    )
    assert sheets["old"][1][1][0] == "date"

    grid = sheets["grid"]
    title = first_lesson.title
    total = str(len(first_lesson.puzzles))
    assert grid[0][:4] == [
        ("string", "暱稱"),
        ("string", f"{title}：解開題數"),
        ("string", f"{title}：總題數"),
        ("string", f"{title}：星星"),
    ]
    rows = {row[0][1]: row for row in grid[1:]}
    assert rows["小華"][1:4] == [("float", "1"), ("float", total), ("float", "0")]
    assert rows["小美"][1:4] == [("float", "0"), ("float", total), ("float", "0")]
    kinds = {kind for row in grid[1:] for kind, _ in row[1:]}
    assert kinds == {"float"}  # no count anywhere became a date or text
    assert all(kind == "string" for kind, _ in grid[0])

    attempts = sheets["attempts"]
    assert [value for _, value in attempts[0]] == ATTEMPTS_HEADER
    assert attempts[1][1][0] == "date"  # 「2026-12-06 22:35:40」: a date and a time
    assert attempts[1][4] == ("string", "白車從 a1 走到 a8")
    assert attempts[1][6] == ("string", "只有馬可以跳過棋子")
