"""棋社比賽 in Chromium: the teacher starts a club tournament for two children at 1920×1080,
each child plays on their own phone (375 px, touch) to checkmate, the waiting phone
receiving the other's move by its poll; the projector shows the table. axe on every club
page; screenshots at 375 px and 1920×1080."""

import pytest
from playwright.sync_api import Browser, Page, expect

from club import tournaments
from club.models import ROUND_ROBIN
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
    tournament = teacher.url.rstrip("/").rsplit("/", 1)[-1]
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

    # The teacher's pages on a phone too: nothing wider than the screen.
    teacher.set_viewport_size({"width": 375, "height": 667})
    for name, path in (
        ("projector", teacher.url),
        ("round", f"{base}/club/tournaments/{tournament}/"),
        ("new", f"{base}/teacher/classes/{classroom.pk}/club/"),
    ):
        teacher.goto(path)
        assert_no_horizontal_scroll(teacher)
        teacher.screenshot(path=screenshot_dir / f"club-{name}-375.png", full_page=True)


TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}


def test_two_children_share_one_tablet_to_a_threefold_claim(
    browser: Browser, live_server, axe, screenshot_dir
):
    """One tablet between them: the board turns to the side to move after every move, and
    the child to move claims the draw when the position comes a third time."""
    base = live_server.url
    white_student, black_student = teacher_with_class(
        "lin", "四年級棋社", (("小華", "sun", "moon"), ("小安", "moon", "sun"))
    )
    tournament = tournaments.start(
        white_student.classroom, [white_student, black_student], ROUND_ROBIN
    )
    tournaments.start_round(tournament.pk)

    tablet = signed_in_student(browser, base, white_student, **TABLET)
    tablet.get_by_role("link", name="棋社比賽").first.click()
    tablet.locator("[data-my-game]").click()
    tablet.locator("[data-tablet-link]").click()
    expect(tablet.locator("[data-game]")).to_have_attribute("data-tablet", "")
    assert_no_axe_violations(axe, tablet)
    knights = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    for ply, uci in enumerate(knights):
        _move(tablet, uci)
        game = tablet.locator("[data-game]")
        expect(game).to_have_attribute("data-ply", str(ply + 1))
        mover = "black" if ply % 2 == 0 else "white"
        expect(game).to_have_attribute("data-side", mover)
        corner = "h8" if mover == "black" else "a1"
        expect(tablet.locator("[data-board] [data-square]").nth(56)).to_have_attribute(
            "data-square", corner
        )
        if ply == 0:
            tablet.screenshot(path=screenshot_dir / "club-tablet-black-768.png", full_page=True)
    claim = tablet.get_by_role("button", name="要求和棋")
    expect(claim).to_be_visible()
    claim.click()
    expect(tablet.locator("[data-game]")).to_have_attribute("data-result", "1/2-1/2")
    expect(tablet.locator("#game-status")).to_contain_text("三次")
    assert_no_axe_violations(axe, tablet)
    tablet.screenshot(path=screenshot_dir / "club-tablet-claimed-768.png", full_page=True)
