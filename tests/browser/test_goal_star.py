"""The goal star stays drawn after a mistake (issue 25): on every star puzzle an illegal
move and a legal move that misses each leave every star on its square, drawn on its own
layer (the square's ::after), though the legal-move circles and the engine's rings now
mark the same squares. On a phone (375 × 812, touch) and a laptop (1280 × 800)."""

import pytest
from playwright.sync_api import Page, expect

import rules
from curriculum.kinds import kind_of
from curriculum.loading import get_curriculum
from curriculum.outcome import Result
from tests.browser.conftest import feedback, square, wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def star_puzzles():
    return [
        (lesson.slug, puzzle)
        for lesson in get_curriculum().lessons
        for puzzle in lesson.puzzles
        if puzzle.kind == "move" and puzzle.goal.get("type") == "visit"
    ]


def mistakes(puzzle) -> tuple[str, str]:
    """(an illegal move of the goal's piece, a legal move the judge calls wrong)."""
    kind = kind_of(puzzle)
    position = kind.position_now(puzzle, ())
    legal = rules.legal_moves(position)
    wrong = next(
        move for move in legal if kind.judge(puzzle, move, (), position).result is Result.INCORRECT
    )
    placement = rules.placement(position)
    start = next(name for name, piece in placement.items() if piece == puzzle.goal["piece"])
    illegal = next(
        start + name
        for name in (f"{f}{r}" for r in "87654321" for f in "hgfedcba")
        if name not in placement
        and start + name not in legal
        and not rules.check_move(position, start + name).legal
    )
    return illegal, wrong


STARS_DRAWN = """(names) => names.map(name => {
  const square = document.querySelector(`[data-board] [data-square="${name}"]`);
  const star = getComputedStyle(square, "::after");
  const box = square.getBoundingClientRect();
  return star.content === '"★"' && star.display !== "none" && star.visibility === "visible"
    && Number(star.opacity) > 0.5 && box.width > 20 ? name : "missing " + name;
})"""


@pytest.mark.parametrize("device", [PHONE, LAPTOP], ids=["375-touch", "1280"])
def test_every_star_stays_after_an_illegal_and_a_wrong_move(browser, live_server, device):
    context = browser.new_context(locale="zh-TW", **device)
    page = context.new_page()
    page.set_default_timeout(10_000)
    touch = device.get("has_touch", False)
    checked = 0
    for slug, puzzle in star_puzzles():
        targets = list(puzzle.goal["targets"])
        for move in mistakes(puzzle):
            page.goto(f"{live_server.url}/lessons/{slug}/?puzzle={puzzle.id}")
            assert page.evaluate(STARS_DRAWN, targets) == targets, puzzle.id
            tap(page, move[:2], touch)
            expect(square(page, move[:2])).to_have_attribute("aria-pressed", "true")
            tap(page, move[2:4], touch)
            expect(feedback(page)).to_have_attribute("data-verdict", re_verdict())
            wait_for_htmx(page)
            assert page.evaluate(STARS_DRAWN, targets) == targets, (puzzle.id, move)
            checked += 1
    assert checked == 2 * len(star_puzzles()) >= 30
    context.close()


def tap(page: Page, name: str, touch: bool) -> None:
    wait_for_htmx(page)
    if touch:
        square(page, name).tap()
    else:
        square(page, name).click()


def re_verdict():
    import re

    return re.compile("^(illegal|incorrect)$")
