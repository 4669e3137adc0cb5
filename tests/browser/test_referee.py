"""裁判棋盤 in Chromium: a short game with every common illegal attempt, mate, promotion,
drag and drop, axe and screenshots at phone and laptop sizes."""

import pytest
from playwright.sync_api import Page, expect

import rules
from board.explanations import explain
from tests.browser.conftest import assert_no_axe_violations, square, wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def tap_move(page: Page, frm: str, to: str) -> None:
    wait_for_htmx(page)
    square(page, frm).click()
    expect(square(page, frm)).to_have_attribute("aria-pressed", "true")
    square(page, to).click()


def expect_played(page: Page, text: str) -> None:
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_have_attribute("data-verdict", "correct")
    expect(feedback).to_contain_text(text)


def expect_refused(page: Page, fen: str, moves: list[str], move: str, highlights: set[str]):
    """The engine's sentences for `move` are shown, its squares highlighted, the piece is back."""
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_have_attribute("data-verdict", "illegal")
    sentences = explain(rules.check_move(fen, move, moves))
    assert sentences
    for sentence in sentences:
        expect(feedback).to_contain_text(sentence)
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-fen", rules.position_after(fen, moves))
    marked = page.locator("[data-board] [data-highlight]")
    expect(marked).to_have_count(len(highlights))
    assert {marked.nth(i).get_attribute("data-square") for i in range(len(highlights))} == (
        highlights
    )


def test_a_short_game_with_each_common_illegal_attempt(page: Page, live_server, screenshot_dir):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/board/")
    moves: list[str] = []

    tap_move(page, "g1", "e3")  # a knight does not move like that
    expect_refused(page, START, moves, "g1e3", {"g1", "e3"})  # the squares its sentence names
    tap_move(page, "f1", "c4")  # the bishop is blocked by its own pawn on e2
    expect_refused(page, START, moves, "f1c4", {"e2"})

    for frm, to, said in [
        ("e2", "e4", "白方走了 e4。"),
        ("e7", "e5", "黑方走了 e5。"),
        ("g1", "f3", "白方走了 Nf3。"),
        ("d7", "d6", "黑方走了 d6。"),
        ("f1", "b5", "白方走了 Bb5+。"),
    ]:
        tap_move(page, frm, to)
        expect_played(page, said)
        moves.append(frm + to)
    expect(page.locator("[data-feedback]")).to_contain_text("將軍！黑方要應將。")
    expect(page.locator("#referee-status")).to_contain_text("黑方被將軍了")

    tap_move(page, "a7", "a6")  # black ignores the check
    expect_refused(page, START, moves, "a7a6", {"b5"})
    tap_move(page, "b8", "c6")
    expect_played(page, "黑方走了 Nc6。")
    moves.append("b8c6")
    tap_move(page, "e1", "g1")
    expect_played(page, "白方走了 O-O。")
    moves.append("e1g1")
    tap_move(page, "c6", "d4")  # the knight is pinned to its king
    expect_refused(page, START, moves, "c6d4", {"b5"})
    page.screenshot(path=screenshot_dir / "referee-pinned-1280.png", full_page=True)

    # Castling through an attacked square, in a position set up by ?fen=.
    castling = "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    page.goto(live_server.url + "/board/?fen=" + castling.replace(" ", "%20"))
    tap_move(page, "e1", "g1")
    expect_refused(page, castling, [], "e1g1", {"f1", "f8"})
    expect(page.locator("[data-feedback]")).to_contain_text("王車易位")
    tap_move(page, "e1", "c1")
    expect_played(page, "白方走了 O-O-O。")


def test_fools_mate_is_announced_and_the_pgn_is_offered(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    for frm, to in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]:
        tap_move(page, frm, to)
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_contain_text("黑方走了 Qh4#。")
    expect(feedback).to_contain_text("黑方獲勝。")
    expect(page.locator("#referee-status")).to_contain_text("棋局結束")
    expect(square(page, "e1")).to_be_disabled()
    with page.expect_download() as download:
        page.get_by_role("link", name="下載棋譜（PGN）").click()
    text = download.value.path().read_text(encoding="utf-8")
    assert '[Result "0-1"]' in text
    assert "1. f3 e5 2. g4 Qh4# 0-1" in text


