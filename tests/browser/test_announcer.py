"""The judgement is said in the page's one live region, and the feedback on screen is never
emptied to get it said: nothing under a child's finger moves after an answer (a tap on
「下一題」 landed where the button had been while the feedback was blank)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import feedback, square, wait_for_htmx
from tests.lessons.lesson_fixtures import write_curriculum

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every text the feedback box shows, from before the first answer on.
WATCH_FEEDBACK = """() => {
  window.__feedbackTexts = [];
  new MutationObserver(() => {
    const box = document.querySelector("[data-feedback]");
    window.__feedbackTexts.push(box ? box.textContent.trim() : null);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


@pytest.fixture
def lessons(tmp_path, monkeypatch):
    curriculum = write_curriculum(tmp_path)
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.answering.get_curriculum", lambda: curriculum)
    return curriculum


def test_a_judgement_is_announced_and_the_feedback_is_never_blanked(
    page: Page, live_server, lessons
):
    page.goto(live_server.url + "/lessons/castling/")
    announcer = page.locator("[data-announcer]")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_text("")
    expect(feedback(page)).not_to_have_attribute("aria-live", "polite")  # one live region
    page.evaluate(WATCH_FEEDBACK)

    square(page, "e1").click()
    square(page, "g1").click()
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")
    wait_for_htmx(page)
    said = feedback(page).inner_text().split("\n")[0]
    expect(announcer).to_contain_text(said)
    texts = page.evaluate("window.__feedbackTexts")
    judged = texts.index(next(t for t in texts if t and said in t))
    assert "" not in texts[judged:]  # once judged, the box always holds its words

    # The same wrong move again is a new answer: it is said again.
    first = announcer.text_content()
    square(page, "e1").click()
    square(page, "g1").click()
    wait_for_htmx(page)
    expect(announcer).not_to_have_text(first)
    expect(announcer).to_contain_text(said)
