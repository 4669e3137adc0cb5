"""The position editor in Chromium: pieces put on and taken off by tap and by keyboard, a
FEN pasted, castling rights in words, a history played in, the include inside another
form (and that form without JavaScript), axe, screenshots at 375 and 1280 px, and the taps
one puzzle position takes by hand."""

import pytest
from django.test import override_settings
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations, assert_no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A mate in one with 5 pieces: Rd8 mates the king boxed in by its own pawns.
BACK_RANK = "7k/6pp/8/8/8/8/8/3R2K1 w - - 0 1"


class Taps:
    """Every tap (a click or an Enter) counted, each waiting for the panel it asks for."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def on(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1
        self.page.wait_for_function("() => !document.querySelector('[data-editor][aria-busy]')")


SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
  'main a[href], main button, main input:not([type=hidden])'))
  .map((element) => [element.getAttribute('aria-label') || element.textContent.trim() ||
    element.name, element.getBoundingClientRect()])
  .filter(([, box]) => box.width > 1 && (box.width < 44 || box.height < 44))
  .map(([name, box]) => `${name}: ${box.width} x ${box.height}`)"""


def small_targets(page: Page) -> list[str]:
    """The editor's tap targets under 44 × 44 px (WCAG 2.5.5)."""
    return page.evaluate(SMALL_TARGETS)


def fen_of(page: Page) -> str:
    return page.locator("[data-editor-panel]").get_attribute("data-fen")


def square(page: Page, name: str):
    return page.locator(f'[data-edit-board] [data-square="{name}"]')


def test_a_mate_in_one_set_up_by_tap_and_counted(page: Page, live_server, screenshot_dir, axe):
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(live_server.url + "/editor/")
    expect(page.locator("[data-editor-verdict]")).to_contain_text("這個局面可能在棋局裡出現。")
    taps = Taps(page)
    taps.on('button[name="clear"]')
    expect(page.locator("[data-editor-verdict]")).to_contain_text("沒有白王。")
    taps.on('[data-edit-board] [data-square="g1"]')  # the white king is in hand at first
    expect(page.locator("[data-editor-said]")).to_have_text("g1 放了白王。")
    for tool, squares in (("R", ["d1"]), ("k", ["h8"]), ("p", ["g7", "h7"])):
        taps.on(f'button[name="pick"][value="{tool}"]')
        for name in squares:
            taps.on(f'[data-edit-board] [data-square="{name}"]')
    assert fen_of(page) == BACK_RANK
    assert taps.count == 9  # the figure for the issue: 9 taps for this 5-piece position
    expect(page.locator("[data-editor-verdict]")).to_have_text("這個局面可能在棋局裡出現。")
    expect(page.locator("input[name=fen]")).to_have_value(BACK_RANK)
    # the piece in hand is pressed, the square says what stands on it
    expect(page.locator('button[name="pick"][value="p"]')).to_have_attribute("aria-pressed", "true")
    expect(square(page, "d1")).to_have_attribute("aria-label", "d1，白車")
    # the same piece again takes it off; the eraser takes any piece off
    taps.on('[data-edit-board] [data-square="h7"]')
    expect(page.locator("[data-editor-said]")).to_have_text("拿走了 h7 的黑兵。")
    taps.on('button[name="pick"][value="x"]')
    taps.on('[data-edit-board] [data-square="d1"]')
    expect(square(page, "d1")).to_have_attribute("aria-label", "d1，空格")
    assert_no_horizontal_scroll(page)
    assert small_targets(page) == []
    page.screenshot(path=str(screenshot_dir / "editor-375.png"), full_page=True)
    assert_no_axe_violations(axe, page)
    link = page.locator("[data-editor-question]")
    expect(link).to_have_attribute(
        "href", "/teacher/sets/puzzles/new/?fen=7k%2F6p1%2F8%2F8%2F8%2F8%2F8%2F6K1+w+-+-+0+1"
    )


