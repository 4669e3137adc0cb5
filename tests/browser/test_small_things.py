"""Small things of issue 25, at 375 × 812 (touch) and 1280 × 800: on the referee board a tap
on the other side's piece says whose turn it is at once; a GET of an address only a button
posts to answers a page with a way back (not an empty 405); the glossary's section links
and sign-up's radios are tap targets of at least 44 px (the radio's circle 28 px)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    SCREENSHOTS,
    assert_no_axe_violations,
    feedback,
    square,
    tap,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_tap_on_the_other_sides_piece_says_whose_turn_at_once(child: Page, live_server, axe):
    child.goto(live_server.url + "/board/")
    wait_for_htmx(child)
    tap(child, square(child, "e7"))  # Black's pawn; White is to move
    expect(feedback(child)).to_have_attribute("data-verdict", "illegal")
    expect(feedback(child).locator(".feedback-title")).to_have_text("現在輪到白方。")
    expect(feedback(child)).to_contain_text("e7 的黑兵不是你的棋子")
    expect(square(child, "e7")).not_to_have_attribute("aria-pressed", "true")
    assert child.locator("[data-announcer]").text_content().startswith("現在輪到白方。")
    child.screenshot(path=SCREENSHOTS / f"referee-whose-turn-{child.size}.png")
    assert_no_axe_violations(axe, child)
    # White's own piece is picked up at once, with no round trip, and moves.
    tap(child, square(child, "e2"))
    expect(square(child, "e2")).to_have_attribute("aria-pressed", "true")
    tap(child, square(child, "e4"))
    expect(feedback(child)).to_contain_text("白方走了 e4。")


@pytest.mark.parametrize(
    ("address", "words", "back"),
    [
        ("/accounts/logout/", "要登出，請按頁面上方的「登出」。", "回到課程"),
        ("/parent/children/add/", "要新增孩子，請在家長區填寫表格。", "到家長區"),
    ],
)
def test_an_address_for_a_button_answers_a_page_with_a_way_back(
    child: Page, live_server, axe, address, words, back
):
    response = child.goto(live_server.url + address)
    assert response.status == 405 and response.headers["allow"] == "POST"
    expect(child.locator("h1")).to_have_text("這個網址要按按鈕才能用")
    expect(child.locator("[data-post-only]")).to_have_text(words)
    link = child.get_by_role("link", name=back, exact=True)
    expect(link).to_be_visible()
    assert_no_axe_violations(axe, child)
    tap(child, link)
    expect(child).not_to_have_url(live_server.url + address)


def test_glossary_section_links_and_sign_up_radios_are_big_enough(child: Page, live_server):
    child.goto(live_server.url + "/glossary/")
    links = child.locator(".glossary-toc a")
    assert links.count() >= 3
    for box in links.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 44 and box["height"] >= 44, box
    child.goto(live_server.url + "/accounts/signup/")
    radios = child.locator('input[type="radio"]')
    assert radios.count() == 3
    for index in range(3):
        radio = radios.nth(index).bounding_box()
        row = child.locator(f'label[for="id_here_for_{index}"]').bounding_box()
        assert radio["width"] >= 24 and radio["height"] >= 24, radio
        assert row["height"] >= 44 and row["width"] >= 44, row
    tap(child, child.locator('label[for="id_here_for_1"]'))
    expect(radios.nth(1)).to_be_checked()
    child.screenshot(path=SCREENSHOTS / f"sign-up-radios-{child.size}.png")
