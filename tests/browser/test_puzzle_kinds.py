"""Every puzzle kind on the real curriculum, as a child meets it in Chromium.

For each kind: a wrong answer, then the right one, at a phone's and a laptop's size,
with no sideways scrolling, axe-clean before and after the feedback. Screenshots land in
var/screenshots/kind-*.png.
"""

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
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", SIZES)
def test_a_one_move_puzzle_mate_in_one(page: Page, live_server, axe, screenshot_dir, size):
    open_puzzle(page, live_server, size, "checkmate", "checkmate-queen-with-king")
    assert_no_axe_violations(axe, page)
    play(page, "a2a7")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("這步可以走，但還沒有將死。")
    expect(square(page, "a2")).to_have_attribute("data-piece", "Q")  # the queen went back
    look(page, screenshot_dir, "move-wrong", size)
    assert_no_axe_violations(axe, page)
    play(page, "a2a8")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(page.locator("[data-next-puzzle]")).to_have_text("下一題")
    look(page, screenshot_dir, "move-right", size)
    assert_no_axe_violations(axe, page)


def test_on_a_phone_the_feedback_of_a_move_comes_into_view(page: Page, live_server):
    open_puzzle(page, live_server, "375", "checkmate", "checkmate-queen-with-king")
    play(page, "a2a7")
    expect(feedback(page)).to_contain_text("這步可以走，但還沒有將死。")
    expect(feedback(page)).to_be_in_viewport(ratio=1)  # waits for the scroll to end
    box = feedback(page).bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES["375"]["height"]


