"""Lesson pages in Chromium: by mouse and by keyboard only, axe-clean, whole board on screen.

The lessons are the small fixture curriculum of tests/lessons/lesson_fixtures.py
(the live server runs in this process, so the patched curriculum is what it serves).
"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    feedback,
    square,
)
from tests.lessons.lesson_fixtures import write_curriculum

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def lessons(tmp_path, monkeypatch):
    curriculum = write_curriculum(tmp_path)
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.answering.get_curriculum", lambda: curriculum)
    return curriculum


def tab_to_board(page: Page) -> None:
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.dataset.square"):
            return
    raise AssertionError("Tab never reached the board")


def tab_until(page: Page, condition: str) -> None:
    """Press Tab until `condition` (JavaScript about `el`, the focused element) holds."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(f"(el => !!({condition}))(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached an element where {condition}")


def walk(page: Page, keys: str) -> None:
    """Press arrow keys: U D L R."""
    names = {"U": "ArrowUp", "D": "ArrowDown", "L": "ArrowLeft", "R": "ArrowRight"}
    for key in keys:
        page.keyboard.press(names[key])


def test_solve_the_first_knight_puzzle_by_clicking(page: Page, live_server, lessons, axe):
    page.goto(live_server.url + "/lessons/knight/")
    expect(page.locator("h1")).to_have_text("馬")
    assert_no_axe_violations(axe, page)
    square(page, "g1").click()
    expect(square(page, "g1")).to_have_attribute("aria-pressed", "true")
    square(page, "f3").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(feedback(page)).to_contain_text("馬走 L 形，一次就到了 f3！")
    expect(page.locator("[data-next-puzzle]")).to_have_text("下一題")
    assert page.url.endswith("/lessons/knight/")  # htmx swapped the puzzle, no page load
    assert_no_axe_violations(axe, page)


def test_an_illegal_castling_move_is_explained_with_the_squares_highlighted(
    page: Page, live_server, lessons, axe, screenshot_dir
):
    page.set_viewport_size(LAPTOP)
    page.goto(live_server.url + "/lessons/castling/")
    square(page, "e1").click()
    square(page, "g1").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")
    expect(feedback(page)).to_contain_text("王車易位")
    expect(square(page, "f1")).to_have_attribute("data-highlight", "")
    expect(square(page, "f8")).to_have_attribute("data-highlight", "")
    expect(square(page, "e1")).to_have_attribute("data-piece", "K")  # the king went back
    page.screenshot(path=screenshot_dir / "lesson-illegal-castling-1280.png", full_page=True)
    assert_no_horizontal_scroll(page)
    assert_no_axe_violations(axe, page)


def test_promote_through_the_picker(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/promotion/")
    square(page, "e7").click()
    square(page, "e8").click()
    picker = page.locator("[data-promotion]")
    expect(picker).to_be_visible()
    picker.get_by_role("button", name="升變為后").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(square(page, "e8")).to_have_attribute("data-piece", "Q")


def test_finish_a_lesson_and_see_its_stars_on_the_map(
    page: Page, live_server, lessons, axe, screenshot_dir
):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/lessons/knight/")
    square(page, "g1").click()
    square(page, "f3").click()
    page.locator("[data-next-puzzle]").click()
    for name in ("e2", "f3", "h3"):
        square(page, name).click()
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    page.locator("[data-next-puzzle]").click()
    page.get_by_label("黑格").check()
    page.get_by_role("button", name="對答案").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    page.screenshot(path=screenshot_dir / "lesson-solved-375.png", full_page=True)
    assert_no_horizontal_scroll(page)
    page.locator("[data-next-puzzle]").click()
    expect(page.locator("[data-summary]")).to_contain_text("這一課完成了！")
    expect(page.locator("[data-summary] .stars")).to_have_attribute("data-stars", "3")
    page.screenshot(path=screenshot_dir / "lesson-summary-375.png", full_page=True)
    assert_no_axe_violations(axe, page)
    page.goto(live_server.url + "/")
    knight = page.locator('[data-lesson="knight"]')
    expect(knight.locator(".stars")).to_have_attribute("data-stars", "3")
    expect(knight.locator(".stars")).to_have_attribute("aria-label", "得到 3 顆星（共 3 顆）")
    expect(knight).to_contain_text("完成 3／3 題")
    expect(page.locator('[data-lesson="castling"]')).to_contain_text("下一課")
    page.screenshot(path=screenshot_dir / "map-after-lesson-375.png", full_page=True)
    assert_no_horizontal_scroll(page)
    assert_no_axe_violations(axe, page)


# --- the same flows by keyboard only -------------------------------------------------


def test_solve_the_first_knight_puzzle_by_keyboard(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/knight/")
    tab_to_board(page)
    walk(page, "DDDDDDDRRRRRR")  # a8 -> g1
    page.keyboard.press("Enter")
    expect(square(page, "g1")).to_have_attribute("aria-pressed", "true")
    walk(page, "LUU")  # g1 -> f3
    page.keyboard.press("Space")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


def test_an_illegal_castling_move_by_keyboard(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/castling/")
    tab_to_board(page)
    walk(page, "DDDDDDDRRRR")  # a8 -> e1
    page.keyboard.press("Enter")
    walk(page, "RR")  # e1 -> g1
    page.keyboard.press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")
    expect(feedback(page)).to_contain_text("王車易位")
    expect(square(page, "f1")).to_have_attribute("data-highlight", "")
    # Focus stays on the board, so the next try needs no mouse either.
    expect(square(page, "g1")).to_be_focused()


def test_promote_through_the_picker_by_keyboard(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/promotion/")
    tab_to_board(page)
    walk(page, "DRRRR")  # a8 -> e7
    page.keyboard.press("Enter")
    walk(page, "U")  # e7 -> e8
    page.keyboard.press("Enter")
    expect(page.locator("[data-promotion]")).to_be_visible()
    # The picker takes the focus: its first button is the queen.
    expect(page.locator("[data-promotion] button").first).to_be_focused()
    page.keyboard.press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


def test_a_typed_move_solves_the_puzzle(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/knight/")
    page.locator("#typed-move").fill("Nf3")
    page.locator("#typed-move").press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


def test_finish_a_lesson_by_keyboard_and_see_its_stars_on_the_map(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/knight/")
    tab_to_board(page)
    walk(page, "DDDDDDDRRRRRR")
    page.keyboard.press("Enter")
    walk(page, "LUU")
    page.keyboard.press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(page.locator("[data-next-puzzle]")).to_be_focused()  # the next step takes the focus
    page.keyboard.press("Enter")  # a link: a new page
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-puzzle", "knight-squares")
    tab_to_board(page)
    walk(page, "DDDDDDRRRR")  # a8 -> e2
    page.keyboard.press("Space")
    walk(page, "RU")  # e2 -> f3
    page.keyboard.press("Space")
    walk(page, "RR")  # f3 -> h3
    page.keyboard.press("Space")
    tab_until(page, "el.textContent.trim() === '完成'")
    page.keyboard.press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(page.locator("[data-next-puzzle]")).to_be_focused()  # the next step takes the focus
    page.keyboard.press("Enter")
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-puzzle", "knight-colour")
    tab_until(page, "el.name === 'answer'")
    page.keyboard.press("ArrowDown")  # radio group: light -> dark
    expect(page.get_by_label("黑格")).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    page.goto(live_server.url + "/")
    expect(page.locator('[data-lesson="knight"] .stars')).to_have_attribute("data-stars", "3")


def test_without_javascript_plain_forms_solve_the_puzzle(browser, live_server, lessons):
    context = browser.new_context(java_script_enabled=False, locale="zh-TW")
    page = context.new_page()
    try:
        page.goto(live_server.url + "/lessons/knight/")
        square(page, "g1").click()  # a full page comes back with the knight picked up
        expect(square(page, "g1")).to_have_attribute("aria-pressed", "true")
        assert page.url.endswith("/lessons/knight/knight-first-jump/")
        square(page, "f3").click()
        expect(feedback(page)).to_have_attribute("data-verdict", "correct")
        page.locator("[data-next-puzzle]").click()
        expect(page.locator("[data-puzzle]")).to_have_attribute("data-puzzle", "knight-squares")
    finally:
        context.close()


def test_the_hint_by_keyboard_shows_and_takes_the_focus(page: Page, live_server, lessons):
    page.goto(live_server.url + "/lessons/knight/")
    tab_until(page, "el.id === 'hint-button'")
    page.keyboard.press("Enter")
    expect(page.locator("[data-hint]")).to_contain_text("從 g1 往上兩格，再往左一格。")
    expect(page.locator("[data-hint]")).to_be_focused()
