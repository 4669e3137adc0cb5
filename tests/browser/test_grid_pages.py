"""A class of 45 on the teacher's dashboard: its grids 40 students a page, with page links,
at 375 and 1280 px, axe-clean on both pages."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    PASSWORD,
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    grown_up_with_child_and_student,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [375, 1280])
def test_a_teacher_reads_a_class_of_45_forty_students_a_page(
    page: Page, live_server, axe, screenshot_dir, width
):
    from lessons.models import Learner
    from people.models import Student, next_seat_number

    page.set_viewport_size({"width": width, "height": 800})
    _, classroom, _ = grown_up_with_child_and_student(PASSWORD)  # 阿志 in seat 1
    for n in range(2, 46):
        Student.objects.create(
            classroom=classroom,
            learner=Learner.objects.create(nickname=f"學生{n:02d}", avatar="N"),
            secret_first="sun",
            secret_second="moon",
            seat_number=next_seat_number(classroom),
        )

    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(live_server.url + f"/teacher/classes/{classroom.pk}/")
    pages = page.get_by_role("navigation", name="學生分頁")
    expect(pages).to_contain_text("下面的表格是第 1–40 位學生（全班 45 位）")
    expect(pages.get_by_role("link", name="1–40")).to_have_attribute("aria-current", "page")
    grid = page.locator(".mastery-grid").first
    expect(grid.locator("tbody tr")).to_have_count(40)
    expect(grid.locator("tbody tr").first).to_contain_text("阿志")
    expect(page.locator("[data-rule-grid] tbody tr")).to_have_count(40)
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    pages.screenshot(path=screenshot_dir / f"grid-pages-first-{width}.png")
    page.screenshot(path=screenshot_dir / f"grid-pages-first-page-{width}.png")

    pages.get_by_role("link", name="41–45").click()
    expect(page).to_have_url(f"{live_server.url}/teacher/classes/{classroom.pk}/?page=2")
    expect(pages.get_by_role("link", name="41–45")).to_have_attribute("aria-current", "page")
    expect(grid.locator("tbody tr")).to_have_count(5)
    expect(grid.locator("tbody tr").first).to_contain_text("學生41")
    expect(page.locator("[data-rule-grid] tbody tr")).to_have_count(5)
    assert_no_axe_violations(axe, page)
    assert_no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / f"grid-pages-second-{width}.png", full_page=True)
