"""A reach puzzle whose goal says `star` shows its square as a star from the start, and a
legal move that misses it names the square; where finding the square is the lesson (the
board's coordinates, notation) nothing is drawn."""

import re

import pytest

from curriculum.loading import get_curriculum

pytestmark = pytest.mark.django_db


def reach_puzzle(slug: str):
    lesson = get_curriculum().lesson(slug)
    return next(p for p in lesson.puzzles if (p.goal or {}).get("type") == "reach")


def stars(html: str) -> str | None:
    found = re.search(r'data-stars="([^"]*)"', html)
    return found[1] if found else None


def test_the_knights_square_is_a_star_from_the_start(client):
    puzzle = reach_puzzle("knight")
    html = client.get(f"/lessons/knight/?puzzle={puzzle.id}").content.decode()
    assert stars(html) == puzzle.goal["square"] == "b3"
    assert "星星在：b3。" in html
    assert "還可以走" not in html  # a reach puzzle has no count of moves


def test_a_legal_move_that_misses_names_the_square(client):
    puzzle = reach_puzzle("knight")
    client.get(f"/lessons/knight/?puzzle={puzzle.id}")
    page = client.get(f"/lessons/knight/?puzzle={puzzle.id}").content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page)[1]
    html = client.post(
        f"/lessons/knight/{puzzle.id}/",
        {"square": "a3", "selected": "a2", "mode": "move", "played": "", "asked": puzzle.id,
         "token": token},
    ).content.decode()  # fmt: skip
    assert "這步可以走，但要讓題目說的棋子走到 b3。" in html


@pytest.mark.parametrize("slug", ["board", "notation", "notation-reading", "setup"])
def test_where_finding_the_square_is_the_lesson_no_star_is_drawn(client, slug):
    puzzle = reach_puzzle(slug)
    html = client.get(f"/lessons/{slug}/?puzzle={puzzle.id}").content.decode()
    assert stars(html) is None
