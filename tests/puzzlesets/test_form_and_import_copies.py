"""The new-question form marks each field with the questions that use it (js/new-puzzle.js
shows only those; without JavaScript every field shows); a set imported twice is named as
a copy and adds no copy of its puzzles to 「我自己出的題目」, where each puzzle has a small
picture of its position."""

import re

import pytest
from django.urls import reverse

from puzzlesets import exchange
from puzzlesets.models import OwnPuzzle, PuzzleSet
from tests.people.conftest import signed_in
from tests.puzzlesets.helpers import CASTLE_AFTER_KING_WALK, KNIGHT_STAR, make_puzzle

pytestmark = pytest.mark.django_db


def test_each_field_names_the_questions_that_use_it_and_the_script_is_loaded(owner):
    html = signed_in(owner).get(reverse("puzzlesets:new_puzzle")).content.decode()
    wrappers = re.findall(r'data-asked-by="([^"]*)">.*?name="(\w+)"', html, re.S)
    assert wrappers == [
        ("star squares", "square"),
        ("star", "targets"),
        ("legal capture", "move"),
        ("castle", "side"),
    ]
    assert re.search(r'<script src="/static/js/new-puzzle[^"]*\.js" defer></script>', html)
    assert not re.search(r"data-asked-by=\"[^\"]*\" hidden", html)  # all shown without JS


def test_a_set_imported_twice_is_named_as_a_copy_and_adds_no_copy_of_its_puzzles(owner):
    client = signed_in(owner)
    client.post(reverse("puzzlesets:sets_home"), {"name": "特別走法小測驗"})
    first = PuzzleSet.objects.get()
    make_puzzle(client, KNIGHT_STAR, first.pk)
    make_puzzle(client, CASTLE_AFTER_KING_WALK, first.pk)
    text = exchange.to_toml(first)
    for _time in range(2):
        assert client.post(reverse("puzzlesets:import_toml"), {"text": text}).status_code == 302
    names = list(PuzzleSet.objects.order_by("pk").values_list("name", flat=True))
    assert names == ["特別走法小測驗", "特別走法小測驗（2）", "特別走法小測驗（3）"]
    assert OwnPuzzle.objects.count() == 2
    assert [s.items.count() for s in PuzzleSet.objects.all()] == [2, 2, 2]


def test_a_copy_name_stays_within_the_longest_name(owner):
    PuzzleSet.objects.create(owner=owner, name="題" * 60)
    assert exchange.copy_name(owner, "題" * 60) == "題" * 57 + "（2）"


def test_each_own_puzzle_is_listed_with_a_small_picture_of_its_position(owner):
    client = signed_in(owner)
    make_puzzle(client, KNIGHT_STAR)
    html = client.get(reverse("puzzlesets:sets_home")).content.decode()
    listed = html.split("data-own-puzzles")[1].split("</ol>")[0]
    assert 'class="mini-board" role="img" aria-label="局面：e8，黑王、e1，白王、g1，白馬"' in listed
    assert listed.count('class="mini-square') == 64
