"""A grown-up prints a worksheet (issue 28): the links on the lesson page, the print page at
375 and 1280 px with axe's 0 violations, Chromium's print of it and the downloaded PDF read
back, and a printed page drawn as a PNG to look at (var/screenshots/worksheet-*.png)."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SIZES, assert_no_axe_violations, sign_up
from tests.worksheets.pdf_reading import diagrams, open_pdf, page_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRACTICE = "/worksheets/practice/checkmate/?count=12&level=1&seed=20261202&paper=a4"


@pytest.fixture(autouse=True)
def quick_failures(page: Page):
    page.set_default_timeout(20_000)


def save_page_png(pdf, number: int, path) -> None:
    pdf.pages[number].to_image(resolution=110).original.save(path)


def test_a_grown_up_prints_a_lessons_worksheet(page: Page, live_server, axe, screenshot_dir):
    base = live_server.url
    sign_up(page, base, "print-parent")
    page.goto(base + "/lessons/castling-forever/")
    page.get_by_role("link", name="列印練習單").click()
    expect(page.locator("h1")).to_contain_text("練習單")
    expect(page.locator("[data-sheet] .sheet-item")).to_have_count(12)
    expect(page.locator("[data-print]")).to_be_visible()  # print.js shows it
    for size in ("375", "1280"):
        page.set_viewport_size(SIZES[size])
        page.screenshot(path=screenshot_dir / f"worksheet-lesson-{size}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        assert_no_axe_violations(axe, page)
    # The browser's own print of the page: A4, two pages of six, then the answer key.
    printed = open_pdf(page.pdf(prefer_css_page_size=True, print_background=True))
    assert len(printed.pages) == 3
    assert (round(float(printed.pages[0].width)), round(float(printed.pages[0].height))) == (
        595,
        842,
    )
    assert page_text(printed.pages[2]).startswith("解答")
    save_page_png(printed, 0, screenshot_dir / "worksheet-chromium-print-1.png")


def test_a_grown_up_downloads_the_practice_pdf_from_the_print_page(
    page: Page, live_server, axe, screenshot_dir
):
    base = live_server.url
    sign_up(page, base, "pdf-teacher")
    page.goto(base + PRACTICE)
    assert_no_axe_violations(axe, page)
    page.get_by_label("Letter（美式信紙）").check()
    page.get_by_role("button", name="看這張練習單").click()
    # The form keeps the sheet's number: the same twelve puzzles, on Letter.
    expect(page).to_have_url(
        base + "/worksheets/practice/checkmate/?paper=letter&count=12&level=1&seed=20261202"
    )
    with page.expect_download() as waiting:
        page.get_by_role("link", name="下載 PDF").click()
    download = waiting.value
    assert download.suggested_filename == "worksheet-checkmate-20261202-letter.pdf"
    pdf = open_pdf(Path(download.path()).read_bytes())
    assert len(pdf.pages) == 3
    assert (float(pdf.pages[0].width), float(pdf.pages[0].height)) == (612.0, 792.0)
    assert [len(diagrams(p)) for p in pdf.pages] == [6, 6, 0]
    save_page_png(pdf, 0, screenshot_dir / "worksheet-pdf-page-1.png")
    save_page_png(pdf, 2, screenshot_dir / "worksheet-pdf-answer-key.png")
