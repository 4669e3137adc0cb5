"""Every word can be heard and every mistake is felt (issue 25).

「唸給我聽」 reads the lesson's introduction (its own button), a puzzle's prompt, each option
after its letter, the hint once shown and the judge's feedback (speechSynthesis stubbed as
in test_zhuyin_and_voice.py). Every kind of wrong answer makes a sound: the refused move
its buzz, a legal move that misses, a wrong choice and wrong marks a soft "not yet" of
their own (Web Audio spied as in test_sound_and_motion.py). At 375 × 812 (touch) and 1280.
"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations, feedback, square, tap, wait_for_htmx
from tests.browser.spies import FAKE_VOICE, SPY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VOICES = '[{"lang": "zh-TW", "name": "Mei-Jia"}]'


@pytest.fixture
def voiced(child: Page) -> Page:
    """The child's page with a Taiwan voice and Web Audio spied on."""
    child.add_init_script(FAKE_VOICE % VOICES)
    child.add_init_script(SPY)
    return child


def spoken(page: Page) -> str:
    return page.evaluate("window.__spoken")[-1]["text"]


def sounds(page: Page) -> list[str]:
    return page.evaluate("window.__sounds")


def text_of(page: Page, selector: str) -> str:
    return page.locator(selector).first.evaluate(
        "el => el.textContent.replace(/\\s+/g, ' ').trim()"
    )


def test_the_lesson_introduction_is_folded_and_read_out_whole(voiced: Page, live_server, axe):
    from curriculum.loading import get_curriculum

    lesson = get_curriculum().lesson("board")
    voiced.goto(f"{live_server.url}/lessons/board/")
    intro = voiced.locator("[data-intro]")
    expect(intro.locator("summary")).to_contain_text(lesson.intro[0])
    expect(intro.locator("li").first).to_be_hidden()  # folded
    tap(voiced, intro.get_by_role("button", name="把這一課唸給我聽"))
    said = spoken(voiced)
    assert said == " ".join(lesson.intro)
    tap(voiced, intro.locator("summary"))
    expect(intro.locator("li").first).to_be_visible()
    expect(intro.locator("li")).to_have_count(len(lesson.intro) - 1)
    assert_no_axe_violations(axe, voiced)


def test_the_options_the_hint_and_the_feedback_are_read_with_the_prompt(
    voiced: Page, live_server, axe
):
    voiced.goto(f"{live_server.url}/lessons/knight/?puzzle=knight-no-blocked-leg")
    prompt = text_of(voiced, ".puzzle-prompt")
    tap(voiced, voiced.locator("#puzzle [data-read-aloud]"))
    # The question's own words (「選一個答案」) before the options, as a child sees them.
    assert spoken(voiced) == (
        f"{prompt} 選一個答案 A 可以，西洋棋的馬不會被絆馬腳 B 不行，g2 的兵絆住了馬腳"
    )
    # The letters are drawn beside the options, as they are said.
    letters = voiced.locator(".answer-options label").evaluate_all(
        "labels => labels.map(l => getComputedStyle(l, '::before').content)"
    )
    assert letters == ["counter(answer-option, upper-alpha)"] * 2
    wait_for_htmx(voiced)
    tap(voiced, voiced.get_by_role("button", name="提示"))
    expect(voiced.locator("[data-hint]")).to_be_visible()
    tap(voiced, voiced.locator("#puzzle [data-read-aloud]"))
    assert "想一想：西洋棋的馬可以跳過棋子嗎？" in spoken(voiced)
    tap(voiced, voiced.locator('input[name="answer"][value="no"]'))
    tap(voiced, voiced.get_by_role("button", name="對答案"))
    expect(feedback(voiced)).to_have_attribute("data-verdict", "incorrect")
    wait_for_htmx(voiced)
    tap(voiced, voiced.locator("#puzzle [data-read-aloud]"))
    said = spoken(voiced)
    title = text_of(voiced, "[data-feedback] .feedback-title")
    # A two-option question is asked again in another position (no options): the words are
    # the prompt, then the judge's.
    assert said == f"{prompt} {text_of(voiced, '[data-feedback]')}" and title in said
    assert_no_axe_violations(axe, voiced)


def wrong_move(page: Page, frm: str, to: str) -> None:
    wait_for_htmx(page)
    tap(page, square(page, frm))
    expect(square(page, frm)).to_have_attribute("aria-pressed", "true")
    tap(page, square(page, to))
    wait_for_htmx(page)


def felt(page: Page, verdict: str, sound: str, motion: str) -> None:
    """The answer just sent was judged `verdict`, and made one `sound` and one `motion`."""
    expect(feedback(page)).to_have_attribute("data-verdict", verdict)
    page.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(page) == [sound]
    assert page.evaluate("window.__motion") == [motion]


def choose(page: Page, value: str) -> None:
    tap(page, page.locator(f'input[name="answer"][value="{value}"]'))
    tap(page, page.get_by_role("button", name="對答案"))


def test_every_kind_of_wrong_answer_makes_its_sound(voiced: Page, live_server):
    base = live_server.url
    voiced.goto(f"{base}/lessons/knight/?puzzle=knight-first-jump")
    wrong_move(voiced, "g1", "g3")  # illegal: the buzz
    felt(voiced, "illegal", "illegal", "shake g1")
    voiced.goto(f"{base}/lessons/knight/?puzzle=knight-first-jump")
    wrong_move(voiced, "g1", "h3")  # legal, but not the star
    felt(voiced, "incorrect", "notyet", "shake g1")
    voiced.goto(f"{base}/lessons/knight/?puzzle=knight-no-blocked-leg")
    choose(voiced, "no")  # a wrong choice about the knight: the knight shakes
    felt(voiced, "incorrect", "notyet", "shake g1")
    voiced.goto(f"{base}/lessons/draws/?puzzle=draws-dead-king-knight")
    choose(voiced, "stalemate")  # no piece asked about: the judge's words sway
    felt(voiced, "incorrect", "notyet", "nudge feedback")
    voiced.goto(f"{base}/lessons/king/?puzzle=king-in-the-corner")
    wait_for_htmx(voiced)
    tap(voiced, square(voiced, "a2"))  # one square of three marked
    expect(square(voiced, "a2")).to_have_attribute("aria-pressed", "true")
    tap(voiced, voiced.get_by_role("button", name="完成"))
    felt(voiced, "incorrect", "notyet", "nudge feedback")
