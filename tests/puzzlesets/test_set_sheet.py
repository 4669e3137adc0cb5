"""A set's worksheet: the set page links to it, the sheet holds the set's puzzles in the set's
order with each one's address for the class, the PDF downloads, and bad asks are 400s."""

import pytest
from django.urls import reverse

from puzzlesets.models import PuzzleSet, SetItem
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.django_db

SOURCES = ("rook-far-corner", "knight-first-jump", "rook-lines")


@pytest.fixture
def puzzle_set(owner):
    made = PuzzleSet.objects.create(owner=owner, name="週末的題組")
    for position, source in enumerate(SOURCES, 1):
        SetItem.objects.create(puzzle_set=made, position=position, source=source)
    return made


def test_the_set_page_links_to_its_worksheet_and_pdf(owner, puzzle_set):
    page = signed_in(owner).get(reverse("puzzlesets:set_page", args=[puzzle_set.pk]))
    html = page.content.decode()
    assert f'href="/teacher/sets/{puzzle_set.pk}/worksheet/"' in html
    assert f'href="/teacher/sets/{puzzle_set.pk}/worksheet/pdf/" download' in html


def test_the_sheet_holds_the_set_s_puzzles_in_order_each_with_its_address(owner, puzzle_set):
    url = reverse("puzzlesets:set_sheet", args=[puzzle_set.pk])
    response = signed_in(owner).get(url, {"paper": "letter"})
    assert response.status_code == 200
    sheet = response.context["sheet"]
    assert sheet.title == "週末的題組" and sheet.paper.key == "letter"
    items = puzzle_set.items.order_by("position")
    assert [item.puzzle.id for item in sheet.items] == [f"set-{item.pk}" for item in items]
    assert [item.url for item in sheet.items] == [
        f"http://testserver/sets/items/{item.pk}/" for item in items
    ]
    assert sheet.online_url == "http://testserver/"
    assert len(sheet.answers) == len(SOURCES)
    assert "週末的題組" in response.content.decode()


def test_the_pdf_downloads_under_the_set_s_number(owner, puzzle_set):
    url = reverse("puzzlesets:set_sheet_pdf", args=[puzzle_set.pk])
    response = signed_in(owner).get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    expected = f'attachment; filename="worksheet-set-{puzzle_set.pk}-a4.pdf"'
    assert response["Content-Disposition"] == expected


def test_an_empty_set_or_a_bad_paper_is_a_400_in_words(owner, puzzle_set):
    client = signed_in(owner)
    empty = PuzzleSet.objects.create(owner=owner, name="空的")
    response = client.get(reverse("puzzlesets:set_sheet", args=[empty.pk]))
    assert response.status_code == 400
    assert "這個題組還沒有題目：先加入題目，再印出來。" in response.content.decode()
    response = client.get(reverse("puzzlesets:set_sheet", args=[puzzle_set.pk]), {"paper": "a3"})
    assert response.status_code == 400


def test_another_grown_up_cannot_print_the_owner_s_set(puzzle_set):
    stranger = signed_in(make_grown_up("stranger"))
    for name in ("puzzlesets:set_sheet", "puzzlesets:set_sheet_pdf"):
        assert stranger.get(reverse(name, args=[puzzle_set.pk])).status_code == 404
