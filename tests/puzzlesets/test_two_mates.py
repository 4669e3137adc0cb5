"""A mate in one with two mates (white rooks a1, b1, king g1; black king h8, pawns g7, h7:
Ra8# and Rb8#) is a sound question: the judge accepts both, so the set's worksheet key
lists both, and a teacher marking paper marks neither wrong."""

import pytest
from django.urls import reverse

from curriculum.judging import judge
from curriculum.outcome import Result
from puzzlesets.catalogue import puzzles_in
from puzzlesets.models import PuzzleSet
from tests.people.conftest import signed_in
from tests.puzzlesets.helpers import make_puzzle

pytestmark = pytest.mark.django_db

TWO_MATES = "7k/6pp/8/8/8/8/8/RR4K1 w - - 0 1"


def test_a_mate_in_one_with_two_mates_is_saved_and_its_key_lists_both(owner):
    client = signed_in(owner)
    made = PuzzleSet.objects.create(owner=owner, name="將死")
    response = make_puzzle(client, {"question": "mate", "fen": TWO_MATES}, set_id=made.pk)
    assert response.status_code == 302
    [(_item, puzzle)] = puzzles_in(made)
    assert judge(puzzle, "a1a8").result == Result.CORRECT
    assert judge(puzzle, "b1b8").result == Result.CORRECT

    sheet = client.get(reverse("puzzlesets:set_sheet", args=[made.pk])).context["sheet"]
    [answer] = sheet.answers
    assert answer.text == "這幾步都對：白車從 a1 走到 a8（Ra8#）；白車從 b1 走到 b8（Rb8#）"
