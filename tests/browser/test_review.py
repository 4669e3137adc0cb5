"""A review round in Chromium: a wrong move in a lesson, a day later (the clock moved by
hand in the database) the map says 「今天要複習 1 題」, one tap starts it, and the rule
comes back as a fresh generated puzzle; at 375 and 1280 px, axe-clean."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

import rules
from curriculum.judging import judge
from curriculum.kinds import kind_of
from curriculum.outcome import Result
from practice import generators
from practice.models import Review
from tests.browser.conftest import (
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    feedback,
    square,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(375, 667), (1280, 800)], ids=["375", "1280"])
def test_a_missed_rule_comes_back_on_the_map_and_is_reviewed(
    page: Page, live_server, axe, screenshot_dir, size
):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/lessons/knight/")
    square(page, "g1").click()
    wait_for_htmx(page)
    square(page, "g3").click()  # a knight does not move like that
    wait_for_htmx(page)
    expect(feedback(page)).to_have_attribute("data-verdict", "illegal")

    page.goto(live_server.url + "/")
    expect(page.locator("[data-start-review]")).to_have_count(0)  # not before tomorrow
    Review.objects.update(due_at=timezone.now() - timedelta(minutes=1))  # a day later
    page.goto(live_server.url + "/")
    expect(page.locator("#review-due")).to_have_text("今天要複習 1 題")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"review-map-{width}.png")

    page.get_by_role("link", name="開始複習").click()
    expect(page.locator("h1")).to_have_text("複習：馬")
    expect(page.locator("[data-practice-count]")).to_have_text("今天還要複習 1 題。")
    assert_no_axe_violations(axe, page)
    page.screenshot(path=screenshot_dir / f"review-round-{width}.png", full_page=True)

    puzzle = generators.build(page.locator("#puzzle").get_attribute("data-puzzle"))
    answer_rightly(page, puzzle)
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")
    expect(page.locator("[data-practice-count]")).to_have_text("今天還要複習 0 題。")
    assert_no_axe_violations(axe, page)

    page.get_by_role("link", name="下一題複習").click()
    expect(page.locator("[data-review-done] h2")).to_have_text("今天沒有要複習的題目！")
    assert_no_axe_violations(axe, page)
    page.screenshot(path=screenshot_dir / f"review-done-{width}.png")
    review = Review.objects.get()
    assert review.streak == 1 and review.due_at > timezone.now() + timedelta(days=2)


def answer_rightly(page: Page, puzzle) -> None:
    """A piece's practice takes turns over three kinds: tap its squares, move it there, may it
    go there?"""
    if puzzle.kind == "squares":
        for target in sorted(rules.destinations(puzzle.fen, puzzle.square)):
            square(page, target).click()
            expect(square(page, target)).to_have_attribute("aria-pressed", "true")
        page.get_by_role("button", name="完成").click()
    elif puzzle.kind == "move":
        move = next(
            m for m in rules.legal_moves(puzzle.fen) if judge(puzzle, m).result == Result.CORRECT
        )
        square(page, move[:2]).click()
        expect(square(page, move[:2])).to_have_attribute("aria-pressed", "true")
        square(page, move[2:4]).click()
    else:
        kind = kind_of(puzzle)
        right = next(
            o
            for o in puzzle.options
            if judge(puzzle, kind.answer_from((o.value,))).result == Result.CORRECT
        )
        page.locator(f'input[name="answer"][value="{right.value}"]').check()
        page.get_by_role("button", name="對答案").click()
    wait_for_htmx(page)
