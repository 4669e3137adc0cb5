"""The board by keyboard only: one Tab stop, arrow keys between squares, Enter to pick up and
put down, a typed move; no mouse anywhere."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused_square(page: Page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.square || null")


def tab_to_board(page: Page) -> str:
    for _ in range(30):
        page.keyboard.press("Tab")
        name = focused_square(page)
        if name:
            return name
    raise AssertionError("Tab never reached the board")


def walk(page: Page, keys: str) -> None:
    arrows = {"u": "ArrowUp", "d": "ArrowDown", "l": "ArrowLeft", "r": "ArrowRight"}
    for key in keys:
        page.keyboard.press(arrows[key])


def test_the_board_is_one_tab_stop(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    assert tab_to_board(page) == "a8"
    page.keyboard.press("Tab")
    assert focused_square(page) is None  # the next Tab leaves the board
    page.keyboard.press("Shift+Tab")
    assert focused_square(page) == "a8"


def test_arrow_keys_follow_the_drawn_board(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    tab_to_board(page)
    walk(page, "dddddddrrrrrr")
    assert focused_square(page) == "g1"
    walk(page, "d")  # the edge stops the walk
    assert focused_square(page) == "g1"


def test_a_game_played_by_keyboard_only(page: Page, live_server, screenshot_dir):
    page.goto(live_server.url + "/board/")
    tab_to_board(page)
    walk(page, "dddddddrrrrrr")  # a8 → g1
    page.keyboard.press("Enter")
    expect(page.locator('[data-square="g1"]')).to_have_attribute("aria-pressed", "true")
    walk(page, "uul")  # g1 → f3
    page.keyboard.press("Enter")
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_contain_text("白方走了 Nf3。")
    # Black is now at the bottom and focus is back on the board, on f3.
    expect(page.locator("[data-board]")).to_have_attribute("data-orientation", "black")
    expect(page.locator('[data-square="f3"]')).to_be_focused()

    # From f3 (black's view: files run h→a), go to b8 and try an illegal knight move with Space.
    walk(page, "dddddrrrr")
    assert focused_square(page) == "b8"
    page.keyboard.press(" ")
    walk(page, "uu")
    assert focused_square(page) == "b6"
    page.keyboard.press(" ")
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    expect(page.locator('[data-square="b6"]')).to_be_focused()
    expect(feedback).to_contain_text("黑馬")
    page.screenshot(path=screenshot_dir / "referee-keyboard.png")

    # A typed move, still without the mouse.
    page.keyboard.press("Tab")
    expect(page.get_by_label("輸入棋步，例如 Nf3 或 e2e4")).to_be_focused()
    page.keyboard.type("Nc6")
    page.keyboard.press("Enter")
    expect(feedback).to_contain_text("黑方走了 Nc6。")
    expect(page.get_by_label("輸入棋步，例如 Nf3 或 e2e4")).to_be_focused()


def test_escape_puts_the_piece_down(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    tab_to_board(page)
    walk(page, "dddddd")  # a2
    page.keyboard.press("Enter")
    expect(page.locator('[data-square="a2"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator('[data-square="a2"]')).not_to_have_attribute("aria-pressed", "true")


def test_resigning_by_keyboard_moves_focus_to_the_question(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    resign = page.get_by_role("button", name="白方認輸")
    resign.focus()
    page.keyboard.press("Enter")
    confirm = page.get_by_role("button", name="確定認輸")
    expect(confirm).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#referee-status")).to_contain_text("黑方獲勝")
