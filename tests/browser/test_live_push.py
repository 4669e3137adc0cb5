"""A phone (Chromium, 375 px) in a live lesson served as `make serve` serves it: nginx with
Nchan in front of gunicorn (tests/deploy/push_servers.py). With the stream open, the
teacher's new round and the reveal reach the phone without a single poll (at the reveal
the phone fetches its own result, once); with the stream blocked (a school proxy), the
page falls back to the poll and still shows the round. The teacher's clicks are sent
over HTTP (requests), as tests/deploy/test_live_push.py sends them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import square, wait_for_htmx
from tests.deploy import push_servers as ps

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PHONE = {"width": 375, "height": 667}
PORTS = ps.ports()[5:8]


@pytest.fixture(scope="module")
def server():
    with ps.seeded_site(PORTS, "tutor-push-browser-") as (base, _env, ids):
        yield {"base": base, **ids}


def open_phone(browser: Browser, server: dict, seat: int) -> tuple[Page, list[str]]:
    """A signed-in student's phone on 「課堂」; the /live/round requests it makes."""
    signed = ps.Browser(server["base"])
    signed.sign_in_student(server["code"], server["students"][seat])
    context = browser.new_context(locale="zh-TW", viewport=PHONE)
    context.add_cookies(
        [
            {"name": name, "value": value, "url": server["base"]}
            for name, value in signed.http.cookies.items()
        ]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    polls: list[str] = []
    page.on("request", lambda request: "/live/round" in request.url and polls.append(request.url))
    return page, polls


def open_presenter(browser: Browser, server: dict, teacher, session: int):
    """The teacher's presenter in Chromium, its stream open; the panel requests it makes."""
    context = browser.new_context(locale="zh-TW", viewport={"width": 1920, "height": 1080})
    context.add_cookies(
        [
            {"name": name, "value": value, "url": server["base"]}
            for name, value in teacher.http.cookies.items()
        ]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{server['base']}/live/sessions/{session}/")
    expect(page.locator("html[data-push-open]")).to_have_count(1)
    panels: list[str] = []
    page.on("request", lambda request: "/panel" in request.url and panels.append(request.url))
    return page, panels


def test_a_phone_receives_the_round_and_the_reveal_without_polling(
    browser: Browser, server, screenshot_dir
):
    teacher = ps.Browser(server["base"])
    teacher.sign_in_teacher()
    session = ps.start_lesson(teacher, server["classroom"])
    phone, polls = open_phone(browser, server, 0)
    try:
        phone.goto(server["base"] + "/live/")
        expect(phone.locator("html[data-push-open]")).to_have_count(1)
        polls.clear()  # from here on the stream is open

        assert teacher.post(f"/live/sessions/{session}/puzzle", {"puzzle": ps.KNIGHT}).ok
        presenter, panels = open_presenter(browser, server, teacher, session)
        waiting = presenter.locator("[data-not-answered]")
        expect(waiting).to_have_text("還沒回答（2 人）：小明、小華")
        expect(phone.locator("#puzzle")).to_be_visible(timeout=5_000)
        expect(phone.locator("#puzzle-heading")).to_have_text("第 1 題")
        assert polls == []  # the round came down the stream
        # Its own answer token, added by the page (the class's fragment carries none).
        token = phone.locator("#puzzle form input[name=token]").first
        expect(token).to_have_attribute("value", re.compile(r"^[A-Za-z0-9_-]{16}$"))
        wait_for_htmx(phone)
        square(phone, "a1").click()
        expect(square(phone, "a1")).to_have_attribute("aria-pressed", "true")
        square(phone, "b3").click()
        wait_for_htmx(phone)
        expect(phone.locator("[data-received]")).to_contain_text("收到你的答案了！")
        phone.screenshot(path=screenshot_dir / "live-push-phone-375.png")
        # The answer's message brings the presenter's names up to date: one fetch, no poll.
        expect(waiting).to_have_text("還沒回答（1 人）：小華")
        assert len(panels) == 1

        assert teacher.post(f"/live/sessions/{session}/reveal").status_code == 302
        expect(phone.locator('[data-own-result="correct"]')).to_be_visible(timeout=5_000)
        assert len(polls) == 1  # its own result, fetched once at the reveal
        assert "/live/round?state=" in polls[0]
    finally:
        teacher.post(f"/live/sessions/{session}/end")
        phone.context.close()
        for context in browser.contexts:
            context.close()


def test_with_the_stream_blocked_the_phone_falls_back_to_the_poll(browser: Browser, server):
    teacher = ps.Browser(server["base"])
    teacher.sign_in_teacher()
    session = ps.start_lesson(teacher, server["classroom"])
    phone, polls = open_phone(browser, server, 1)
    try:
        phone.route("**/live/push/**", lambda route: route.abort())  # a proxy that blocks it
        phone.goto(server["base"] + "/live/")
        assert teacher.post(f"/live/sessions/{session}/puzzle", {"puzzle": ps.QUESTION}).ok
        expect(phone.locator("#puzzle-heading")).to_have_text("第 1 題", timeout=6_000)
        expect(phone.locator("html[data-push-open]")).to_have_count(0)
        assert polls  # the poll brought it
    finally:
        teacher.post(f"/live/sessions/{session}/end")
        phone.context.close()
