"""Every answer teaches, in Chromium at a phone's and a laptop's size: the reason for a
wrong answer with its squares ringed, the longer reason behind 「為什麼？」, where a piece
can go after a wrong move, the board that holds still, and the referee's choice of
turning. Screenshots land in var/screenshots/teach-*.png; axe runs on every state."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    SIZES,
    assert_no_axe_violations,
    check_answer,
    feedback,
    open_puzzle,
    option,
    play,
    square,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def look(page: Page, screenshot_dir, name: str, size: str) -> None:
    page.screenshot(path=screenshot_dir / f"teach-{name}-{size}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


@pytest.mark.parametrize("size", SIZES)
def test_a_knight_moved_wrongly_rings_its_squares_and_shows_where_it_can_go(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "knight", "knight-corner-to-center")
    play(page, "a1a3")
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")
    expect(feedback(page)).to_contain_text("白馬不能從 a1 走到 a3：馬走 L 形。")
    expect(square(page, "a1")).to_have_attribute("data-highlight", "")
    expect(square(page, "a3")).to_have_attribute("data-highlight", "")
    expect(page.locator("[data-highlight]")).to_have_count(2)
    expect(feedback(page)).to_contain_text("虛線圓圈是它可以走的格。")
    page.get_by_text("為什麼？").click()
    expect(page.locator("[data-why]")).to_contain_text(
        "先直走或橫走兩格，再轉彎走一格。馬可以跳過別的棋子。"
    )
    look(page, screenshot_dir, "knight-wrong", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_the_king_cannot_collect_the_knights_star(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "knight", "knight-corner-to-center")
    play(page, "a8b7")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("這一題要用馬收集星星")
    expect(square(page, "a8")).to_have_attribute("data-piece", "K")  # not kept
    look(page, screenshot_dir, "wrong-piece", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_black_puzzle_keeps_black_at_the_bottom_after_the_solving_move(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "castling", "castling-black-short")
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-orientation", "black")
    play(page, "e8g8")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(board).to_have_attribute("data-orientation", "black")
    look(page, screenshot_dir, "black-stays", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_the_referee_board_keeps_white_at_the_bottom_and_marks_the_mated_king(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/board/")
    page.get_by_role("button", name="白方固定在下面").click()
    wait_for_htmx(page)
    expect(page.get_by_role("button", name="白方固定在下面")).to_have_attribute(
        "aria-pressed", "true"
    )
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        play(page, move)
        wait_for_htmx(page)
        expect(page.locator("[data-board]")).to_have_attribute("data-orientation", "white")
    expect(square(page, "e1")).to_have_attribute("data-mated", "")
    look(page, screenshot_dir, "referee-mate", size)
    assert_no_axe_violations(axe, page)


# A text puzzle has no board to ring: the reason its author wrote for that option is said.
TEXT_MISSES = [
    ("touch-move", "touch-move-own-piece", "c", "說對不起也不行：摸子走子是棋規，不只是禮貌。"),
    ("draws", "draws-agreement-when", "b", "對手想棋的時候提和，會打擾他想棋。"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("slug", "puzzle_id", "value", "why"), TEXT_MISSES)
def test_a_wrong_option_of_a_text_puzzle_says_why_that_option_is_wrong(
    page: Page, live_server, axe, screenshot_dir, size, slug, puzzle_id, value, why
):
    open_puzzle(page, live_server, size, slug, puzzle_id)
    option(page, value).check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text(why)
    expect(feedback(page)).not_to_contain_text("再讀一次題目")
    look(page, screenshot_dir, f"{puzzle_id}-wrong", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_option_of_a_text_puzzle_says_why_in_english(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    open_puzzle(page, live_server, size, "touch-move", "touch-move-hand-still-on")
    option(page, "c").check()
    page.get_by_role("button", name="Check my answer").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text(
        "You touched the queen, so it must be a queen move. Only the square may change."
    )
    look(page, screenshot_dir, "touch-move-hand-still-on-wrong-en", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_tap_in_an_attacks_puzzle_says_how_the_bishop_attacks(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "bishop", "bishop-attacks")
    square(page, "c4").click()
    expect(square(page, "c4")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("c5 的黑象只攻擊斜線，c4 不在它的斜線上。")
    expect(square(page, "c4")).to_have_attribute("data-highlight", "")
    look(page, screenshot_dir, "bishop-attacks-wrong", size)
    assert_no_axe_violations(axe, page)
