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
