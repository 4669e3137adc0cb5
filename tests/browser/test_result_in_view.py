"""After a solve the whole result box with 「下一題」 comes into view, and nothing on the page
jumps on a move (issue 25): Chromium's layout-shift entries after the answer are none. One
puzzle of each kind, at 375 × 812 (touch) and 1280 × 800, with and without reduced motion."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, assert_no_axe_violations, square, tap, wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHIFTS = """
window.__shifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    window.__shifts.push({
      value: entry.value,
      sources: entry.sources.map(function (s) {
        return s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?";
      })
    });
  });
}).observe({ type: "layout-shift", buffered: true });
"""

IN_VIEW = """(el) => { const box = el.getBoundingClientRect();
  return { top: Math.round(box.top), bottom: Math.round(box.bottom), height: innerHeight }; }"""


BOARD_TOP = """() => { const board = document.querySelector("[data-board]");
  return board ? Math.round(board.getBoundingClientRect().top + scrollY) : null; }"""


def move(page: Page, frm: str, to: str) -> None:
    wait_for_htmx(page)
    tap(page, square(page, frm))
    expect(square(page, frm)).to_have_attribute("aria-pressed", "true")
    tap(page, square(page, to))


def choose(page: Page, value: str) -> None:
    tap(page, page.locator(f'input[name="answer"][value="{value}"]'))
    tap(page, page.get_by_role("button", name="對答案"))


def mark(page: Page, *names: str) -> None:
    wait_for_htmx(page)
    for name in names:
        tap(page, square(page, name))
        expect(square(page, name)).to_have_attribute("aria-pressed", "true")
    tap(page, page.get_by_role("button", name="完成"))


SOLVES = {
    "board-first-step": ("board", lambda p: move(p, "e1", "d2")),  # a star to reach
    "castling-short-first": ("castling", lambda p: move(p, "e1", "g1")),
    "knight-no-blocked-leg": ("knight", lambda p: choose(p, "yes")),
    "king-in-the-corner": ("king", lambda p: mark(p, "a2", "b1", "b2")),
    "draws-dead-king-knight": ("draws", lambda p: choose(p, "insufficient_material")),
    "stalemate-not-in-check": ("stalemate", lambda p: choose(p, "a")),
}


@pytest.mark.parametrize("puzzle", list(SOLVES))
def test_the_whole_result_box_comes_into_view_and_nothing_jumps(child: Page, live_server, puzzle):
    lesson, solve = SOLVES[puzzle]
    child.add_init_script(SHIFTS)
    child.goto(f"{live_server.url}/lessons/{lesson}/?puzzle={puzzle}")
    wait_for_htmx(child)
    child.wait_for_timeout(300)
    child.evaluate("window.__shifts = []")  # what the page's own loading moved
    board_top = child.evaluate(BOARD_TOP)
    solve(child)
    box = child.locator("[data-solved]")
    expect(box).to_be_visible()
    expect(box.locator("[data-next-puzzle]")).to_be_visible()
    child.wait_for_timeout(900)  # the smooth scroll's end
    seen = box.evaluate(IN_VIEW)
    assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], seen
    assert child.evaluate("window.__shifts") == []
    # The board stays where it was on the page (it moved 33 px up when the stars' line went).
    assert child.evaluate(BOARD_TOP) == board_top
    child.screenshot(path=SCREENSHOTS / f"result-in-view-{puzzle}-{child.size}.png")


def test_with_reduced_motion_the_result_box_is_brought_at_once(child: Page, live_server, axe):
    child.emulate_media(reduced_motion="reduce")
    child.goto(f"{live_server.url}/lessons/castling/?puzzle=castling-short-first")
    move(child, "e1", "g1")
    box = child.locator("[data-solved]")
    expect(box).to_be_visible()
    wait_for_htmx(child)
    seen = box.evaluate(IN_VIEW)
    assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], seen
    assert_no_axe_violations(axe, child)


def test_a_wrong_move_moves_nothing_on_the_page(child: Page, live_server):
    child.add_init_script(SHIFTS)
    child.goto(f"{live_server.url}/lessons/board/?puzzle=board-first-step")
    wait_for_htmx(child)
    child.wait_for_timeout(300)
    child.evaluate("window.__shifts = []")
    move(child, "e1", "e3")  # illegal: the star and the circles stay, the feedback appears
    expect(child.locator("[data-feedback]")).to_have_attribute("data-verdict", "illegal")
    child.wait_for_timeout(600)
    assert child.evaluate("window.__shifts") == []