@pytest.mark.parametrize("size", SIZES)
def test_a_visit_puzzle_collects_the_stars_one_move_at_a_time(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "rook", "rook-three-stars")
    expect(page.locator("[data-targets]")).to_have_text("星星在：a8、h8、h3。 還可以走 3 步。")
    look(page, screenshot_dir, "visit-open", size)
    assert_no_axe_violations(axe, page)
    play(page, "a1a2")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("來不及收集所有星星")
    expect(square(page, "a1")).to_have_attribute("data-piece", "R")
    play(page, "a1a8")
    expect(feedback(page)).to_have_attribute("data-verdict", "continue")
    expect(page.locator("[data-targets]")).to_have_text("星星在：h8、h3。 還可以走 2 步。")
    look(page, screenshot_dir, "visit-one-star", size)
    assert_no_axe_violations(axe, page)
    play(page, "a8h8")
    expect(page.locator("[data-targets]")).to_have_text("星星在：h3。 還可以走 1 步。")
    play(page, "h8h3")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(page.locator("[data-targets]")).to_have_text("每一顆星星都拿到了！")  # kept: no jump
    look(page, screenshot_dir, "visit-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_mate_in_two_plays_the_engines_reply(page: Page, live_server, axe, screenshot_dir, size):
    open_puzzle(page, live_server, size, "check-wins", "check-wins-ladder-mate")
    play(page, "g1h1")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(square(page, "g1")).to_have_attribute("data-piece", "K")
    play(page, "b1b7")
    expect(feedback(page)).to_have_attribute("data-verdict", "continue")
    expect(feedback(page)).to_contain_text("對方走了：黑王從 h8 走到 g8。")
    expect(square(page, "g8")).to_have_attribute("data-last-move", "")
    expect(page.get_by_role("link", name="這一題重來")).to_be_visible()
    look(page, screenshot_dir, "mate2-reply", size)
    assert_no_axe_violations(axe, page)
    play(page, "a2a8")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    look(page, screenshot_dir, "mate2-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_stalemate_desperado_ends_with_the_forced_capture(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "stalemate", "stalemate-desperado")
    play(page, "c7c1")
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("不會變成逼和")
    play(page, "c7h7")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(feedback(page)).to_contain_text("對方走了：黑王從 h8 吃掉 h7 的白車。")
    expect(square(page, "h7")).to_have_attribute("data-piece", "k")
    look(page, screenshot_dir, "desperado-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_squares_puzzle_frames_wrong_marks_then_accepts_every_square(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "knight", "knight-eight-jumps")
    expect(page.locator(".puzzle-how")).to_have_text("點格子做記號，再按「完成」。")
    assert_no_axe_violations(axe, page)
    for name in ("c6", "e6", "d6"):
        square(page, name).click()
        expect(square(page, name)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("有 1 個記號點錯了（紅色虛線框），再點一次就能拿掉。")
    expect(feedback(page)).to_contain_text("還少 6 格沒點到。")
    expect(square(page, "d6")).to_have_attribute("data-highlight", "")
    expect(square(page, "d6")).to_have_attribute("aria-pressed", "true")
    mark = "el => getComputedStyle(el, '::after').content"
    assert (square(page, "d6").evaluate(mark), square(page, "c6").evaluate(mark)) == ('"✗"', '"✓"')
    look(page, screenshot_dir, "squares-wrong", size)
    assert_no_axe_violations(axe, page)
    square(page, "d6").click()
    expect(square(page, "d6")).to_have_attribute("aria-pressed", "false")
    style = "el => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).backgroundImage"
    assert square(page, "d6").evaluate(style) == "none none"  # taken away, no frame is left
    for name in ("b3", "b5", "c2", "e2", "f3", "f5"):
        square(page, name).click()
        expect(square(page, name)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    look(page, screenshot_dir, "squares-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_after_two_wrong_squares_answers_the_missing_ones_and_the_hint_show(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "king", "king-in-the-corner")
    square(page, "a2").click()
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_contain_text("還少 2 格沒點到。")
    expect(page.locator("[data-hint]")).to_have_count(0)
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_contain_text("還沒點到的格子畫了虛線圈：b1、b2。")
    expect(page.locator("[data-hint]")).to_be_visible()
    ring = square(page, "b2").evaluate("el => getComputedStyle(el, '::before').borderTopStyle")
    assert ring == "dashed"
    look(page, screenshot_dir, "squares-revealed", size)
    assert_no_axe_violations(axe, page)
    square(page, "b1").click()
    square(page, "b2").click()
    page.get_by_role("button", name="完成").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


@pytest.mark.parametrize("size", SIZES)
def test_a_square_colour_question_keeps_the_squares_own_colour(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "board", "board-color-e4")
    e4, f4 = square(page, "e4"), square(page, "d5")  # d5 is a light square too
    colour = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).backgroundImage]"
    assert e4.evaluate(colour) == f4.evaluate(colour)  # the asked square is not tinted
    ring = e4.evaluate("el => getComputedStyle(el).boxShadow")
    assert "inset" in ring
    assert_no_axe_violations(axe, page)
    option(page, "dark").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("e4 是淺色格。")  # why this answer is wrong
    # Two options: no second guess here; the same question comes in another square.
    expect(option(page, "dark")).to_have_count(0)
    look(page, screenshot_dir, "choice-wrong", size)
    assert_no_axe_violations(axe, page)
    page.get_by_role("link", name="再試一題").click()
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-asked", "board-color-d4")
    option(page, "dark").check()  # d4, beside e4, is the other colour
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    look(page, screenshot_dir, "choice-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_choice_with_several_answers_and_a_history(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "en-passant", "en-passant-two-capturers")
    expect(page.locator("[data-history]")).to_contain_text("之前走過的棋")
    expect(page.locator("[data-history] li")).to_have_text(["黑兵從 d7 走到 d5"])
    expect(square(page, "d5")).to_have_attribute("data-last-move", "")
    expect(page.locator(".answer-options legend")).to_have_text(
        "選出所有對的答案（可以選不只一個）"
    )
    look(page, screenshot_dir, "several-open", size)
    assert_no_axe_violations(axe, page)
    option(page, "c5").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(option(page, "c5")).to_be_checked()
    expect(page.locator("[data-hint]")).to_have_count(0)
    option(page, "d4").check()
    check_answer(page)
    expect(feedback(page)).to_contain_text("下面有一個提示")
    expect(page.locator("[data-hint]")).to_be_visible()  # after the second wrong try
    look(page, screenshot_dir, "several-hint", size)
    assert_no_axe_violations(axe, page)
    option(page, "d4").uncheck()
    option(page, "e5").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    look(page, screenshot_dir, "several-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_an_assess_puzzle_names_why_a_wrong_answer_is_wrong_and_rings_the_king(
    page: Page, live_server, axe, screenshot_dir, size
):
    open_puzzle(page, live_server, size, "stalemate", "stalemate-what-is")
    option(page, "checkmate").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    expect(feedback(page)).to_contain_text("a8 的黑王沒有被將軍。")
    expect(page.locator("[data-highlight]")).to_have_count(1)
    expect(square(page, "a8")).to_have_attribute("data-highlight", "")
    look(page, screenshot_dir, "assess-wrong", size)
    assert_no_axe_violations(axe, page)
    option(page, "stalemate").check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    look(page, screenshot_dir, "assess-right", size)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("slug", "puzzle_id", "wrong", "right", "board"),
    [
        ("stalemate", "stalemate-who-wins", "b", "a", False),
        ("en-passant", "en-passant-is-optional", "a", "b", True),
    ],
    ids=["text-no-board", "text-board"],
)
def test_a_text_puzzle(
    page: Page, live_server, axe, screenshot_dir, size, slug, puzzle_id, wrong, right, board
):
    open_puzzle(page, live_server, size, slug, puzzle_id)
    expect(page.locator("[data-board]")).to_have_count(1 if board else 0)
    option(page, wrong).check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "incorrect")
    look(page, screenshot_dir, f"{puzzle_id}-wrong", size)
    assert_no_axe_violations(axe, page)
    option(page, right).check()
    check_answer(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    look(page, screenshot_dir, f"{puzzle_id}-right", size)
    assert_no_axe_violations(axe, page)
