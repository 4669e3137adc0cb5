"""The lesson map is a picture: each lesson a stop with its piece or idea drawn, on one path."""

import pytest
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_each_lesson_shows_its_picture_on_a_path_and_the_next_one_calls(page: Page, live_server):
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(live_server.url + "/")
    lessons = get_curriculum().lessons
    pictures = page.locator("[data-lesson] [data-picture]")
    expect(pictures).to_have_count(len(lessons))
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-picture] img')]"
        ".every(img => img.complete && img.naturalWidth > 0)"
    )
    for lesson in lessons:
        picture = page.locator(f'[data-lesson="{lesson.slug}"] [data-picture]')
        box = picture.bounding_box()
        assert box["width"] >= 80 and box["height"] >= 80, lesson.slug
        drawn = picture.locator("img, .picture-checker")
        assert drawn.count() >= 1, lesson.slug
    # The path: a dashed line runs behind the stops.
    path = page.evaluate("getComputedStyle(document.querySelector('.lesson-path'), '::before')")
    assert path["borderLeftStyle"] == "dashed"
    # The next lesson calls: its picture pulses (and stays still under reduced motion).
    calling = page.locator("[data-next] [data-picture]")
    assert calling.evaluate("el => el.getAnimations().length") == 1
    page.emulate_media(reduced_motion="reduce")
    assert calling.evaluate("el => el.getAnimations().length") == 0
