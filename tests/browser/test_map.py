"""The real curriculum's lesson map and a real lesson page at a phone's and a laptop's size."""

import pytest
from playwright.sync_api import Page, expect

from lessons.curriculum import get_curriculum
from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"375": {"width": 375, "height": 667}, "1280": {"width": 1280, "height": 800}}


def assert_no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("size", SIZES)
def test_the_map_shows_every_lesson_and_the_next_one(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/")
    lessons = get_curriculum().lessons
    expect(page.locator("[data-lesson]")).to_have_count(len(lessons))
    expect(page.locator("[data-next]")).to_have_attribute("data-lesson", lessons[0].slug)
    expect(page.locator("[data-next] .next-badge")).to_have_text("下一課")
    page.screenshot(path=screenshot_dir / f"map-{size}.png", full_page=True)
    assert_no_horizontal_scroll(page)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_a_lesson_page_keeps_the_whole_board_on_screen(
    page: Page, live_server, axe, screenshot_dir, size
):
    page.set_viewport_size(SIZES[size])
    lesson = next(les for les in get_curriculum().lessons if les.puzzles[0].kind == "move")
    page.goto(f"{live_server.url}/lessons/{lesson.slug}/")
    board = page.locator("[data-board]")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
    page.screenshot(path=screenshot_dir / f"lesson-{size}.png", full_page=True)
    # Opened at its puzzle (as 「下一題」 and the numbered links do), the whole board is in view.
    page.goto(f"{live_server.url}/lessons/{lesson.slug}/?puzzle={lesson.puzzles[0].id}#puzzle")
    box = board.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES[size]["height"]
    page.screenshot(path=screenshot_dir / f"lesson-at-puzzle-{size}.png")
    assert_no_horizontal_scroll(page)
    assert_no_axe_violations(axe, page)
