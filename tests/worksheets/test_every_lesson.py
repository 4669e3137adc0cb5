"""Every lesson's worksheet keeps six puzzles a page, in Chinese on A4 (Taiwan's paper) and
in English on Letter (the shorter page, the longer words): no puzzle's words (prompt, options)
spill onto the next page, and the answer key starts the page after the last question page.
The lessons with the most words (histories of 16 moves in words, three long options) set the
rows' heights (static/css/worksheet-*.css)."""

import pytest
from django.utils import translation

from curriculum.loading import get_curriculum
from tests.worksheets.pdf_reading import texts_of_pages
from worksheets.pdf import render_pdf
from worksheets.sheets import PER_PAGE, worksheet_for

pytestmark = pytest.mark.slow

# Known: in English, 和棋：三次重複's third row (a question with three sentence-long options
# beside the fivefold repetition's 16 moves in words) is taller than what a page has left, so
# it prints whole on a page of its own. Nothing is cut; the key still starts its own page.
SPILLS = {("en", "draws-repetition")}
# Chinese on A4 (Taiwan's paper), English on Letter (the shorter page, the longer words): the
# two others (Chinese on Letter, English on A4) spilt nothing the two do not.
SHEETS = [("zh-hant", "a4"), ("en", "letter")]
LESSONS = [lesson.slug for lesson in get_curriculum().lessons]


def flat(text: str) -> str:
    """Without white space: CJK lines break anywhere."""
    return "".join(text.split())


def pages_of(slug: str, paper: str) -> list[str]:
    lesson = get_curriculum().lesson(slug)
    sheet = worksheet_for(lesson.title, lesson.puzzles, "https://e.org/", paper)
    return texts_of_pages(render_pdf(sheet))


# One case a lesson and sheet (62, about 1.2 s each), so pytest-xdist spreads them.
@pytest.mark.parametrize("slug", LESSONS)
@pytest.mark.parametrize(("language", "paper"), SHEETS)
def test_every_lessons_sheet_has_six_puzzles_a_page_and_then_its_key(language, paper, slug):
    if (language, slug) in SPILLS:
        pytest.skip("a known spill: test_the_known_spill_still_spills_and_loses_nothing")
    with translation.override(language):
        lesson = get_curriculum().lesson(slug)
        pages = pages_of(slug, paper)
        key = flat(str(translation.gettext("Answer key")))
        spilt = []
        for number, puzzle in enumerate(lesson.puzzles):
            words = [puzzle.prompt, *(str(option.text) for option in puzzle.options)]
            page = pages[number // PER_PAGE]
            spilt += [puzzle.id for w in words if flat(w) not in page]
    question_pages = -(-len(lesson.puzzles) // PER_PAGE)
    if not pages[question_pages].startswith(key):
        spilt.append("the answer key")
    assert spilt == []


def test_the_known_spill_still_spills_and_loses_nothing():
    """When the rows get shorter, SPILLS says so: take the lesson out of it."""
    with translation.override("en"):
        lesson = get_curriculum().lesson("draws-repetition")
        pages = pages_of(lesson.slug, "a4")
    question_pages = -(-len(lesson.puzzles) // PER_PAGE)
    assert len(pages) == question_pages + 2  # one page more: the first page's third row
    every_question = "".join(pages[: question_pages + 1])
    for puzzle in lesson.puzzles:
        assert flat(puzzle.prompt) in every_question
