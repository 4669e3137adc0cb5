"""Every lesson of the curriculum has its own picture on the map, drawn from the board's pieces."""

from pathlib import Path

from curriculum.loading import get_curriculum
from lessons.pictures import PICTURES, picture_for

PIECES = Path(__file__).resolve().parents[2] / "static" / "pieces"


def test_every_lesson_has_a_picture_of_its_own():
    slugs = [lesson.slug for lesson in get_curriculum().lessons]
    assert sorted(PICTURES) == sorted(slugs)
    drawn = [(picture_for(slug).pieces, picture_for(slug).mark) for slug in slugs]
    assert len(set(drawn)) == len(slugs)  # no two lessons look alike


def test_every_piece_drawn_is_one_of_the_boards_images():
    for picture in PICTURES.values():
        for name in picture.pieces:
            assert name == "" or (PIECES / f"{name}.svg").is_file(), name


def test_a_lesson_without_a_picture_still_gets_one():
    assert picture_for("not-a-lesson").pieces == ("wP",)
