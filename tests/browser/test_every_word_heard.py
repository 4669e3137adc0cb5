"""Every word can be heard and every mistake is felt (issue 25).

「唸給我聽」 reads the lesson's introduction (its own button), a puzzle's prompt, each option
after its letter, the hint once shown and the judge's feedback (speechSynthesis stubbed as
in test_zhuyin_and_voice.py). Every kind of wrong answer makes a sound: the refused move
its buzz, a legal move that misses, a wrong choice and wrong marks a soft "not yet" of
their own (Web Audio spied as in test_sound_and_motion.py). At 375 × 812 (touch) and 1280.
"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations, feedback, square, wait_for_htmx
from tests.browser.test_sound_and_motion import SPY
from tests.browser.test_zhuyin_and_voice import FAKE_VOICE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEVICES = {
    "375": {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True},
    "1280": {"viewport": {"width": 1280, "height": 800}},
}
VOICES = '[{"lang": "zh-TW", "name": "Mei-Jia"}]'


@pytest.fixture(params=list(DEVICES))
def device(request, browser):
    context = browser.new_context(locale="zh-TW", **DEVICES[request.param])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(FAKE_VOICE % VOICES)
    page.add_init_script(SPY)
    page.touch = "has_touch" in DEVICES[request.param]
    page.size = request.param
    yield page
    context.close()


def tap(page: Page, locator) -> None:
    if page.touch:
        locator.tap()
    else:
        locator.click()


def spoken(page: Page) -> str:
    return page.evaluate("window.__spoken")[-1]["text"]


def sounds(page: Page) -> list[str]:
    return page.evaluate("window.__sounds")


def text_of(page: Page, selector: str) -> str:
    return page.locator(selector).first.evaluate(
        "el => el.textContent.replace(/\\s+/g, ' ').trim()"
    )


def test_the_lesson_introduction_is_folded_and_read_out_whole(device: Page, live_server, axe):
    from curriculum.loading import get_curriculum

    lesson = get_curriculum().lesson("board")
    device.goto(f"{live_server.url}/lessons/board/")
    intro = device.locator("[data-intro]")
    expect(intro.locator("summary")).to_contain_text(lesson.intro[0])
    expect(intro.locator("li").first).to_be_hidden()  # folded
    tap(device, intro.get_by_role("button", name="把這一課唸給我聽"))
    said = spoken(device)
    assert said == " ".join(lesson.intro)
    tap(device, intro.locator("summary"))
    expect(intro.locator("li").first).to_be_visible()
    expect(intro.locator("li")).to_have_count(len(lesson.intro) - 1)
    assert_no_axe_violations(axe, device)


def test_the_options_the_hint_and_the_feedback_are_read_with_the_prompt(
    device: Page, live_server, axe
):
    device.goto(f"{live_server.url}/lessons/knight/?puzzle=knight-no-blocked-leg")
    prompt = text_of(device, ".puzzle-prompt")
    tap(device, device.locator("#puzzle [data-read-aloud]"))
    assert spoken(device) == (f"{prompt} A 可以，西洋棋的馬不會被絆馬腳 B 不行，g2 的兵絆住了馬腳")
    # The letters are drawn beside the options, as they are said.
    letters = device.locator(".answer-options label").evaluate_all(
        "labels => labels.map(l => getComputedStyle(l, '::before').content)"
    )
    assert letters == ["counter(answer-option, upper-alpha)"] * 2
    wait_for_htmx(device)
    tap(device, device.get_by_role("button", name="提示"))
    expect(device.locator("[data-hint]")).to_be_visible()
    tap(device, device.locator("#puzzle [data-read-aloud]"))
    assert "想一想：西洋棋的馬可以跳過棋子嗎？" in spoken(device)
    tap(device, device.locator('input[name="answer"][value="no"]'))
    tap(device, device.get_by_role("button", name="對答案"))
    expect(feedback(device)).to_have_attribute("data-verdict", "incorrect")
    wait_for_htmx(device)
    tap(device, device.locator("#puzzle [data-read-aloud]"))
    said = spoken(device)
    title = text_of(device, "[data-feedback] .feedback-title")
    # A two-option question is asked again in another position (no options): the words are
    # the prompt, then the judge's.
    assert said == f"{prompt} {text_of(device, '[data-feedback]')}" and title in said
    assert_no_axe_violations(axe, device)


def wrong_move(page: Page, frm: str, to: str) -> None:
    wait_for_htmx(page)
    tap(page, square(page, frm))
    expect(square(page, frm)).to_have_attribute("aria-pressed", "true")
    tap(page, square(page, to))
    wait_for_htmx(page)


def test_every_kind_of_wrong_answer_makes_its_sound(device: Page, live_server):
    base = live_server.url
    device.goto(f"{base}/lessons/knight/?puzzle=knight-first-jump")
    wrong_move(device, "g1", "g3")  # illegal: the buzz
    expect(feedback(device)).to_have_attribute("data-verdict", "illegal")
    device.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(device) == ["illegal"]
    device.goto(f"{base}/lessons/knight/?puzzle=knight-first-jump")
    wrong_move(device, "g1", "h3")  # legal, but not the star
    expect(feedback(device)).to_have_attribute("data-verdict", "incorrect")
    device.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(device) == ["notyet"]
    motion = device.evaluate("window.__motion")
    assert motion == ["shake g1"]

    device.goto(f"{base}/lessons/knight/?puzzle=knight-no-blocked-leg")
    tap(device, device.locator('input[name="answer"][value="no"]'))
    tap(device, device.get_by_role("button", name="對答案"))
    expect(feedback(device)).to_have_attribute("data-verdict", "incorrect")
    device.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(device) == ["notyet"]
    assert device.evaluate("window.__motion") == ["shake g1"]  # the knight asked about

    device.goto(f"{base}/lessons/draws/?puzzle=draws-dead-king-knight")
    tap(device, device.locator('input[name="answer"][value="stalemate"]'))
    tap(device, device.get_by_role("button", name="對答案"))
    expect(feedback(device)).to_have_attribute("data-verdict", "incorrect")
    device.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(device) == ["notyet"]
    assert device.evaluate("window.__motion") == ["nudge feedback"]  # no piece to shake

    device.goto(f"{base}/lessons/king/?puzzle=king-in-the-corner")
    wait_for_htmx(device)
    tap(device, square(device, "a2"))
    expect(square(device, "a2")).to_have_attribute("aria-pressed", "true")
    tap(device, device.get_by_role("button", name="完成"))
    expect(feedback(device)).to_have_attribute("data-verdict", "incorrect")
    device.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(device) == ["notyet"]
    assert device.evaluate("window.__motion") == ["nudge feedback"]
