"""Reading a worksheet PDF back, as a reader would, with pdfplumber (text and its place on
the page) and pypdfium2 (the page drawn as pixels): what the tests of worksheets share.

Each diagram is found by its printed FEN (the machine-readable position under it); its
board by the coordinates printed round it (the file letters below, the rank digits at the
left, small text); each square's middle is read off the drawn page: no dark pixels is an
empty square, some (a white piece's outline: 10–56 % on A4 and Letter) a white piece, mostly
dark (63–97 %) a black piece.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pdfplumber
import pypdfium2
from weasyprint.formatting_structure import boxes

FEN_TEXT = re.compile(r"^[1-8pnbrqkPNBRQK]+(/[1-8pnbrqkPNBRQK]+){7}$")
COORDINATES = "abcdefgh12345678"
COORDINATE_SIZE = 7  # points: the coordinates are the only text this small but the FEN
RESOLUTION = 144  # dots per inch the page is drawn at to read the squares
DARK = 90  # a pixel darker than this (0 black, 255 white) is ink
SQUARE_HALF = 2.6  # points: half the side of the middle of a square that is read


@dataclass(frozen=True)
class ReadDiagram:
    fen: str  # the FEN's first field, as printed
    files: str  # the file letters left to right, as printed ("abcdefgh" or "hgfedcba")
    ranks: str  # the rank digits top to bottom
    squares: dict[str, str]  # every square: "white", "black" or "" (empty), read from pixels


def open_pdf(content: bytes):
    return pdfplumber.open(io.BytesIO(content))


def texts_of_pages(content: bytes) -> list[str]:
    """Every page's text in the order it is drawn (WeasyPrint draws in the document's order,
    so one puzzle's words stay together), without white space; read by pypdfium2, which
    reads a sheet's text in about a hundredth of pdfplumber's time. PDFium marks a hyphen
    that ends a line as \x02 ("left-" "hand"): read as the hyphen it is."""
    document = pypdfium2.PdfDocument(content)
    try:
        return [
            re.sub(r"\s+", "", page.get_textpage().get_text_bounded()).replace("\x02", "-")
            for page in document
        ]
    finally:
        document.close()


def texts_of_laid_out_pages(document) -> list[str]:
    """Every page's text as WeasyPrint laid it out, before any PDF is written (`document`:
    weasyprint.HTML(...).render()): the text of its boxes in the document's order, without
    white space. A PDF written from it draws the same characters on each page (the
    coordinates round a board last: they are positioned), which
    tests/worksheets/test_every_lesson.py checks against a PDF of each layout."""
    return [re.sub(r"\s+", "", "".join(_box_texts(page._page_box))) for page in document.pages]


def _box_texts(box):
    if isinstance(box, boxes.TextBox):
        yield box.text
    for child in getattr(box, "children", ()):
        yield from _box_texts(child)


def page_text(page) -> str:
    """The page's text without white space (CJK lines break anywhere)."""
    return re.sub(r"\s+", "", page.extract_text() or "")


def diagrams(page) -> list[ReadDiagram]:
    """Every diagram on a page, in the order its FENs are printed (reading order)."""
    drawn = page.to_image(resolution=RESOLUTION).original.convert("L")
    small = [c for c in page.chars if c["size"] < COORDINATE_SIZE and c["text"] in COORDINATES]
    found = []
    for word in page.extract_words():
        if not FEN_TEXT.match(word["text"]):
            continue
        # The board is above its FEN: its coordinates within a board's width and height.
        left, top = word["x0"], word["top"]
        near = [c for c in small if left - 15 < c["x0"] < left + 170 and top - 170 < c["top"] < top]
        files = sorted((c for c in near if c["text"].isalpha()), key=lambda c: c["x0"])
        ranks = sorted((c for c in near if c["text"].isdigit()), key=lambda c: c["top"])
        squares = {
            f["text"] + r["text"]: _read_square(drawn, _middle(f, "x"), _middle(r, "y"))
            for f in files
            for r in ranks
        }
        found.append(
            ReadDiagram(
                word["text"],
                "".join(c["text"] for c in files),
                "".join(c["text"] for c in ranks),
                squares,
            )
        )
    return found


def _middle(char, axis: str) -> float:
    if axis == "x":
        return (char["x0"] + char["x1"]) / 2
    return (char["top"] + char["bottom"]) / 2


def _read_square(drawn, x: float, y: float) -> str:
    scale = RESOLUTION / 72
    half = SQUARE_HALF * scale
    x, y = x * scale, y * scale
    box = drawn.crop((int(x - half), int(y - half), int(x + half), int(y + half)))
    pixels = box.tobytes()
    ink = sum(1 for value in pixels if value < DARK) / len(pixels)
    if ink < 0.05:
        return ""
    return "black" if ink > 0.6 else "white"


def expected_squares(placement: dict[str, str]) -> dict[str, str]:
    """What every square should read as, from the position's pieces."""
    return {
        file + rank: (
            ("white" if placement[file + rank].isupper() else "black")
            if file + rank in placement
            else ""
        )
        for file in "abcdefgh"
        for rank in "12345678"
    }
