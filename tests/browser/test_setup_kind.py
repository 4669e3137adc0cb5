"""A setup puzzle in Chromium at a phone's size: pieces taken from the palette and put on by
tap, a wrong placement explained by its rule and ringed, a piece taken off and put right,
then by keyboard only; axe-clean at each step, no sideways scrolling."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    assert_no_axe_violations,
    feedback,
    look,
    open_puzzle,
    square,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def take(page: Page, piece: str) -> None:
    wait_for_htmx(page)
    page.locator(f"#take-{piece}").click()
    expect(page.locator(f"#take-{piece}")).to_have_attribute("aria-pressed", "true")


def tap(page: Page, name: str) -> None:
    wait_for_htmx(page)
    square(page, name).click()


def test_the_king_and_queen_put_on_by_tap_at_375(page: Page, live_server, axe, screenshot_dir):
    open_puzzle(page, live_server, "375", "setup", "setup-place-king-queen")
    expect(page.locator("[data-board]")).to_have_attribute("data-mode", "place")
    assert_no_axe_violations(axe, page)
    # the king is in hand first: put it on the queen's square, then the queen on the king's
    tap(page, "d1")
    expect(feedback(page)).to_have_text("d1 放了白王。")
    expect(square(page, "d1")).to_have_attribute("aria-label", "d1，白王")
    take(page, "Q")
    tap(page, "e1")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("后站在自己的顏色上：白后要放在 d1。")
    expect(feedback(page)).to_contain_text("王站在后的旁邊：白王要放在 e1。")
    expect(page.locator("[data-board] [data-highlight]")).to_have_count(2)
    look(page, screenshot_dir, "setup-wrong", "375")
    assert_no_axe_violations(axe, page)
    # take the queen off (the same piece in hand), the king off, and put both right
    tap(page, "e1")
    expect(feedback(page)).to_have_text("拿走了 e1 的白后。")
    take(page, "K")
    tap(page, "d1")
    expect(square(page, "d1")).to_have_attribute("aria-label", "d1，空格")
    tap(page, "e1")
    take(page, "Q")
    tap(page, "d1")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(square(page, "d1")).to_have_attribute("data-piece", "Q")
    expect(square(page, "e1")).to_have_attribute("data-piece", "K")
    look(page, screenshot_dir, "setup-right", "375")
    assert_no_axe_violations(axe, page)


def test_the_rooks_put_on_by_keyboard_only(page: Page, live_server):
    open_puzzle(page, live_server, "375", "setup", "setup-place-rooks")
    page.locator("#take-R").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#take-R")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#take-R")).to_be_focused()
    wait_for_htmx(page)
    for _ in range(2):
        page.keyboard.press("Tab")
    expect(square(page, "a8")).to_be_focused()  # one Tab stop: the board's first square
    for key in ["ArrowDown"] * 7:
        page.keyboard.press(key)
    page.keyboard.press("Enter")  # a1
    expect(feedback(page)).to_have_text("a1 放了白車。")
    expect(square(page, "a1")).to_be_focused()
    wait_for_htmx(page)
    for key in ["End", "Enter"]:  # h1
        page.keyboard.press(key)
    expect(feedback(page)).to_have_text("h1 放了白車。")
    wait_for_htmx(page)
    page.locator("#take-r").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#take-r")).to_have_attribute("aria-pressed", "true")
    wait_for_htmx(page)
    for name in ("a8", "h8"):
        square(page, name).focus()
        page.keyboard.press("Enter")
        wait_for_htmx(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