def test_pieces_by_keyboard_only(page: Page, live_server):
    page.goto(live_server.url + "/editor/?fen=4k3/8/8/8/8/8/8/4K3")
    page.locator('button[name="pick"][value="Q"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('button[name="pick"][value="Q"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('button[name="pick"][value="Q"]')).to_be_focused()
    # one Tab stop for the board, arrows between squares, Enter puts the queen on
    square(page, "a8").focus()
    for key in ["ArrowDown"] * 4 + ["ArrowRight"] * 3:
        page.keyboard.press(key)
    expect(square(page, "d4")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-editor-said]")).to_have_text("d4 放了白后。")
    expect(square(page, "d4")).to_be_focused()
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4，白后")
    assert page.locator("[data-edit-board] button[tabindex='0']").count() == 1
    expect(page.locator("[data-announcer]")).to_have_text("d4 放了白后。")
    page.keyboard.press("Enter")  # again: taken off
    expect(square(page, "d4")).to_have_attribute("aria-label", "d4，空格")


def test_a_fen_pasted_and_its_castling_rights_in_words(
    page: Page, live_server, screenshot_dir, axe
):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/editor/")
    page.locator("input[name=fen]").fill("r3k3/8/8/8/8/8/8/4K2R")
    page.locator('button[name="load"]').click()
    expect(page.locator("[data-editor-panel]")).to_have_attribute(
        "data-fen", "r3k3/8/8/8/8/8/8/4K2R w - - 0 1"
    )
    rights = page.locator('button[name="castle"]')
    expect(rights).to_have_count(2)
    expect(rights.nth(0)).to_have_text("白方還可以短易位")
    expect(rights.nth(1)).to_have_text("黑方還可以長易位")
    expect(rights.nth(0)).to_have_attribute("aria-pressed", "false")
    rights.nth(0).click()
    expect(page.locator("[data-editor-panel]")).to_have_attribute(
        "data-fen", "r3k3/8/8/8/8/8/8/4K2R w K - 0 1"
    )
    expect(page.locator('button[name="castle"][value="K"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    # the rook leaves its corner: the right is no longer offered
    page.locator('button[name="pick"][value="x"]').click()
    page.wait_for_function("() => !document.querySelector('[data-editor][aria-busy]')")
    square(page, "h1").click()
    expect(page.locator('button[name="castle"]')).to_have_count(1)
    expect(page.locator("[data-editor-panel]")).to_have_attribute(
        "data-fen", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"
    )
    # the fifty-move count in words: typed, then Enter
    page.locator("[data-editor-quiet]").fill("50")
    page.locator("[data-editor-quiet]").press("Enter")
    expect(page.locator("[data-editor-said]")).to_have_text(
        "雙方各走了 50 步，都沒有吃子也沒有走兵。"
    )
    expect(page.locator("input[name=fen]")).to_have_value("r3k3/8/8/8/8/8/8/4K3 w - - 100 1")
    # a text that is not a FEN: said in words, nothing lost
    page.locator("input[name=fen]").fill("not a fen")
    page.locator('button[name="load"]').click()
    expect(page.locator("[data-editor-said]")).to_contain_text("這個 FEN 讀不懂。")
    page.goto(live_server.url + "/editor/")
    page.screenshot(path=str(screenshot_dir / "editor-1280.png"), full_page=True)
    assert_no_axe_violations(axe, page)


def test_a_history_played_in_with_the_engine_refusing_a_wrong_move(page: Page, live_server):
    page.goto(live_server.url + "/editor/?fen=4k3/3p4/8/4P3/8/8/8/4K3%20b%20-%20-%200%201")
    page.locator('button[name="switch"][value="play"]').click()
    expect(page.locator('button[name="switch"][value="play"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    square(page, "d7").click()
    expect(square(page, "d7")).to_have_attribute("aria-pressed", "true")
    square(page, "d5").click()
    expect(page.locator("[data-editor-said]")).to_have_text("走了 d5。")
    square(page, "e5").click()
    expect(square(page, "e5")).to_have_attribute("aria-pressed", "true")
    square(page, "e4").click()  # backwards
    expect(page.locator("[data-editor-said]")).to_contain_text("這步棋不合規則。")
    square(page, "e5").click()
    expect(square(page, "e5")).to_have_attribute("aria-pressed", "true")
    square(page, "d6").click()  # en passant, right after the two-square move
    expect(page.locator("[data-editor-said]")).to_have_text("走了 exd6。")
    expect(page.locator("input[name=moves]")).to_have_value("d7d5 e5d6")
    expect(page.locator("[data-editor-history] li")).to_have_text(["1. … d5", "2. exd6"])
    page.locator('button[name="undo"]').click()
    expect(page.locator("input[name=moves]")).to_have_value("d7d5")
    expect(page).to_have_url(
        live_server.url + "/editor/?fen=4k3%2F3p4%2F8%2F4P3%2F8%2F8%2F8%2F4K3+b+-+-+0+1&moves=d7d5"
    )


@override_settings(ROOT_URLCONF="tests.editor_host")
def test_the_include_writes_the_board_into_the_hosts_form(page: Page, live_server, axe):
    page.goto(live_server.url + "/host/?fen=4k3/8/8/8/8/8/8/4K3%20w%20-%20-%200%201")
    expect(page.locator("[data-editor]")).to_be_visible()
    page.locator('button[name="pick"][value="R"]').click()
    page.wait_for_function("() => !document.querySelector('[data-editor][aria-busy]')")
    square(page, "h1").click()
    expect(page.locator("#id_fen")).to_have_value("4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    page.locator('button[name="castle"][value="K"]').click()
    expect(page.locator("#id_fen")).to_have_value("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    page.locator('button[name="switch"][value="play"]').click()
    page.wait_for_function("() => !document.querySelector('[data-editor][aria-busy]')")
    square(page, "e1").click()
    square(page, "g1").click()
    expect(page.locator("#id_moves")).to_have_value("e1g1")
    # Enter in the host's own field submits the host's form, not a square
    page.locator("#id_prompt").fill("王車易位")
    page.locator("#id_prompt").press("Enter")
    expect(page.locator("[data-sent]")).to_have_text(
        "fen=4k3/8/8/8/8/8/8/4K2R w K - 0 1|moves=e1g1|prompt=王車易位|save=1"
    )


@override_settings(ROOT_URLCONF="tests.editor_host")
def test_without_javascript_the_hosts_inputs_still_work(browser, live_server):
    context = browser.new_context(java_script_enabled=False, locale="zh-TW")
    page = context.new_page()
    page.goto(live_server.url + "/host/")
    expect(page.locator("[data-editor]")).to_be_hidden()
    page.locator("#id_fen").fill("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    page.locator("#id_moves").fill("e1e2")
    page.locator('button[name="save"]').click()
    expect(page.locator("[data-sent]")).to_have_text(
        "fen=4k3/8/8/8/8/8/8/4K3 w - - 0 1|moves=e1e2|prompt=|save=1"
    )
    context.close()


def test_without_javascript_the_editor_page_still_puts_pieces_on(browser, live_server):
    context = browser.new_context(java_script_enabled=False, locale="zh-TW")
    page = context.new_page()
    page.goto(live_server.url + "/editor/?fen=4k3/8/8/8/8/8/8/4K3")
    page.locator('button[name="pick"][value="N"]').click()
    page.locator('[data-edit-board] [data-square="c3"]').click()
    expect(page.locator("[data-editor-said]")).to_have_text("c3 放了白馬。")
    expect(page.locator("input[name=fen]")).to_have_value("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1")
    context.close()
