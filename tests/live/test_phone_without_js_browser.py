"""A live phone with JavaScript off (or before its scripts load on a slow tablet): the
answer is a plain form post, carries its CSRF token, and is counted; the phone then says
only that it arrived."""

import re

import pytest
from playwright.sync_api import expect

from live import rounds
from live.puzzles import find
from live.results import answered_count
from tests.live.helpers import PASSWORD, PHONE, phone, teacher_with_class

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_without_javascript_answers_by_plain_form(new_context, live_server, screenshot_dir):
    classroom, (student,) = teacher_with_class([("小華", "sun", "moon")], PASSWORD)
    session = rounds.start(classroom)
    rounds.set_time_limit(session, 90)
    rounds.put_up(session, find("knight", "knight-crowded-corner"))

    def no_script(**options):
        return new_context(**options, java_script_enabled=False)

    page = phone(no_script, live_server.url, student)
    page.goto(live_server.url + "/live/")
    expect(page.locator("#puzzle-heading")).to_have_text("第 1 題")
    # Drawn by the server: the seconds left when the page was drawn (nothing counts them down).
    expect(page.locator("[data-countdown] [data-seconds]")).to_have_text(re.compile(r"^(8\d|90)$"))
    page.screenshot(path=screenshot_dir / "live-phone-no-js-375.png", full_page=True)
    page.locator('[data-square="a1"]').click()  # each tap is a form post
    expect(page.locator('[data-square="a1"]')).to_have_attribute("aria-pressed", "true")
    page.locator('[data-square="b3"]').click()
    expect(page.locator("[data-received]")).to_contain_text("收到你的答案了！")
    assert answered_count(session.rounds.get()) == 1
    assert page.viewport_size == PHONE
