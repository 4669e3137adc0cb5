"""Past the limit of new learners at one address (people.limits.newcomers), a child's first
answer is kept and the page says, in Chinese, to try again in a few minutes: under htmx as
the puzzle's feedback, without it as a page of its own with the answer to send again."""

import pytest
from playwright.sync_api import Page, expect

from people.limits import newcomers
from tests.browser.conftest import SIZES, assert_no_axe_violations, square, wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAID = "這個網路剛剛有很多人開始學。你的答案還在，1 分鐘後再試一次。"  # none counted yet: 1 minute


@pytest.fixture(autouse=True)
def no_new_learners(monkeypatch):
    monkeypatch.setattr(newcomers, "NEW_LEARNERS_PER_ADDRESS", 0)


@pytest.mark.parametrize("size", ["375", "1280"])
def test_a_first_answer_past_the_limit_is_kept_and_the_page_says_to_wait(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/lessons/board/")
    wait_for_htmx(page)
    square(page, "e1").click()
    expect(square(page, "e1")).to_have_attribute("aria-pressed", "true")
    square(page, "d2").click()
    expect(page.locator("[data-feedback]")).to_have_text(SAID)
    page.screenshot(path=screenshot_dir / f"wait-to-start-htmx-{size}.png", full_page=True)
    # Without htmx (the form sent as a plain form), the page of its own.
    with page.expect_navigation():
        page.evaluate(
            """() => {
              const form = document.querySelector("form.puzzle-form");
              const move = [["selected", "e1"], ["square", "d2"], ["mode", "move"]];
              for (const [name, value] of move) {
                const input = document.createElement("input");
                Object.assign(input, {type: "hidden", name, value});
                form.append(input);
              }
              HTMLFormElement.prototype.submit.call(form);
            }"""
        )
    expect(page.get_by_role("alert")).to_have_text(SAID)
    expect(page.get_by_role("button", name="再送一次答案")).to_be_visible()
    page.screenshot(path=screenshot_dir / f"wait-to-start-{size}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert_no_axe_violations(axe, page)
