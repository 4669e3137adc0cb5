"""A worksheet PDF of 12 puzzles read back by a PDF library (issue 28): its pages, every
diagram's position, the answer key page with every answer and its reason, the paper sizes,
the links and the QR code to the same puzzles online."""

import io

import pytest
from django.utils import translation

import rules
from curriculum.kinds import kind_of
from tests.people.qr import decode_qr
from tests.worksheets.pdf_reading import diagrams, expected_squares, open_pdf, page_text
from worksheets.answers import answer_text
from worksheets.pdf import render_pdf
from worksheets.sheets import practice_puzzles, worksheet_for

SEED = 20261202
ONLINE = "https://chess.example.tw/practice/checkmate/"
POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def puzzle_url(puzzle) -> str:
    return f"https://chess.example.tw/practice/checkmate/{puzzle.id}/"


@pytest.fixture(scope="module")
def puzzles():
    with translation.override("zh-hant"):
        return practice_puzzles("checkmate", 12, SEED, 1)


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request, puzzles):
    """(paper, the puzzles, the PDF opened by pdfplumber), made once a paper."""
    with translation.override("zh-hant"):
        made = worksheet_for("將死練習", puzzles, ONLINE, request.param, puzzle_url=puzzle_url)
    pdf = open_pdf(render_pdf(made))
    yield request.param, puzzles, pdf
    pdf.close()


def test_the_practice_sheet_has_twelve_different_puzzles_from_its_seed(puzzles):
    assert len(puzzles) == 12
    assert len({p.start_fen for p in puzzles}) == 12
    again = practice_puzzles("checkmate", 12, SEED, 1)
    assert [p.id for p in again] == [p.id for p in puzzles]
    assert [p.id for p in practice_puzzles("checkmate", 12, SEED + 1, 1)] != [p.id for p in puzzles]


def test_twelve_puzzles_are_two_pages_of_six_diagrams_then_the_answer_key(sheet):
    _paper, puzzles, pdf = sheet
    assert len(pdf.pages) == 3
    read = [diagrams(page) for page in pdf.pages]
    assert [len(page) for page in read] == [6, 6, 0]
    assert [d.fen for page in read for d in page] == [p.start_fen.split()[0] for p in puzzles]


def test_every_diagram_shows_its_puzzles_position_square_by_square(sheet):
    _paper, puzzles, pdf = sheet
    read = [d for page in pdf.pages[:2] for d in diagrams(page)]
    for diagram, puzzle in zip(read, puzzles, strict=True):
        # As on the lesson's board: the side to move at the bottom, but a question with no
        # move to make or judge keeps White there.
        question = kind_of(puzzle).BOARD_MODE == "view" and not puzzle.params.get("move")
        white_below = question or puzzle.side_to_move == "white"
        assert diagram.files == ("abcdefgh" if white_below else "hgfedcba")
        assert diagram.ranks == ("87654321" if white_below else "12345678")
        assert diagram.squares == expected_squares(rules.placement(puzzle.start_fen)), puzzle.id


def test_the_answer_key_is_a_page_of_its_own_with_every_answer_and_its_reason(sheet):
    _paper, puzzles, pdf = sheet
    key = page_text(pdf.pages[2])
    assert key.startswith("解答·將死練習")
    place = 0
    for number, puzzle in enumerate(puzzles, start=1):
        with translation.override("zh-hant"):
            answer = "".join(answer_text(puzzle).split())
        entry = f"{number}.{answer}{''.join(puzzle.explanation.split())}"
        assert entry in key[place:], (number, entry)
        place = key.index(entry, place) + len(entry)
    questions = page_text(pdf.pages[0]) + page_text(pdf.pages[1])
    assert "走到" not in questions  # no answer is printed beside its question
    for puzzle in puzzles:
        assert "".join(puzzle.prompt.split()) in questions


def test_each_page_has_the_paper_size_asked_for(sheet):
    paper, _puzzles, pdf = sheet
    width, height = POINTS[paper]
    for page in pdf.pages:
        assert (round(float(page.width), 2), round(float(page.height), 2)) == (width, height)


def test_each_question_page_has_the_name_line_and_each_diagram_links_to_its_puzzle(sheet):
    _paper, puzzles, pdf = sheet
    for page in pdf.pages[:2]:
        assert "姓名" in page_text(page)
    links = [link["uri"] for page in pdf.pages for link in page.hyperlinks]
    assert links == [puzzle_url(p) for p in puzzles]


def test_the_qr_code_on_a_page_opens_the_same_practice_online(sheet, tmp_path):
    _paper, _puzzles, pdf = sheet
    drawn = pdf.pages[0].to_image(resolution=200).original
    png = io.BytesIO()
    drawn.save(png, format="PNG")
    assert decode_qr(png.getvalue(), tmp_path) == ONLINE
