"""Mastery per rule on the parent's and the teacher's pages, at 375 and 1280 px, axe-clean."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    PASSWORD,
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    grown_up_with_child_and_student,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _answers(learner, rule, verdicts):
    from lessons.progress import record_attempt

    start = timezone.now() - timedelta(days=12)
    for days, verdict in verdicts:
        record_attempt(
            learner, lesson=rule, puzzle=f"practice-{rule}-1-{days}", answer="x",
            verdict=verdict, at=start + timedelta(days=days),
        )  # fmt: skip


@pytest.mark.parametrize("width", [375, 1280])
def test_parent_and_teacher_read_mastery_per_rule(
    page: Page, live_server, axe, screenshot_dir, width
):
    from people.models import Assignment

    page.set_viewport_size({"width": width, "height": 800})
    child, classroom, student = grown_up_with_child_and_student(PASSWORD)
    Assignment.objects.create(classroom=classroom, lesson="castling", until_mastered=True)
    mastered = [(0, "incorrect"), (1, "correct"), (4, "correct"), (11, "correct")]
    _answers(child.learner, "castling", mastered)
    _answers(child.learner, "knight", [(0, "illegal")])
    _answers(student.learner, "castling", mastered)

    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(live_server.url + f"/parent/children/{child.learner_id}/")
    table = page.locator("[data-rule-mastery]")
    expect(table.locator('[data-rule="castling"]')).to_contain_text("已學會")
    expect(table.locator('[data-rule="knight"]')).to_contain_text("學習中")
    expect(table.locator('[data-rule="rook"]')).to_contain_text("還沒學")
    assert_no_axe_violations(axe, page)
    page.screenshot(path=screenshot_dir / f"mastery-parent-{width}.png", full_page=True)
    table.screenshot(path=screenshot_dir / f"mastery-parent-table-{width}.png")

    page.goto(live_server.url + f"/teacher/classes/{classroom.pk}/")
    expect(page.locator('[data-rule-grid] td[data-rule="castling"]')).to_contain_text("已學會")
    # The columns' titles wrap at five characters, even on a phone: 王車易位：怎麼走 on two
    # lines, the longest (16 characters) on four, none one character a line.
    assert header_lines(page, "王車易位：怎麼走") == 2
    assert max(header_lines(page, title) for title in headers(page)) == 4
    page.locator(".grid-scroll").first.screenshot(path=screenshot_dir / f"lesson-grid-{width}.png")
    expect(page.locator(".assignments")).to_contain_text("練到學會為止")
    expect(page.locator(".assignments")).to_contain_text("1 人中 1 人學會")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)  # the grid scrolls inside its box, not the page
    page.screenshot(path=screenshot_dir / f"mastery-teacher-{width}.png", full_page=True)
    page.locator("[data-rule-grid]").screenshot(path=screenshot_dir / f"mastery-grid-{width}.png")
    page.locator(".assignments").screenshot(path=screenshot_dir / f"mastery-assigned-{width}.png")

    page.goto(live_server.url + f"/teacher/students/{student.pk}/")
    student_table = page.locator("[data-rule-mastery]")
    expect(student_table.locator('[data-rule="castling"]')).to_contain_text("已學會")
    expect(student_table.locator('[data-rule="knight"]')).to_contain_text("還沒學")
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    student_table.screenshot(path=screenshot_dir / f"mastery-student-{width}.png")


def headers(page: Page) -> list[str]:
    return page.locator(".lesson-head").all_inner_texts()


def header_lines(page: Page, title: str) -> int:
    """The lines the first column title `title` takes on screen."""
    return page.evaluate(
        """title => {
            const head = [...document.querySelectorAll(".lesson-head")]
                .find(h => h.textContent === title);
            const range = document.createRange();
            range.selectNodeContents(head);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        }""",
        title,
    )
