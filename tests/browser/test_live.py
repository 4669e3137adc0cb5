"""A whole live lesson in Chromium: the teacher's projector at 1920×1080 and three students'
phones at once. One answers right, one tries an illegal knight move, one a wrong legal move;
after the reveal the projector shows the moves tried and the rule broken, names hidden."""

import pytest
from playwright.sync_api import Browser, Page, expect

from people.models import Student
from tests.browser.conftest import (
    assert_no_axe_violations,
    signed_in_grown_up,
    signed_in_student,
    square,
    teacher_with_class,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 667}
PASSWORD = "a long pass phrase 42"
STUDENTS = (("小華", "sun", "moon"), ("小明", "moon", "sun"), ("小美", "sun", "star"))
POLL = 6_000  # the pages poll every 2 s: a change shows within a couple of seconds


def teacher_page(browser: Browser, base: str) -> Page:
    return signed_in_grown_up(browser, base, "lin", PROJECTOR)


def student_page(browser: Browser, base: str, student: Student) -> Page:
    page = signed_in_student(browser, base, student, viewport=PHONE)
    page.get_by_role("link", name="課堂模式").click()
    return page


def play(page: Page, move: str) -> None:
    puzzle = page.locator("#puzzle")
    expect(puzzle).to_be_visible(timeout=POLL)
    wait_for_htmx(page)
    square(page, move[:2]).click()
    expect(square(page, move[:2])).to_have_attribute("aria-pressed", "true")
    square(page, move[2:4]).click()
    wait_for_htmx(page)


def test_a_live_lesson_with_a_projector_and_three_phones(
    browser: Browser, live_server, axe, screenshot_dir
):
    base = live_server.url
    students = teacher_with_class("lin", "四年級棋社", STUDENTS)
    classroom = students[0].classroom

    teacher = teacher_page(browser, base)
    teacher.goto(f"{base}/teacher/classes/{classroom.pk}/live/")
    assert_no_axe_violations(axe, teacher)
    teacher.get_by_role("button", name="開始上課").click()
    expect(teacher.locator(".projector-wait")).to_be_visible()
    assert_no_axe_violations(axe, teacher)

    right, illegal, wrong = (student_page(browser, base, s) for s in students)
    expect(right.locator(".live-wait")).to_contain_text("等老師出題")
    assert_no_axe_violations(axe, right)

    teacher.get_by_label("其他題目").select_option("knight/knight-crowded-corner")
    teacher.get_by_role("button", name="放上這一題").click()
    expect(teacher.locator("[data-prompt]")).to_contain_text("請讓它跳到 b3")
    expect(teacher.locator(".live-count")).to_contain_text("3 人中 0 人已作答")

    for phone in (right, illegal, wrong):  # the puzzle reaches every phone by itself
        expect(phone.locator("#puzzle-heading")).to_have_text("第 1 題", timeout=POLL)
    # Before the reveal each phone says only that its answer arrived.
    for phone, move in ((right, "a1b3"), (illegal, "a1a3"), (wrong, "a2a3")):
        play(phone, move)
        expect(phone.locator("[data-received]")).to_contain_text("收到你的答案了！")
    expect(illegal.locator("[data-next-puzzle]")).to_have_count(0)
    illegal.screenshot(path=screenshot_dir / "club-live-student-375x667.png")
    assert_no_axe_violations(axe, illegal)
    assert_no_axe_violations(axe, right)

    expect(teacher.locator(".live-count")).to_contain_text("3 人中 3 人已作答", timeout=POLL)
    teacher.get_by_role("button", name="公布結果").click()
    results = teacher.locator("[data-results]")
    expect(results.locator(".live-right")).to_have_text("1 人答對")
    right_bar = results.locator('[data-bar="白馬 a1→b3（Nb3）"]')
    expect(right_bar).to_have_class("live-bar live-bar-correct")
    expect(right_bar).to_contain_text("正確")
    expect(results.locator('[data-bar="白馬 a1→a3"]')).to_contain_text("不合規則")
    expect(results.locator('[data-bar="白馬 a1→a3"]')).to_contain_text("1 位學生")
    expect(results.locator('[data-bar="白兵 a2→a3（a3）"]')).to_contain_text("1 位學生")
    expect(results.locator("[data-rule]")).to_have_text("1 人：這個棋子不是這樣走的（白馬 a1→a3）")
    expect(results.locator("[data-names]")).to_have_count(0)
    for name, _, _ in STUDENTS:
        expect(teacher.locator("main")).not_to_contain_text(name)
    expect(square(teacher, "b3")).to_have_attribute("data-last-move", "")  # the right move
    teacher.screenshot(path=screenshot_dir / "club-live-projector-1920x1080.png")
    assert_no_axe_violations(axe, teacher)

    teacher.get_by_role("button", name="顯示名字").click()
    expect(results.locator('[data-bar="白馬 a1→b3（Nb3）"] [data-names]')).to_have_text("小華")
    expect(results.locator('[data-bar="白馬 a1→a3"] [data-names]')).to_have_text("小明")

    teacher.get_by_label("其他題目").select_option("knight/knight-no-blocked-leg")
    teacher.get_by_role("button", name="放上這一題").click()
    expect(right.locator("#puzzle-heading")).to_have_text("第 2 題", timeout=POLL)
    expect(right.locator("#puzzle .puzzle-prompt")).to_contain_text("蹩馬腿")
    right.get_by_label("可以，西洋棋的馬不會被絆馬腳").check()
    right.get_by_role("button", name="對答案").click()
    expect(right.locator("[data-received]")).to_be_visible()
    expect(teacher.locator(".live-count")).to_contain_text("3 人中 1 人已作答", timeout=POLL)

    teacher.get_by_role("button", name="結束課堂").click()
    expect(teacher.locator(".live-round-results")).to_have_count(2)
    expect(teacher.locator(".live-round-results").first).to_contain_text(
        "1 人：這個棋子不是這樣走的（白馬 a1→a3）"
    )
    teacher.screenshot(path=screenshot_dir / "club-live-results.png", full_page=True)
    assert_no_axe_violations(axe, teacher)
    expect(wrong.locator("[data-ended]")).to_contain_text("這堂課結束了", timeout=POLL)
