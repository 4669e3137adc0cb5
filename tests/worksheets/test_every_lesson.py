"""Every lesson's worksheet keeps six puzzles a page, in Chinese on A4 (Taiwan's paper) and
in English on Letter (the shorter page, the longer words): no puzzle's words (prompt, options)
spill onto the next page, and the answer key starts the page after the last question page.
The lessons with the most words (histories of 16 moves in words, three long options) set the
rows' heights (static/css/worksheet-*.css); a row of questions about words (no diagram) is
as tall as its words (worksheet.css).

Each lesson's sheet is read as WeasyPrint lays it out for its PDF, without writing the PDF
(a fifth of a sheet's time, 62 times): the PDF only draws those pages. The wordiest sheet is
read from its real PDF on both layouts and on English A4, and its PDF's pages are checked
to carry exactly the characters of the laid-out ones."""

import pytest
import weasyprint
from django.utils import translation

from curriculum.loading import get_curriculum
from tests.worksheets.pdf_reading import texts_of_laid_out_pages, texts_of_pages
from worksheets.pdf import BASE_URL, StaticFilesOnly, render_pdf, sheet_html
from worksheets.sheets import PER_PAGE, Worksheet, worksheet_for

pytestmark = pytest.mark.slow

# Chinese on A4 (Taiwan's paper), English on Letter (the shorter page, the longer words): the
# two others (Chinese on Letter, English on A4) spilt nothing the two do not.
SHEETS = [("zh-hant", "a4"), ("en", "letter")]
LESSONS = [lesson.slug for lesson in get_curriculum().lessons]
WORDIEST = "draws-repetition"  # 和棋：三次重複: the fivefold repetition's 16 moves in words


def flat(text: str) -> str:
    """Without white space: CJK lines break anywhere."""
    return "".join(text.split())


def sheet_of(slug: str, paper: str) -> Worksheet:
    """The lesson's sheet in the active language."""
    lesson = get_curriculum().lesson(slug)
    return worksheet_for(lesson.title, lesson.puzzles, "https://e.org/", paper)


def laid_out(sheet: Worksheet) -> list[str]:
    """The text of each page as worksheets.pdf lays the sheet out (its HTML, base address and
    fetcher, as _pdf_of hands them to WeasyPrint), the PDF not written."""
    document = weasyprint.HTML(
        string=sheet_html(sheet), base_url=BASE_URL, url_fetcher=StaticFilesOnly()
    ).render()
    return texts_of_laid_out_pages(document)


def spills(slug: str, pages: list[str]) -> list[str]:
    """Each puzzle of the lesson whose words are not on its page, and "the answer key" when
    the key does not start the page after the last question page, in the active language."""
    lesson = get_curriculum().lesson(slug)
    spilt = []
    for number, puzzle in enumerate(lesson.puzzles):
        words = [puzzle.prompt, *(str(option.text) for option in puzzle.options)]
        page = pages[number // PER_PAGE]
        spilt += [puzzle.id for w in words if flat(w) not in page]
    question_pages = -(-len(lesson.puzzles) // PER_PAGE)
    if not pages[question_pages].startswith(flat(str(translation.gettext("Answer key")))):
        spilt.append("the answer key")
    return spilt


# One case a lesson and sheet (62, about 1 s each), so pytest-xdist spreads them.
@pytest.mark.parametrize("slug", LESSONS)
@pytest.mark.parametrize(("language", "paper"), SHEETS)
def test_every_lessons_sheet_has_six_puzzles_a_page_and_then_its_key(language, paper, slug):
    with translation.override(language):
        assert spills(slug, laid_out(sheet_of(slug, paper))) == []


@pytest.mark.parametrize(("language", "paper"), SHEETS)
def test_the_wordiest_pdf_fits_and_prints_the_laid_out_pages(language, paper):
    """The PDF the site sends draws on each page the characters laid out for it, so the
    laid-out pages above say what the printed ones do."""
    with translation.override(language):
        sheet = sheet_of(WORDIEST, paper)
        printed = texts_of_pages(render_pdf(sheet))
        assert spills(WORDIEST, printed) == []
    assert [sorted(page) for page in printed] == [sorted(page) for page in laid_out(sheet)]


def test_the_wordiest_sheet_fits_in_english_on_a4_too():
    """和棋：三次重複 in English (the fivefold repetition's 16 moves in words beside three
    long options, then a row of questions about words) once printed its second page's
    third row on a page of its own: a row without diagrams is as tall as its words."""
    with translation.override("en"):
        assert spills(WORDIEST, texts_of_pages(render_pdf(sheet_of(WORDIEST, "a4")))) == []
