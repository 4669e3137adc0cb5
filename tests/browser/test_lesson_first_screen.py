"""The board comes first (issue 25): at 375 × 812 on a phone every lesson's first puzzle
shows its board's top on the first screen, under one line of instruction (the prompt); the
lesson's introduction is folded (details/summary) and can be heard (「唸給我聽」)."""

import pytest
from playwright.sync_api import expect

from curriculum.loading import get_curriculum
from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEVICES = {
    "375": {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True},
    "1280": {"viewport": {"width": 1280, "height": 800}},
}

TOPS = """() => {
  const board = document.querySelector("[data-board]");
  const prompt = document.querySelector(".puzzle-prompt");
  return {
    board: board ? Math.round(board.getBoundingClientRect().top) : null,
    boardBottom: board ? Math.round(board.getBoundingClientRect().bottom) : null,
    prompt: Math.round(prompt.getBoundingClientRect().bottom),
  };
}"""


@pytest.mark.parametrize("size", list(DEVICES))
def test_every_lesson_shows_its_board_on_the_first_screen(browser, live_server, size):
    """Before issue 25 the board's top was at 631–869 px at 375 × 812 (board: 846 px)."""
    context = browser.new_context(locale="zh-TW", **DEVICES[size])
    page = context.new_page()
    height = DEVICES[size]["viewport"]["height"]
    tops = {}
    for lesson in get_curriculum().lessons:
        page.goto(f"{live_server.url}/lessons/{lesson.slug}/")
        expect(page.locator(".puzzle-prompt")).to_be_visible()
        tops[lesson.slug] = page.evaluate(TOPS)
    print(size, {slug: top["board"] for slug, top in tops.items()})
    # A quarter of the first screen at least is board (or the question, on a text puzzle).
    late = {slug: t for slug, t in tops.items() if (t["board"] or t["prompt"]) > height * 3 / 4}
    assert late == {}
    assert all(t["prompt"] <= (t["board"] or t["prompt"]) for t in tops.values())
    page.goto(f"{live_server.url}/lessons/board/")
    page.screenshot(path=SCREENSHOTS / f"lesson-first-screen-{size}.png")
    context.close()
