"""Every lesson's worksheet keeps six puzzles a page, in Chinese on A4 (Taiwan's paper) and
in English on Letter (the shorter page, the longer words): no puzzle's words (prompt, options)
spill onto the next page, and the answer key starts the page after the last question page.
The lessons with the most words (histories of 16 moves in words, three long options) set the
rows' heights (static/css/worksheet-*.css); a row of questions about words (no diagram) is
as tall as its words (worksheet.css)."""

import pytest
from django.utils import translation

from curriculum.loading import get_curriculum
from tests.worksheets.pdf_reading import texts_of_pages
from worksheets.pdf import render_pdf
from worksheets.sheets import PER_PAGE, worksheet_for

pytestmark = pytest.mark.slow

# Chinese on A4 (Taiwan's paper), English on Letter (the shorter page, the longer words): the
# two others (Chinese on Letter, English on A4) spilt nothing the two do not.
SHEETS = [("zh-hant", "a4"), ("en", "letter")]
LESSONS = [lesson.slug for lesson in get_curriculum().lessons]


def flat(text: str) -> str:
    """Without white space: CJK lines break anywhere."""
    return "".join(text.split())


def spills(slug: str, paper: str) -> list[str]:
    """Each puzzle of the lesson whose words are not on its page, and "the answer key" when
    the key does not start the page after the last question page, in the active language."""
    lesson = get_curriculum().lesson(slug)
    sheet = worksheet_for(lesson.title, lesson.puzzles, "https://e.org/", paper)
    pages = texts_of_pages(render_pdf(sheet))
    spilt = []
    for number, puzzle in enumerate(lesson.puzzles):
        words = [puzzle.prompt, *(str(option.text) for option in puzzle.options)]
        page = pages[number // PER_PAGE]
        spilt += [puzzle.id for w in words if flat(w) not in page]
    question_pages = -(-len(lesson.puzzles) // PER_PAGE)
    if not pages[question_pages].startswith(flat(str(translation.gettext("Answer key")))):
        spilt.append("the answer key")
    return spilt


# One case a lesson and sheet (62, about 1.2 s each), so pytest-xdist spreads them.
@pytest.mark.parametrize("slug", LESSONS)
@pytest.mark.parametrize(("language", "paper"), SHEETS)
def test_every_lessons_sheet_has_six_puzzles_a_page_and_then_its_key(language, paper, slug):
    with translation.override(language):
        assert spills(slug, paper) == []


def test_the_wordiest_sheet_fits_in_english_on_a4_too():
    """和棋：三次重複 in English (the fivefold repetition's 16 moves in words beside three
    long options, then a row of questions about words) once printed its second page's
    third row on a page of its own: a row without diagrams is as tall as its words."""
    with translation.override("en"):
        assert spills("draws-repetition", "a4") == []
