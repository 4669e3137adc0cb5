"""The row of numbered puzzle links, drawn in Python: its markup, word for word."""

from django.utils import translation

from lessons.steps import Step, _nav, steps_nav


def test_the_row_says_each_puzzle_solved_or_not_and_marks_the_current_one():
    with translation.override("zh-hant"):
        html = steps_nav([Step("knight-a", 1, 3, False), Step("knight-b", 2, None, True)])
    assert html == (
        '<nav class="puzzle-steps" aria-label="這一課的題目">\n<ol>\n'
        '<li><a href="?puzzle=knight-a#puzzle" class="solved"'
        ' aria-label="第 1 題，已完成，得到 3 顆星（共 3 顆）">1</a></li>\n'
        '<li><a href="?puzzle=knight-b#puzzle" aria-current="step"'
        ' aria-label="第 2 題，還沒完成">2</a></li>\n'
        "</ol>\n</nav>"
    )


def test_the_row_speaks_the_active_language():
    with translation.override("en"):
        html = steps_nav([Step("a", 4, 2, True)])
    assert 'aria-label="Puzzles in this lesson"' in html
    assert 'aria-current="step" aria-label="Puzzle 4, solved, 2 of 3 stars">4</a>' in html


def test_an_id_is_escaped():
    html = steps_nav([Step('a"><b', 1, None, False)])
    assert 'href="?puzzle=a&quot;&gt;&lt;b#puzzle"' in html
    assert '"><b' not in html


def test_a_row_is_written_once_for_the_same_steps_in_the_same_language(fresh_caches):
    steps = [Step("knight-a", 1, 3, False), Step("knight-b", 2, None, True)]
    with translation.override("zh-hant"):
        first = steps_nav(steps)
        assert steps_nav(list(steps)) is first
        assert steps_nav([*steps[:1], Step("knight-b", 2, 1, True)]) != first  # new stars
    with translation.override("en"):
        assert "Puzzle 1, solved, 3 of 3 stars" in steps_nav(steps)
    assert _nav.cache_info().hits == 1
