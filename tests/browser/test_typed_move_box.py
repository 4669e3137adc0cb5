"""The typed-move box (「輸入棋步」) belongs to the notation lesson and after; before it a child
sees only the board, and a keyboard user can still open the box from a switch Tab reaches."""

import pytest
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum
from tests.browser.conftest import assert_no_axe_violations, feedback

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LABEL = "輸入棋步，例如 Nf3 或 e2e4"


def first_move_puzzle(slug: str) -> str:
    lesson = get_curriculum().lesson(slug)
    return next(p.id for p in lesson.puzzles if p.kind == "move")


def test_before_the_notation_lesson_no_typed_box_shows(page: Page, live_server, axe):
    notation = get_curriculum().lesson("notation")
    earlier = [les for les in get_curriculum().lessons if les.order < notation.order]
    for lesson in earlier:
        if not any(p.kind == "move" for p in lesson.puzzles):
            continue
        page.goto(
            f"{live_server.url}/lessons/{lesson.slug}/?puzzle={first_move_puzzle(lesson.slug)}"
        )
        expect(page.locator("[data-board]")).to_be_visible()
        expect(page.get_by_label(LABEL)).to_be_hidden()
        expect(page.get_by_text("用打字走棋")).not_to_be_in_viewport()
    assert_no_axe_violations(axe, page)


def test_a_keyboard_user_opens_the_box_and_types_a_move(page: Page, live_server, axe):
    page.goto(f"{live_server.url}/lessons/knight/?puzzle=knight-first-jump")
    switch = page.locator("[data-typed-move-more] > summary")
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-typed-move-more] > summary')"):
            break
    expect(switch).to_be_focused()
    box = switch.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44  # visible while it has the focus
    assert_no_axe_violations(axe, page)
    page.keyboard.press("Enter")
    expect(page.get_by_label(LABEL)).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.type("Nf3")
    page.keyboard.press("Enter")
    expect(feedback(page)).to_have_attribute("data-verdict", "correct")


def test_from_the_notation_lesson_on_the_box_is_under_the_board(
    page: Page, live_server, monkeypatch
):
    # The real notation lessons ask questions without a board to move on: put the knight
    # lesson after them to see a move puzzle there.
    from dataclasses import replace

    from curriculum.loading import Curriculum

    real = get_curriculum()
    notation = real.lesson("notation")
    knight = replace(real.lesson("knight"), order=notation.order + 1)
    curriculum = Curriculum([notation, knight])
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    page.goto(f"{live_server.url}/lessons/knight/?puzzle=knight-first-jump")
    expect(page.get_by_label(LABEL)).to_be_visible()
    expect(page.locator("[data-typed-move-more]")).to_have_count(0)
