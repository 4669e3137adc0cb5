"""A lesson page under the enforced Content-Security-Policy: nothing blocked in Chromium.

The real curriculum's star puzzle (stars drawn from data-stars through static CSS) and a
choice question with a dashed circle: opened, then answered through htmx (the swap is
where an injected <style> or handler would show), with every CSP violation the page
reports collected, and none allowed.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations, feedback, square, wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLLECT = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def watch(page: Page) -> list[str]:
    console: list[str] = []
    page.add_init_script(COLLECT)
    page.on(
        "console",
        lambda message: (
            console.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return console


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__violations"), *console]


def star(page: Page, name: str, what: str) -> str:
    """The goal star is the square's ::after (lessons.css: each mark on its own layer)."""
    return square(page, name).evaluate(f"el => getComputedStyle(el, '::after').{what}")


def circle(page: Page, name: str, what: str) -> str:
    """A dashed circle is the square's ::before."""
    return square(page, name).evaluate(f"el => getComputedStyle(el, '::before').{what}")


def test_a_star_puzzle_answered_through_htmx_breaks_no_rule(page: Page, live_server, axe):
    console = watch(page)
    response = page.goto(f"{live_server.url}/lessons/king/?puzzle=king-two-stars#puzzle")
    assert "'unsafe-inline'" not in response.headers["content-security-policy"]
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-stars", "d5 f5")
    assert star(page, "d5", "content") == '"★"'
    assert star(page, "e5", "content") == "none"
    # htmx's indicator <style> is not injected (it would be a violation, and a <style>).
    assert page.locator("style").count() == 0
    square(page, "e4").click()
    square(page, "d5").click()
    wait_for_htmx(page)
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-stars", "f5")
    assert star(page, "d5", "content") == "none"
    assert star(page, "f5", "content") == '"★"'
    assert_no_axe_violations(axe, page)
    assert violations(page, console) == []


def test_a_question_with_a_circled_square_and_the_map_break_no_rule(page: Page, live_server):
    console = watch(page)
    page.goto(f"{live_server.url}/lessons/king/?puzzle=king-next-to-king#puzzle")
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-circled", "e5")
    assert circle(page, "e5", "borderTopStyle") == "dashed"
    assert circle(page, "d5", "borderTopStyle") == "none"
    page.locator('input[name="answer"]').first.check()
    page.get_by_role("button", name="對答案").click()
    wait_for_htmx(page)
    expect(feedback(page)).to_have_attribute("data-verdict", re.compile(r"\w+"))
    page.goto(f"{live_server.url}/")  # the lesson map's progress bars
    expect(page.locator(".progress-bar").first).to_be_visible()
    assert violations(page, console) == []
