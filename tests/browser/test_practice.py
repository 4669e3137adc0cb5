"""A practice round in Chromium: a generated puzzle solved by tapping, then another one,
at 375 and 1280 px, axe-clean in every state."""

import re

import pytest
from playwright.sync_api import Page, expect

import rules
from practice import generators
from tests.browser.conftest import (
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    feedback,
    square,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KNIGHT = "practice-knight-1-5"  # 白馬在 a4


@pytest.mark.parametrize("size", [(375, 667), (1280, 800)], ids=["375", "1280"])
def test_a_practice_round_a_miss_a_solve_and_another_puzzle(
    page: Page, live_server, axe, screenshot_dir, size
):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/practice/knight/{KNIGHT}/")
    expect(page.locator("h1")).to_have_text("練習：馬")
    expect(page.locator("#puzzle-heading")).to_have_text("練習：第 1 關（共 3 關）")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"practice-round-{width}.png", full_page=True)

    puzzle = generators.build(KNIGHT)
    targets = sorted(rules.destinations(puzzle.fen, puzzle.square))
    square(page, targets[0]).click()
    expect(square(page, targets[0])).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    wait_for_htmx(page)
    expect(feedback(page)).to_contain_text("還少")
    assert_no_axe_violations(axe, page)

    for target in targets[1:]:
        square(page, target).click()
        expect(square(page, target)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    wait_for_htmx(page)
    expect(feedback(page)).to_contain_text("對！白馬可以走到")
    expect(page.locator("[data-solved]")).to_contain_text("2")  # one miss: two stars
    expect(page.locator("[data-practice-count]")).to_contain_text("已經答對 1 題")
    assert_no_axe_violations(axe, page)
    page.screenshot(path=screenshot_dir / f"practice-solved-{width}.png", full_page=True)

    page.get_by_role("link", name="再來一題").click()
    expect(page).to_have_url(re.compile(r"/practice/knight/practice-knight-1-\d+/$"))
    assert not page.url.endswith(f"/{KNIGHT}/")  # another puzzle (a seed may start with 5)
    expect(page.locator("[data-practice-count]")).to_contain_text("已經答對 1 題")
    assert_no_axe_violations(axe, page)


FOR_EVER = "practice-castling-forever-2-2"  # 王或車走過了，f1 又被攻擊：兩個原因


@pytest.mark.parametrize("size", [(375, 667), (1280, 800)], ids=["375", "1280"])
def test_a_split_lessons_practice_asks_for_ever_or_for_now_with_every_reason(
    page: Page, live_server, axe, screenshot_dir, size
):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    puzzle = generators.build(FOR_EVER)
    assert set(puzzle.answer) == {"castling_rights_lost", "castling_through_attack"}
    page.goto(f"{live_server.url}/practice/castling-forever/{FOR_EVER}/")
    expect(page.locator("#puzzle-heading")).to_have_text("練習：第 2 關（共 3 關）")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"practice-for-ever-{width}.png", full_page=True)
    page.get_by_label("永遠不行：王或車已經走過了").check()
    page.get_by_label("暫時不行：王要經過被攻擊的格").check()
    page.get_by_role("button", name="對答案").click()
    wait_for_htmx(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", [(375, 667), (1280, 800)], ids=["375", "1280"])
def test_practice_of_protection_values_notation_and_endings_answers_in_one_tap(
    page: Page, live_server, axe, screenshot_dir, size
):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    for puzzle_id in ("practice-protection-3-2", "practice-piece-values-2-1",
                      "practice-notation-reading-2-1", "practice-notation-marks-2-1",
                      "practice-game-endings-3-5"):  # fmt: skip
        puzzle = generators.build(puzzle_id)
        page.goto(f"{live_server.url}/practice/{puzzle.lesson}/{puzzle_id}/")
        assert_no_axe_violations(axe, page)
        assert_no_horizontal_scroll(page)
        page.screenshot(path=screenshot_dir / f"{puzzle_id}-{width}.png", full_page=True)
        (right,) = [option for option in puzzle.options if option.value in puzzle.answer]
        page.get_by_label(right.text).check()
        page.get_by_role("button", name="對答案").click()
        wait_for_htmx(page)
        expect(feedback(page)).to_have_attribute("data-verdict", "correct")
        assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("width", [375, 1280])
def test_the_knights_other_kinds_move_it_there_and_may_it_go(
    page: Page, live_server, axe, screenshot_dir, width
):
    page.set_viewport_size({"width": width, "height": 800})
    move_it = generators.build("practice-knight-1-0")  # the first turn: move it there
    assert move_it.kind == "move" and move_it.goal["type"] == "reach"
    page.goto(f"{live_server.url}/practice/knight/{move_it.id}/")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"practice-knight-move-{width}.png", full_page=True)
    wait_for_htmx(page)
    assert rules.piece_at(move_it.fen, "e8") == "N"  # 白馬在 e8
    square(page, "e8").click()
    square(page, move_it.goal["square"]).click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    assert_no_axe_violations(axe, page)

    may_it = generators.build("practice-knight-1-6")  # the third: may it go there?
    assert may_it.kind == "choice" and may_it.question == "move_legal"
    page.goto(f"{live_server.url}/practice/knight/{may_it.id}/")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"practice-knight-may-{width}.png", full_page=True)
