"""The answer key lists every answer the judge accepts: each move when one move solves the
puzzle, else one line said as 「例如」 when the judge accepts others too."""

import pytest
from django.utils import translation

from curriculum.loading import get_curriculum
from worksheets.answers import answer_text


def puzzle(puzzle_id):
    return next(
        p for lesson in get_curriculum().lessons for p in lesson.puzzles if p.id == puzzle_id
    )


@pytest.mark.parametrize(
    ("puzzle_id", "key"),
    [
        # 4k3/8/8/8/4N3/8/8/4K3 w: Nd6+ and Nf6+ both give check.
        ("check-give-knight", "這幾步都對：白馬從 e4 走到 d6；白馬從 e4 走到 f6"),
        # 8/8/8/4k3/8/4K3/8/R7 w, the rook to h8 in two moves: by a8 or by h1.
        ("rook-far-corner", "例如：白車從 a1 走到 a8、白車從 a8 走到 h8"),
    ],
)
def test_the_key_lists_every_accepted_answer_or_says_for_example(puzzle_id, key):
    with translation.override("zh-hant"):
        assert answer_text(puzzle(puzzle_id)) == key


def test_the_key_in_english_says_each_of_these():
    with translation.override("en"):
        text = answer_text(puzzle("check-give-knight"))
    assert text.startswith("Each of these is right: ") and "; " in text
