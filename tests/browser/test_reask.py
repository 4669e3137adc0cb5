"""A two-option question missed is asked again in another position, in Chromium at a
phone's and a laptop's size: the reason and 「再試一題」, then the same question about
another position in the puzzle's place, solved there. Screenshots land in
var/screenshots/reask-*.png; axe runs on every state."""

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
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", SIZES)
def test_a_missed_yes_or_no_is_asked_again_in_another_position_before_it_counts(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "castling", "castling-king-moved-back")
    option(page, "yes").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("換一個位置，再回答一次同樣的問題。")
    expect(page.locator('input[name="answer"]')).to_have_count(0)
    look(page, screenshot_dir, "reask-missed", size)
    assert_no_axe_violations(axe, page)

    page.get_by_role("link", name="再試一題").click()
    puzzle = page.locator("[data-puzzle]")
    expect(puzzle).to_have_attribute("data-puzzle", "castling-king-moved-back")
    expect(puzzle).to_have_attribute("data-asked", "castling-rook-moved-back")
    expect(page.locator("[data-reasked]")).to_have_text("再試一題：同樣的問題，換一個位置。")
    expect(page.locator("#puzzle-heading")).to_have_text("第 4 題（共 6 題）")
    look(page, screenshot_dir, "reask-asked", size)
    assert_no_axe_violations(axe, page)

    option(page, "no").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(page.locator("[data-solved]")).to_contain_text("2")
    look(page, screenshot_dir, "reask-solved", size)
    assert_no_axe_violations(axe, page)
