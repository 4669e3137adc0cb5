"""The projector (the audience view at 1920×1080) read from the back of a classroom: every
text the room must read, the board's a–h and 1–8 too, is 24 px or more, in an open round
with its countdown and after a reveal with the split, the rules broken and the podium;
the countdown counts down; no axe violation."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from live import rounds
from live.models import LiveSession
from live.puzzles import find
from tests.browser.conftest import assert_no_axe_violations
from tests.live.helpers import (
    PASSWORD,
    PROJECTOR,
    student_client,
    teacher_context,
    teacher_with_class,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALLEST = 24  # px: what a class reads from the back of the room at 1920×1080

# Every visible text node's font size (its element's computed one), with the text: a text
# hidden (display, visibility, [hidden], .visually-hidden) or of no size is not read.
FONT_SIZES = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const element = walker.currentNode.parentElement;
    if (!text || element.closest("[hidden], .visually-hidden, script, style")) continue;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden") continue;
    if (!box.width || !box.height) continue;
    found.push([parseFloat(style.fontSize), text.slice(0, 40)]);
  }
  return found;
}"""


def smallest_text(page: Page) -> tuple[float, str]:
    sizes = page.evaluate(FONT_SIZES)
    assert sizes
    return min((size, text) for size, text in sizes)


def test_the_projector_writes_everything_at_24_px_or_more(
    new_context, live_server, axe, screenshot_dir
):
    names = [(name, "sun", "moon") for name in ("小華", "小明", "小美")]
    classroom, students = teacher_with_class(names, PASSWORD)
    session = rounds.start(classroom)
    rounds.show_podium(session, True)
    rounds.put_up(session, find("knight", "knight-crowded-corner"))
    answer = reverse("live:student_answer")
    for student, uci in zip(students, ("a1b3", "a1a3", "a2a3"), strict=True):
        asked = {"mode": "move", "typed": uci, "asked": "knight-crowded-corner"}
        student_client(student).post(answer, asked)
    rounds.reveal(session)
    _context, presenter = teacher_context(new_context, live_server.url)
    audience = presenter.context.new_page()
    audience.set_viewport_size(PROJECTOR)
    audience.goto(live_server.url + reverse("live:audience", args=[session.pk]))
    expect(audience.locator("[data-podium]")).to_be_visible()
    expect(audience.locator("[data-rule]")).to_have_count(1)
    audience.screenshot(path=screenshot_dir / "projector-reveal-1920x1080.png")
    small = sorted({tuple(found) for found in audience.evaluate(FONT_SIZES) if found[0] < SMALLEST})
    assert not small, " ".join(f"{size}px:{text}" for size, text in small)
    assert_no_axe_violations(axe, audience)

    rounds.set_time_limit(LiveSession.objects.get(pk=session.pk), 60)
    rounds.put_up(LiveSession.objects.get(pk=session.pk), find("knight", "knight-no-blocked-leg"))
    audience.reload()
    expect(audience.locator(".projector-options li")).to_have_count(2)
    seconds = audience.locator("[data-countdown] [data-seconds]")
    expect(seconds).not_to_have_text("60", timeout=3_000)  # it counts down by itself
    audience.screenshot(path=screenshot_dir / "projector-round-1920x1080.png")
    coordinates = audience.locator(".board-coord").first
    assert float(coordinates.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= SMALLEST
    open_round = smallest_text(audience)
    assert open_round[0] >= SMALLEST, open_round
    assert_no_axe_violations(axe, audience)
