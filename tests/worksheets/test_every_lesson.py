"""Every lesson's worksheet keeps six puzzles a page, in Chinese on A4 (Taiwan's paper) and
in English on Letter (the shorter page, the longer words): no puzzle's words (prompt, options)
spill onto the next page, and the answer key starts the page after the last question page.
The lessons with the most words (histories of 16 moves in words, three long options) set the
rows' heights (static/css/worksheet-*.css); a row of questions about words (no diagram) is
as tall as its words (worksheet.css)."""

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


def spills(lessons, paper: str) -> list[tuple[str, str]]:
    """Each (lesson, puzzle) whose words are not on its page, and each lesson whose answer
    key does not start the page after its last question page, in the active language."""
    spilt = []
    for lesson in lessons:
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
    return spilt


# Each pair renders 31 PDFs (~80 s); the two others (zh-hant on Letter, en on A4) added
# 160 s to every run of the suite without a spill of their own.
@pytest.mark.parametrize(("language", "paper"), [("zh-hant", "a4"), ("en", "letter")])
def test_every_lessons_sheet_has_six_puzzles_a_page_and_then_its_key(language, paper):
    with translation.override(language):
        assert spills(get_curriculum().lessons, paper) == []


def test_the_wordiest_sheet_fits_in_english_on_a4_too():
    """和棋：三次重複 in English (the fivefold repetition's 16 moves in words beside three
    long options, then a row of questions about words) once printed its second page's
    third row on a page of its own: a row without diagrams is as tall as its words."""
    with translation.override("en"):
        assert spills([get_curriculum().lesson("draws-repetition")], "a4") == []
