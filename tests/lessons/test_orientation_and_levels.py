"""Which side is at the bottom, and how a puzzle is numbered (issue 25).

A question with no move to make or to judge keeps White at the bottom whoever is to move
(draws-dead-king-knight); a move to make or a move asked about shows the learner's side."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def orientation(slug: str, puzzle: str) -> str:
    html = Client().get(f"/lessons/{slug}/?puzzle={puzzle}").content.decode()
    return re.search(r'data-orientation="(\w+)"', html).group(1)


@pytest.mark.parametrize(
    ("slug", "puzzle", "side"),
    [
        ("draws", "draws-dead-king-knight", "white"),  # how does the game stand? no move
        ("check", "check-is-it-check", "white"),
        ("castling", "castling-black-short", "black"),  # Black plays
        ("pawn", "pawn-black-goes-down", "black"),  # Black's squares to mark
        ("en-passant", "en-passant-black-too-late", "black"),  # Black's move judged
    ],
)
def test_the_board_turns_only_for_a_move_the_learner_makes_or_judges(slug, puzzle, side):
    assert orientation(slug, puzzle) == side


def page(slug: str, puzzle: str) -> str:
    return Client().get(f"/lessons/{slug}/?puzzle={puzzle}").content.decode()


def test_a_puzzle_played_as_black_says_so_and_a_question_does_not():
    said = '<span class="puzzle-side" data-plays-black>你是黑方。</span>'
    assert said in page("castling", "castling-black-short")
    assert said in page("pawn", "pawn-black-goes-down")
    assert "data-plays-black" not in page("draws", "draws-dead-king-knight")
    assert "data-plays-black" not in page("castling", "castling-short-first")


def test_the_heading_counts_within_the_level_as_the_steps_do():
    from curriculum.loading import get_curriculum

    lesson = get_curriculum().lesson("board")
    first, second = lesson.levels[0], lesson.levels[1]
    html = page("board", second[1].id)
    assert '<p class="puzzle-level">第 2 關，共 2 關</p>' in html
    assert f'<h2 id="puzzle-heading">第 2 題（共 {len(second)} 題）</h2>' in html
    html = page("board", first[0].id)
    assert f'<h2 id="puzzle-heading">第 1 題（共 {len(first)} 題）</h2>' in html


def test_the_stars_line_stays_once_every_star_is_reached():
    client = Client()
    client.get("/lessons/board/?puzzle=board-first-step")
    answer = {"selected": "e1", "square": "d2", "mode": "move", "played": ""}
    html = client.post(
        "/lessons/board/board-first-step/", answer, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "data-solved" in html
    assert '<p class="puzzle-targets" data-targets>每一顆星星都拿到了！</p>' in html
