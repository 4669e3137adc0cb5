"""The presenter's puzzle pickers: the options drawn by a Jinja2 fragment are what Django's
template wrote, and each label is cut as truncatechars:50 cuts it."""

import pytest
from django.template import Context, Template
from django.utils.text import Truncator

from live import puzzles
from live.templatetags.live_pickers import puzzle_options

DJANGO_OPTIONS = Template(
    '{% for title, items in choices %}<optgroup label="{{ title }}">{% for choice in items %}'
    '<option value="{{ choice.value }}"{% if choice.value == selected %} selected{% endif %}>'
    "{{ choice.label }}</option>{% endfor %}</optgroup>{% endfor %}"
)


@pytest.mark.parametrize(
    "text",
    [
        "1. 馬走到 b3",
        "x" * 50,
        "x" * 51,
        "12. "
        + "王車易位的條件：王和車都沒有動過，中間沒有棋子，王不在被將軍中，也不經過被攻擊的格子",
        "e\u0301" * 30,  # combining accents: 30 characters as Truncator counts them
        "Cafe\u0301 " * 12,  # not NFC: Truncator normalises it
    ],
)
def test_a_picker_label_is_cut_as_truncatechars_cuts_it(text):
    assert puzzles._picker_label(text) == Truncator(text).chars(50)


def test_the_options_are_what_the_django_template_wrote():
    choices = [
        ("馬 <&> \"'", [puzzles.PuzzleChoice("knight/a", "1. 馬 <b> & \"x\" 'y'")]),
        *puzzles.choices(),
    ]
    for selected in ("", "knight/knight-crowded-corner", "knight/a"):
        expected = DJANGO_OPTIONS.render(Context({"choices": choices, "selected": selected}))
        assert puzzle_options(choices, selected) == expected
    assert " selected>" in puzzle_options(choices, "knight/knight-crowded-corner")
