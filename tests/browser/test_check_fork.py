"""將軍得子 in Chromium: a check that wins nothing, then the knight fork, first in the
lesson's own puzzle and then in a practice round's generated one (rules.generate.check_fork),
at 375 and 1280 px, axe-clean in every state."""

import pytest
from playwright.sync_api import Page, expect

import rules
from practice import generators
from tests.browser.conftest import (
    SIZES,
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    feedback,
    open_puzzle,
    play,
    square,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LESSON_FORK = "check-wins-knight-fork"  # 白馬在 b5，黑王在 e8，黑車在 a8
PRACTICE_FORK = "practice-check-wins-1-1"  # 白馬在 e6，黑王在 h7，黑后在 e4
WINS_NOTHING = "這步可以將軍，但之後吃不到對方的棋子。"


def miss_then_fork(page: Page, axe, wins_nothing: str, fork: str) -> None:
    """A knight check that wins nothing is refused and taken back; the fork solves it."""
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    play(page, wins_nothing)
    wait_for_htmx(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text(WINS_NOTHING)
    expect(square(page, wins_nothing[:2])).to_have_attribute("data-piece", "N")  # went back
    assert_no_axe_violations(axe, page)
    play(page, fork)
    wait_for_htmx(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(square(page, fork[2:4])).to_have_attribute("data-piece", "N")
    expect(page.locator("[data-solved]")).to_contain_text("2")  # one miss: two stars
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_check_fork_in_the_lesson_and_in_a_practice_round(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "check-wins", LESSON_FORK)
    miss_then_fork(page, axe, wins_nothing="b5d6", fork="b5c7")
    expect(feedback(page)).to_contain_text("雙攻！")
    page.screenshot(path=screenshot_dir / f"check-fork-lesson-{size}.png", full_page=True)

    puzzle = generators.build(PRACTICE_FORK)
    assert puzzle.fen == "8/7k/4N3/8/4q3/8/8/2K5 w - - 0 1"
    assert rules.forced_gain(puzzle.fen, "e6g5", ()) == 9  # Ng5+ wins the queen
    assert rules.forced_gain(puzzle.fen, "e6f8", ()) == 0  # Nf8+ wins nothing
    page.goto(f"{live_server.url}/practice/check-wins/{PRACTICE_FORK}/")
    expect(page.locator("h1")).to_have_text("練習：將軍得子")
    expect(page.get_by_text("輪到白方。用白馬將軍，同時攻擊一個黑子。")).to_be_visible()
    page.screenshot(path=screenshot_dir / f"check-fork-practice-{size}.png", full_page=True)
    miss_then_fork(page, axe, wins_nothing="e6f8", fork="e6g5")
    expect(feedback(page)).to_contain_text("將軍又攻擊！黑王一定要先應將，那個棋子就保不住了。")
    expect(page.locator("[data-practice-count]")).to_contain_text("已經答對 1 題")
    page.screenshot(path=screenshot_dir / f"check-fork-solved-{size}.png", full_page=True)
