"""static/css/lessons.css draws the lesson's stars and circles for every square of the board."""

import re
from pathlib import Path

MARKS = Path(__file__).resolve().parents[2] / "static" / "css" / "lessons.css"
SQUARES = {f"{file}{rank}" for file in "abcdefgh" for rank in "12345678"}


def squares_marked_by(attribute: str, layer: str) -> set[str]:
    css = MARKS.read_text()
    pattern = (
        rf'#puzzle\[data-{attribute}~="([a-h][1-8])"\] \[data-square="([a-h][1-8])"\]::{layer}'
    )
    pairs = re.findall(pattern, css)
    assert all(named == square for named, square in pairs), "a mark drawn on the wrong square"
    return {named for named, _ in pairs}


def test_a_star_can_be_drawn_on_every_square():
    assert squares_marked_by("stars", "after") == SQUARES


def test_a_circle_can_be_drawn_on_every_square():
    assert squares_marked_by("circled", "before") == SQUARES


def test_stars_and_circles_are_drawn_on_layers_of_their_own():
    """A star and a circle on the same square (the legal moves shown after a mistake)."""
    assert not squares_marked_by("stars", "before")
    assert not squares_marked_by("circled", "after")