def test_the_game_survives_a_reload(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    tap_move(page, "e2", "e4")
    expect_played(page, "白方走了 e4。")
    page.reload()
    expect(page.locator("[data-board]")).to_have_attribute(
        "data-fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    )
    expect(page.locator("[data-board]")).to_have_attribute("data-orientation", "black")


def test_a_pawn_promotes_through_the_picker(page: Page, live_server, screenshot_dir):
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(live_server.url + "/board/?fen=8/4P3/8/8/8/8/k7/4K3%20w%20-%20-%200%201")
    tap_move(page, "e7", "e8")
    picker = page.locator("[data-promotion]")
    expect(picker).to_be_visible()
    expect(page.get_by_role("button", name="升變為后")).to_be_focused()
    page.screenshot(path=screenshot_dir / "referee-promotion-375.png", full_page=True)
    page.get_by_role("button", name="升變為馬").click()
    expect_played(page, "白方走了 e8=N。")
    expect(square(page, "e8")).to_have_attribute("aria-label", "e8，白馬")


def test_a_piece_can_be_dragged_to_its_square(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    square(page, "g1").drag_to(square(page, "f3"))
    expect_played(page, "白方走了 Nf3。")


def test_claiming_threefold_repetition_by_the_button(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    for frm, to in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")] * 2:
        tap_move(page, frm, to)
        expect(page.locator("[data-feedback]")).to_have_attribute("data-verdict", "correct")
        expect(square(page, to)).to_have_attribute("data-last-move", "")
    page.get_by_role("button", name="要求和棋", exact=True).click()
    expect(page.locator("#referee-status")).to_contain_text("和棋")


def test_resigning_asks_for_confirmation(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    page.get_by_role("button", name="黑方認輸").click()
    expect(page.get_by_text("黑方確定要認輸嗎？")).to_be_visible()
    page.get_by_role("button", name="確定認輸").click()
    expect(page.locator("#referee-status")).to_contain_text("白方獲勝")


@pytest.mark.parametrize("width,height", [(375, 667), (1280, 800)])
def test_the_board_fits_the_screen_and_axe_finds_nothing(
    page: Page, live_server, axe, screenshot_dir, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/board/")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("[data-board]").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] + box["height"] <= height  # the whole board in the first screen
    page.screenshot(path=screenshot_dir / f"referee-{width}.png")
    assert_no_axe_violations(axe, page)

    tap_move(page, "f1", "c4")
    wait_for_htmx(page)
    expect_refused(page, START, [], "f1c4", {"e2"})
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=screenshot_dir / f"referee-illegal-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_without_javascript_each_tap_is_a_plain_form_post(browser, live_server):
    context = browser.new_context(java_script_enabled=False, locale="zh-TW")
    page = context.new_page()
    page.goto(live_server.url + "/board/")
    square(page, "g1").click()
    expect(square(page, "g1")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('input[name="selected"]')).to_have_value("g1")
    square(page, "f3").click()
    expect_played(page, "白方走了 Nf3。")
    square(page, "b8").click()
    square(page, "b6").click()
    expect(page.locator("[data-feedback]")).to_have_attribute("data-verdict", "illegal")
    page.get_by_label("輸入棋步，例如 Nf3 或 e2e4").fill("Nc6")
    page.get_by_label("輸入棋步，例如 Nf3 或 e2e4").press("Enter")
    expect_played(page, "黑方走了 Nc6。")
    page.get_by_role("button", name="提議和棋").click()  # both have moved: FIDE 5.2.3
    page.get_by_role("button", name="同意和棋").click()
    expect(page.locator("#referee-status")).to_contain_text("和棋")
    context.close()


def test_a_move_in_a_stale_tab_after_the_end_shows_the_refusal(page: Page, live_server):
    page.goto(live_server.url + "/board/")
    other = page.context.new_page()
    other.goto(live_server.url + "/board/")
    other.get_by_role("button", name="白方認輸").click()
    other.get_by_role("button", name="確定認輸").click()
    expect(other.locator("#referee-status")).to_contain_text("黑方獲勝")
    tap_move(page, "e2", "e4")  # this tab still shows the game going on
    expect(page.locator("[data-feedback]")).to_contain_text("這盤棋已經結束了")


def test_a_finger_can_drag_a_piece_on_a_phone(browser, live_server):
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 375, "height": 667}, locale="zh-TW"
    )
    page = context.new_page()
    page.goto(live_server.url + "/board/")
    touch = context.new_cdp_session(page)

    def centre(name: str) -> tuple[float, float]:
        box = square(page, name).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    (x1, y1), (x2, y2) = centre("g1"), centre("f3")
    start = {"x": x1, "y": y1}
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [start]})
    for step in range(1, 11):
        point = {"x": x1 + (x2 - x1) * step / 10, "y": y1 + (y2 - y1) * step / 10}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect_played(page, "白方走了 Nf3。")
    context.close()
