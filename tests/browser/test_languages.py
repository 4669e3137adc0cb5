"""The language switch in Chromium: a child taps a language; the site answers in it."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    feedback,
    play,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [375, 1280]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_switch_changes_the_home_page_and_is_remembered(
    page: Page, live_server, axe, screenshot_dir, width
):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + "/")
    switch = page.locator(".language-switch")
    expect(switch.locator("summary")).to_have_text("語言 繁體中文")
    switch.locator("summary").click()
    expect(switch.get_by_role("button", name="繁體中文")).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=screenshot_dir / f"languages-switch-open-{width}.png")
    assert_no_axe_violations(axe, page)

    switch.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Learn the rules of chess")
    expect(switch.locator("summary")).to_have_text("Language English")
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"languages-home-en-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)

    page.goto(live_server.url + "/glossary/")  # the cookie keeps the choice on the next page
    expect(page.locator("h1")).to_have_text("Glossary")

    page.locator(".language-switch summary").click()
    page.locator(".language-switch").get_by_role("button", name="简体中文").click()
    expect(page).to_have_url(live_server.url + "/glossary/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    page.goto(live_server.url + "/")
    expect(page.locator("h1")).to_have_text("学会国际象棋的规则")
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"languages-home-zh-hans-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)


# The whole touch-move lesson (a move on the board, then ten questions, every right answer
# is "a"), in each of the two languages made for this: English written, 简体中文 generated.
LESSON_RUNS = [
    (
        "English",
        375,
        "Touch-move",
        "No. You touched the knight",
        "Check my answer",
        "Lesson complete!",
    ),
    ("简体中文", 1280, "摸子走子", "不可以。你摸了马", "对答案", "这一课完成了！"),
]


@pytest.mark.parametrize(
    ("language", "width", "title", "first_explanation", "check", "complete"), LESSON_RUNS
)
def test_a_whole_lesson_in_the_chosen_language(
    page: Page,
    live_server,
    axe,
    screenshot_dir,
    language,
    width,
    title,
    first_explanation,
    check,
    complete,
):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + "/lessons/touch-move/")
    page.locator(".language-switch summary").click()
    page.locator(".language-switch").get_by_role("button", name=language).click()
    expect(page.locator("h1")).to_have_text(title)
    code = "en" if language == "English" else "zh-hans"
    for shot_width in (375, 1280):
        page.set_viewport_size({"width": shot_width, "height": 900})
        assert_no_horizontal_scroll(page)
        page.screenshot(
            path=screenshot_dir / f"languages-lesson-{code}-{shot_width}.png", full_page=True
        )
    page.set_viewport_size({"width": width, "height": 900})
    assert_no_axe_violations(axe, page)
    # First something to do on the board: move the touched pawn (issue 16).
    play(page, "e2e4")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    page.locator("[data-next-puzzle]").click()
    for number in range(10):
        page.locator('input[name="answer"][value="a"]').check()
        page.get_by_role("button", name=check).click()
        expect(feedback(page)).to_have_attribute("data-verdict", "correct")
        if number == 0:
            expect(feedback(page)).to_contain_text(first_explanation)
            page.screenshot(
                path=screenshot_dir / f"languages-answer-{code}-{width}.png", full_page=True
            )
            assert_no_axe_violations(axe, page)
        page.locator("[data-next-puzzle]").click()
    expect(page.locator("[data-summary]")).to_contain_text(complete)
    page.screenshot(path=screenshot_dir / f"languages-summary-{code}-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize(
    ("language", "code", "heading", "rook"),
    [
        ("English", "en", "Glossary", "Rook"),
        ("简体中文", "zh-hans", "名词对照", "车"),
    ],
)
def test_the_glossary_in_the_chosen_language(
    page: Page, live_server, axe, screenshot_dir, language, code, heading, rook
):
    page.goto(live_server.url + "/glossary/")
    page.locator(".language-switch summary").click()
    page.locator(".language-switch").get_by_role("button", name=language).click()
    expect(page.locator("h1")).to_have_text(heading)
    expect(page.locator("#term-rook h3")).to_have_text(rook)
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        assert_no_horizontal_scroll(page)
        page.screenshot(
            path=screenshot_dir / f"languages-glossary-{code}-{width}.png", full_page=True
        )
        page.locator("#term-castling").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"languages-glossary-{code}-{width}-castling.png")
        assert_no_axe_violations(axe, page)
