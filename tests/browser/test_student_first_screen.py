"""On a phone, a student's first screen after class login: the homework, then the next lesson."""

import datetime

import pytest
from playwright.sync_api import Browser, expect

from lessons.models import Learner
from people.models import Assignment, Classroom, Student
from people.picture_words import PICTURE_WORDS
from tests.browser.conftest import assert_no_axe_violations
from tests.people.conftest import make_grown_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}


def log_in_as_student(browser: Browser, base: str, student: Student, viewport=PHONE):
    page = browser.new_page(locale="zh-TW", viewport=viewport)
    page.set_default_timeout(10_000)
    page.goto(f"{base}/join/{student.classroom.join_code}/{student.pk}/")
    for word in (student.secret_first, student.secret_second):
        page.get_by_role("button", name=str(PICTURE_WORDS[word].name), exact=True).click()
    expect(page.locator("h1")).to_have_text("學會西洋棋的規則")
    return page


def test_the_assignment_is_on_the_phones_first_screen_with_the_next_lesson_below(
    browser: Browser, live_server, axe, screenshot_dir
):
    classroom = Classroom.objects.create(teacher=make_grown_up("lin"), name="四年級棋社")
    Assignment.objects.create(
        classroom=classroom, lesson="knight", due_on=datetime.date(2026, 12, 8)
    )
    student = Student.objects.create(
        classroom=classroom,
        learner=Learner.objects.create(nickname="陳小明", avatar="N"),
        secret_first="sun",
        secret_second="moon",
    )
    page = log_in_as_student(browser, live_server.url, student)
    first = page.locator("[data-first-up] .lesson-card").first
    expect(first).to_contain_text("馬")
    mark = first.locator("[data-assigned]")
    expect(mark).to_have_text("老師指定 · 12/8 前完成")
    assert mark.bounding_box()["y"] + mark.bounding_box()["height"] <= PHONE["height"]
    next_card = page.locator("[data-first-up] .lesson-card").nth(1)
    expect(next_card).to_contain_text("棋盤與座標")
    expect(next_card.locator(".next-badge")).to_have_text("下一課")
    page.screenshot(path=screenshot_dir / "club-student-first-screen-375.png")
    assert_no_axe_violations(axe, page)
    page.close()
