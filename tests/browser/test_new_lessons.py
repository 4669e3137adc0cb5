"""The lessons of issue 16 as a child meets them, in Chromium at a phone's and a laptop's
size: piece values, protection, a check that wins a piece, how a game ends, touch-move (2),
a website's rules, a split castling lesson and a lesson shown in two levels. Screenshots in
var/screenshots/new-*.png; axe runs on every state."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    SIZES,
    assert_no_axe_violations,
    check_answer,
    feedback,
    look,
    open_puzzle,
    option,
    play,
    square,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", SIZES)
def test_a_defended_capture_is_refused_and_the_free_one_accepted(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "piece-values", "piece-values-gain-points")
    look(page, screenshot_dir, "new-piece-values", size)
    assert_no_axe_violations(axe, page)
    play(page, "d1d5")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("這樣吃會虧分")
    look(page, screenshot_dir, "new-piece-values-wrong", size)
    assert_no_axe_violations(axe, page)
    page.goto(f"{live_server.url}/lessons/piece-values/?puzzle=piece-values-gain-points#puzzle")
    play(page, "d1h1")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


@pytest.mark.parametrize("size", SIZES)
def test_tapping_a_piece_that_does_not_attack_says_so(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "protection", "protection-find-attackers")
    wait_for_htmx(page)
    for name in ("a8", "e6", "h8"):
        square(page, name).click()
        expect(square(page, name)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("h8 的黑車吃不到 d5。")
    look(page, screenshot_dir, "new-protection-wrong", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_fork_wins_and_a_plain_check_is_told_why_not(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "check-wins", "check-wins-knight-fork")
    play(page, "b5d6")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("之後吃不到對方的棋子")
    look(page, screenshot_dir, "new-check-wins-wrong", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize(
    ("slug", "puzzle", "wrong", "why"),
    [
        ("game-endings", "game-endings-flag-fall-draw", "b", "對手只剩王，不可能將死你"),
        ("move-complete", "move-complete-enemy-then-own", "b", "現在的棋規不看先後，還是要吃。"),
        ("house-rules", "house-rules-ten-checks", "b", "連將 10 次算和，是網站的規則。"),
    ],
)
@pytest.mark.parametrize("size", SIZES)
def test_a_rules_question_says_why_a_wrong_option_is_wrong(
    page: Page, live_server, axe, screenshot_dir, size, slug, puzzle, wrong, why
):
    open_puzzle(page, live_server, size, slug, puzzle)
    look(page, screenshot_dir, f"new-{slug}", size)
    assert_no_axe_violations(axe, page)
    option(page, wrong).check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text(why)
    look(page, screenshot_dir, f"new-{slug}-wrong", size)
    assert_no_axe_violations(axe, page)
    option(page, "a").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


@pytest.mark.parametrize("size", SIZES)
def test_a_long_lesson_is_shown_one_level_at_a_time(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "bishop", "bishop-diagonals")
    expect(page.locator(".puzzle-level")).to_have_text("第 1 關，共 2 關")
    expect(page.locator(".puzzle-steps li")).to_have_count(6)
    last = page.locator(".puzzle-steps li a").last
    expect(last).to_have_text("6")
    look(page, screenshot_dir, "new-levels", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_the_split_castling_lesson_starts_on_the_board(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/lessons/castling-not-now/")
    expect(page.locator("h1")).to_have_text("王車易位：什麼時候不行")
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-kind", "move")
    expect(page.locator(".puzzle-level")).to_have_count(0)  # ten puzzles: one level
    look(page, screenshot_dir, "new-castling-not-now", size)
    assert_no_axe_violations(axe, page)
