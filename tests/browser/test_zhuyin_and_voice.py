"""注音 over every character a learner reads, and 「唸給我聽」 with the browser's own voice."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations, feedback, square, wait_for_htmx
from tests.browser.spies import FAKE_VOICE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"375": {"width": 375, "height": 667}, "1280": {"width": 1280, "height": 800}}

# Every Chinese character in a visible text node of the page, outside a <ruby> with a reading.
BARE_CHARACTERS = """() => {
  const cjk = /[\\u3400-\\u9fff\\uf900-\\ufaff]/;
  const bare = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!cjk.test(node.data)) continue;
    const parent = node.parentElement;
    // The live region is heard, never seen: a screen reader reads the characters, not 注音.
    if (parent.closest('script, style, svg, option, [hidden], [data-announcer]')) continue;
    if (parent.closest('rt')) continue;
    const ruby = parent.closest('ruby');
    const reading = ruby && ruby.querySelector('rt');
    if (ruby && reading && reading.textContent.trim() && node.data.trim().length === 1) continue;
    if (!parent.getClientRects().length) continue;  // not shown
    bare.push(node.data.trim());
  }
  return bare;
}"""


def switch_zhuyin_on(page: Page) -> None:
    switch = page.locator("[data-zhuyin-switch]")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(page.locator("[data-zhuyin-switch]")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("size", SIZES)
def test_with_zhuyin_on_every_character_of_a_lesson_has_its_reading(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/lessons/rook/?puzzle=rook-far-corner")
    switch_zhuyin_on(page)
    assert page.evaluate(BARE_CHARACTERS) == []
    rook = page.locator("h1 ruby").first
    expect(rook.locator("rt")).to_have_text("ㄐㄩ")  # 車, the lesson's title
    page.screenshot(path=screenshot_dir / f"zhuyin-lesson-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)

    # The judge's answer and the hint come back through htmx with their readings too.
    wait_for_htmx(page)
    square(page, "a1").click()
    square(page, "b2").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")
    page.locator("#hint-button").click()  # named 「提 示」 with rubies
    expect(page.locator("[data-hint]")).to_be_visible()
    wait_for_htmx(page)
    assert page.evaluate(BARE_CHARACTERS) == []
    page.screenshot(path=screenshot_dir / f"zhuyin-feedback-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_zhuyin_is_remembered_on_the_map_and_can_be_switched_off(page: Page, live_server):
    page.goto(live_server.url + "/")
    switch_zhuyin_on(page)
    page.goto(live_server.url + "/")
    assert page.evaluate(BARE_CHARACTERS) == []
    page.locator("[data-zhuyin-switch]").click()
    expect(page.locator("[data-zhuyin-switch]")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("ruby")).to_have_count(0)


def test_read_aloud_speaks_the_prompt_and_the_feedback_in_a_taiwan_voice(page: Page, live_server):
    page.add_init_script(
        FAKE_VOICE % '[{"lang": "en-US", "name": "Sam"}, {"lang": "zh-TW", "name": "Mei-Jia"}]'
    )
    page.goto(f"{live_server.url}/lessons/rook/?puzzle=rook-far-corner")
    switch_zhuyin_on(page)  # the readings above the characters are not read out
    button = page.locator("#puzzle [data-read-aloud]")
    button.click()
    without_readings = (
        "el => { const c = el.cloneNode(true); c.querySelectorAll('rt').forEach(r => r.remove());"
        " return c.textContent.replace(/\\s+/g, ' ').trim(); }"
    )
    prompt = page.locator(".puzzle-prompt").evaluate(without_readings)
    stars = page.locator(".puzzle-targets").evaluate(without_readings)  # where, how many moves
    assert page.evaluate("window.__spoken") == [
        {"text": f"{prompt} {stars}", "lang": "zh-TW", "voice": "Mei-Jia"}
    ]
    wait_for_htmx(page)
    square(page, "a1").click()
    square(page, "b2").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")
    wait_for_htmx(page)  # the swap has settled: the button reads the new feedback
    page.locator("#puzzle [data-read-aloud]").click()
    spoken = page.evaluate("window.__spoken")[-1]
    assert spoken["text"].startswith(prompt + " ") and "ㄐ" not in spoken["text"]
    assert (
        "不可以" in spoken["text"]
        or "不能" in spoken["text"]
        or len(spoken["text"]) > len(prompt) + 4
    )


def test_without_a_taiwan_voice_there_is_no_read_aloud_button(page: Page, live_server):
    page.add_init_script(FAKE_VOICE % '[{"lang": "en-US", "name": "Sam"}]')
    page.goto(f"{live_server.url}/lessons/rook/?puzzle=rook-far-corner")
    expect(page.locator("#puzzle [data-read-aloud]")).to_be_hidden()
