"""棋社比賽 in Chromium: the teacher starts a club tournament for two children at 1920×1080,
each child plays on their own phone (375 px, touch) to checkmate, the waiting phone
receiving the other's move by its poll; the projector shows the table. axe on every club
page; screenshots at 375 px and 1920×1080."""

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import (
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    signed_in_grown_up,
    signed_in_student,
    square,
    tap,
    teacher_with_class,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]
POLL = 8_000  # the waiting phone asks every 2 s


def _phone(browser: Browser, base: str, student) -> Page:
    page = signed_in_student(browser, base, student, **PHONE)
    page.get_by_role("link", name="棋社比賽").first.click()
    return page


def _move(page: Page, uci: str) -> None:
    wait_for_htmx(page)
    tap(page, square(page, uci[:2]))
    expect(square(page, uci[:2])).to_have_attribute("aria-pressed", "true")
    tap(page, square(page, uci[2:4]))
    wait_for_htmx(page)


def test_two_children_play_a_club_game_to_checkmate_on_two_phones(
    browser: Browser, live_server, axe, screenshot_dir
):
    base = live_server.url
    white_student, black_student = teacher_with_class(
        "lin", "四年級棋社", (("小華", "sun", "moon"), ("小安", "moon", "sun"))
    )
    classroom = white_student.classroom

    teacher = signed_in_grown_up(browser, base, "lin", PROJECTOR)
    teacher.goto(f"{base}/teacher/classes/{classroom.pk}/students/")
    teacher.get_by_role("link", name="棋社比賽").click()
    expect(teacher.get_by_role("checkbox", name="小華")).to_be_checked()
    assert_no_axe_violations(axe, teacher)
    teacher.screenshot(path=screenshot_dir / "club-new-1920.png", full_page=True)
    teacher.get_by_role("button", name="開始比賽").click()
    teacher.get_by_role("button", name="開始第 1 輪").click()
    expect(teacher.locator(".club-board")).to_have_count(1)
    assert_no_axe_violations(axe, teacher)

    white, black = _phone(browser, base, white_student), _phone(browser, base, black_student)
    assert_no_axe_violations(axe, white)
    white.screenshot(path=screenshot_dir / "club-mine-375.png", full_page=True)
    for phone in (white, black):
        phone.locator("[data-my-game]").click()
    expect(white.locator("[data-game]")).to_have_attribute("data-side", "white")
    expect(black.locator("[data-game]")).to_have_attribute("data-side", "black")
    # Each sees the board from their own side: a1 bottom left for White, h8 for Black.
    for phone, corner in ((white, "a1"), (black, "h8")):
        bottom_left = phone.locator("[data-board] [data-square]").nth(56)
        expect(bottom_left).to_have_attribute("data-square", corner)
    assert_no_axe_violations(axe, black)

    for ply, uci in enumerate(FOOLS_MATE):
        mover, waiting = (white, black) if ply % 2 == 0 else (black, white)
        expect(mover.locator("[data-game]")).to_have_attribute("data-ply", str(ply), timeout=POLL)
        _move(mover, uci)
        expect(mover.locator("[data-game]")).to_have_attribute("data-ply", str(ply + 1))
        expect(waiting.locator("[data-game]")).to_have_attribute(
            "data-ply", str(ply + 1), timeout=POLL
        )
        if ply == 1:
            white.screenshot(path=screenshot_dir / "club-game-white-375.png", full_page=True)
            assert_no_horizontal_scroll(white)

    for phone in (white, black):
        expect(phone.locator("[data-game]")).to_have_attribute("data-result", "0-1")
        expect(phone.locator("#game-status")).to_contain_text("將死")
        assert_no_axe_violations(axe, phone)
        assert_no_horizontal_scroll(phone)
    black.screenshot(path=screenshot_dir / "club-game-mate-375.png", full_page=True)

    teacher.reload()
    expect(teacher.locator('[data-board="1"]')).to_have_attribute("data-result", "0-1")
    teacher.screenshot(path=screenshot_dir / "club-round-1920.png", full_page=True)
    teacher.get_by_role("link", name="投影畫面").click()
    expect(teacher.locator('[data-entrant="2"]')).to_have_attribute("data-points", "1")
    expect(teacher.locator("tbody tr").last).to_contain_text("小華")
    assert_no_axe_violations(axe, teacher)
    teacher.screenshot(path=screenshot_dir / "club-projector-1920.png", full_page=True)
