"""Every lesson's worksheet keeps six puzzles a page on A4 and on Letter, in both written
languages: no puzzle's words (prompt, options) spill onto the next page, and the answer key
starts the page after the last question page. The lessons with the most words (histories of
16 moves in words, three long options) set the rows' heights (static/css/worksheet-*.css)."""

import re

import pytest
from django.utils import translation

from curriculum.loading import get_curriculum
from tests.worksheets.pdf_reading import open_pdf
from worksheets.pdf import render_pdf
from worksheets.sheets import PER_PAGE, worksheet_for

pytestmark = pytest.mark.slow


def column_text(page) -> str:
    """A page's text, the left column then the right, without white space."""
    halves = [(0, page.width / 2), (page.width / 2, page.width)]
    text = "".join(page.crop((x0, 0, x1, page.height)).extract_text() or "" for x0, x1 in halves)
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("language", ["zh-hant", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_lessons_sheet_has_six_puzzles_a_page_and_then_its_key(language, paper):
    spilt = []
    with translation.override(language):
        for lesson in get_curriculum().lessons:
            sheet = worksheet_for(lesson.title, lesson.puzzles, "https://e.org/", paper)
            with open_pdf(render_pdf(sheet)) as pdf:
                pages = [column_text(page) for page in pdf.pages]
            question_pages = -(-len(lesson.puzzles) // PER_PAGE)
            for number, puzzle in enumerate(lesson.puzzles):
                words = [puzzle.prompt, *(str(option.text) for option in puzzle.options)]
                page = pages[number // PER_PAGE]
                spilt += [(lesson.slug, puzzle.id) for w in words if "".join(w.split()) not in page]
            key = "".join(str(translation.gettext("Answer key")).split())
            if not pages[question_pages].startswith(key):
                spilt.append((lesson.slug, "the answer key"))
    assert spilt == []
