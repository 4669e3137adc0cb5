"""The real curriculum's lesson map and a real lesson page at a phone's and a laptop's size."""

import pytest
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum
from tests.browser.conftest import assert_no_axe_violations, assert_no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"375": {"width": 375, "height": 667}, "1280": {"width": 1280, "height": 800}}


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


@pytest.mark.parametrize("size", SIZES)
def test_after_finishing_a_lesson_its_stars_and_the_next_lesson_show(
    page: Page, live_server, axe, screenshot_dir, size, tmp_path, monkeypatch
):
    from tests.lessons.lesson_fixtures import write_curriculum

    curriculum = write_curriculum(tmp_path)  # the knight lesson: three puzzles
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.answering.get_curriculum", lambda: curriculum)
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/lessons/knight/")
    board = page.locator("[data-board]")
    board.locator('[data-square="g1"]').click()
    board.locator('[data-square="f3"]').click()
    page.locator("[data-next-puzzle]").click()
    for name in ("e2", "f3", "h3"):
        board.locator(f'[data-square="{name}"]').click()
        expect(board.locator(f'[data-square="{name}"]')).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="完成").click()
    page.locator("[data-next-puzzle]").click()
    page.locator('input[name="answer"][value="light"]').check()  # one mistake: two stars
    page.get_by_role("button", name="對答案").click()
    expect(page.locator("[data-feedback]")).to_have_attribute("data-verdict", "incorrect")
    page.locator('input[name="answer"][value="dark"]').check()
    page.get_by_role("button", name="對答案").click()
    expect(page.locator("[data-next-puzzle]")).to_have_text("看看我的星星")
    page.locator("[data-next-puzzle]").click()

    summary = page.locator("[data-summary]")
    expect(summary.locator(".stars")).to_have_attribute("data-stars", "3")  # (3+3+2)/3 rounds to 3
    expect(summary.locator(".stars")).to_have_class("stars big")
    stars_height = summary.locator(".stars").bounding_box()["height"]
    assert stars_height >= 40  # a picture a child sees at a glance
    next_lesson = page.locator("[data-next-lesson]")
    expect(next_lesson).to_have_text("下一課：王車易位")
    box = next_lesson.bounding_box()
    assert box["y"] + box["height"] <= SIZES[size]["height"]  # in the first screen
    page.screenshot(path=screenshot_dir / f"summary-{size}.png", full_page=True)
    assert_no_horizontal_scroll(page)
    assert_no_axe_violations(axe, page)

    page.goto(live_server.url + "/")
    knight = page.locator('[data-lesson="knight"]')
    expect(knight.locator(".stars")).to_have_attribute("data-stars", "3")
    expect(page.locator("[data-next]")).to_have_attribute("data-lesson", "castling")
    expect(page.locator("[data-next] .next-badge")).to_have_text("下一課")
    page.screenshot(path=screenshot_dir / f"map-after-a-lesson-{size}.png", full_page=True)
    assert_no_horizontal_scroll(page)
    assert_no_axe_violations(axe, page)

    page.goto(live_server.url + "/lessons/knight/")
    page.locator("[data-next-lesson]").click()
    expect(page.locator("h1")).to_have_text("王車易位")
