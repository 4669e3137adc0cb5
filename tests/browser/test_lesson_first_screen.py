"""The board comes first (issues 25 and 42): at 375 × 812 on a phone, with 注音 on too, every
lesson's first puzzle shows its board's top on the first screen, under the instruction (the
prompt); the lesson's introduction and the row of puzzles come below the board. /play/'s game
and the referee board (/board/) put their boards first too."""

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


def zhuyin_on(context, base: str) -> None:
    context.add_cookies([{"name": "zhuyin", "value": "on", "url": base}])


@pytest.mark.parametrize(("size", "zhuyin"), [("375", False), ("375", True), ("1280", False)])
def test_every_lesson_shows_its_board_on_the_first_screen(browser, live_server, size, zhuyin):
    """Before issue 25 the board's top was at 631–869 px at 375 × 812 (board: 846 px); with
    注音 on, before issue 42, 705–892 px (the knight's: 789 px)."""
    context = browser.new_context(locale="zh-TW", **DEVICES[size])
    if zhuyin:
        zhuyin_on(context, live_server.url)
    page = context.new_page()
    height = DEVICES[size]["viewport"]["height"]
    tops = {}
    for lesson in get_curriculum().lessons:
        page.goto(f"{live_server.url}/lessons/{lesson.slug}/")
        expect(page.locator(".puzzle-prompt")).to_be_visible()
        tops[lesson.slug] = page.evaluate(TOPS)
    print(size, {slug: top["board"] for slug, top in tops.items()})
    # Half the board at least is on the first screen (a text puzzle: its question).
    late = {
        slug: t
        for slug, t in tops.items()
        if (t["board"] + (t["boardBottom"] - t["board"]) / 2 if t["board"] else t["prompt"])
        > height
    }
    assert late == {}
    assert all(t["prompt"] <= (t["board"] or t["prompt"]) for t in tops.values())
    page.goto(f"{live_server.url}/lessons/knight/")
    suffix = "-zhuyin" if zhuyin else ""
    page.screenshot(path=SCREENSHOTS / f"lesson-first-screen-{size}{suffix}.png")
    context.close()


BOARD_TOP = (
    """() => Math.round(document.querySelector("[data-board]").getBoundingClientRect().top)"""
)


def test_play_and_the_referee_board_come_first_on_a_phone_with_zhuyin(browser, live_server):
    """/play/'s game and /board/ at 375 × 812 with 注音: three quarters of the board on the
    first screen (before issue 42 the header's links took two rows: /board/ at 359 px)."""
    context = browser.new_context(locale="zh-TW", **DEVICES["375"])
    zhuyin_on(context, live_server.url)
    page = context.new_page()
    page.goto(f"{live_server.url}/board/")
    tops = {"/board/": page.evaluate(BOARD_TOP)}
    page.goto(f"{live_server.url}/play/")
    page.locator("form.play-pick button[type=submit]").click()
    expect(page.locator("[data-board]")).to_be_visible()
    tops["/play/"] = page.evaluate(BOARD_TOP)
    width = page.evaluate("""() => document.querySelector("[data-board]").offsetHeight""")
    print(tops, width)
    assert all(top + width * 3 / 4 <= 812 for top in tops.values()), tops
    page.screenshot(path=SCREENSHOTS / "play-first-screen-375-zhuyin.png")
    context.close()
