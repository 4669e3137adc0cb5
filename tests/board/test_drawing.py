"""board.drawing writes the squares exactly as the board template's loop did."""

import re
from dataclasses import FrozenInstanceError, replace

import pytest
from django.template import Context, Template

from board.component import board_context
from board.drawing import square_buttons

# The loop board.html had before the squares were written in Python.
TEMPLATE_LOOP = Template(
    """{% for rank_label, rank in board.rows %}<span class="board-coord board-rank" aria-hidden="true">{{ rank_label }}</span>
{% for square in rank %}<button type="submit" name="square" value="{{ square.name }}" data-square="{{ square.name }}" class="square {% if square.light %}light{% else %}dark{% endif %}" aria-label="{{ square.label }}"{% if square.piece %} data-piece="{{ square.piece }}"{% endif %}{% if square.highlighted %} data-highlight{% endif %}{% if square.last_move %} data-last-move{% endif %}{% if board.mode == "mark" %} aria-pressed="{% if square.marked %}true{% else %}false{% endif %}"{% elif square.selected %} aria-pressed="true" data-selected{% endif %}{% if square.marked and board.mode != "mark" %} data-marked{% endif %}{% if board.mode == "view" %} disabled{% endif %}>{% if square.image %}<img src="{{ square.image }}" alt="" width="45" height="45" draggable="false">{% endif %}</button>{% endfor %}
{% endfor %}"""  # noqa: E501
)
FEN = "r3k2r/pppq1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 1"


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "move", "selected": "e1", "highlights": ["f1", "g1"], "last_move": "e7e5"},
        {"mode": "mark", "marked": ["d6", "e6"]},
        {"mode": "view", "marked": ["a1"], "orientation": "black", "last_move": "d2d5"},
    ],
)
def test_the_squares_are_the_templates_markup(options):
    board = board_context(FEN, **options)
    expected = TEMPLATE_LOOP.render(Context({"board": board})).strip()
    assert square_buttons(board) == expected
    assert len(re.findall(r"<button ", expected)) == 64


def test_a_label_is_escaped():
    board = board_context("4k3/8/8/8/8/8/8/4K3 w - - 0 1", mode="move")
    first, *rest = board.ranks[0]
    nasty = replace(first, label='"><script>')  # a new view: the one made is kept and shared
    board = replace(board, ranks=((nasty, *rest), *board.ranks[1:]))
    assert 'aria-label="&quot;&gt;&lt;script&gt;"' in square_buttons(board)


def test_the_same_board_is_made_once_and_handed_out_again_in_each_language():
    from django.utils import translation

    first = board_context(FEN, highlights=["f1", "g1"], selected="e1")
    again = board_context(FEN, highlights=("g1", "f1"), selected="e1")
    assert again is first
    assert again.square_buttons is first.square_buttons  # its squares drawn once
    assert first.square_buttons == square_buttons(first)
    with translation.override("en"):
        english = board_context(FEN, highlights=["f1", "g1"], selected="e1")
    assert english is not first
    assert english.ranks[7][4].label == "e1, white king"
    assert board_context(FEN, highlights=["f1"], selected="e1") is not first
    with pytest.raises(FrozenInstanceError):
        first.ranks[0][0].label = "changed"  # a view handed out again is never changed
