"""In Chromium: a school's administrator imports its rosters (a file with a mistake first:
the problems by row, nothing written; then the right file, previewed, confirmed), and
looks at the school's page, the new school year's and an archived class's (phone and desk
widths, axe); it says where the school's accounts come from (the tenant its own linked
Microsoft account is of), and a class's teacher unlinks a student's school account after
asking."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PASSWORD, look_at_widths

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GOOD = (
    "班級,座號,姓名,學校帳號\n三年一班,1,王小明,edu-tw:s-2001\n"
    "三年一班,2,李小華,li.xiaohua.2015@guangming.tp.edu.tw\n301,1,陳大同,\n六年一班,1,林美美,\n"
)
BAD = "班級,座號,姓名\n三年一班,1,王小明\n三年一班,1,李小華\n"
TENANT = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"


look = look_at_widths


def test_an_administrator_previews_and_confirms_a_schools_rosters(
    page: Page, live_server, axe, screenshot_dir, tmp_path
):
    from django.contrib.auth import get_user_model

    from people.models import GrownUp, School, SchoolTeacher, Student

    user = get_user_model().objects.create_user("admin", password=PASSWORD)
    GrownUp.objects.create(user=user, here_for="class")
    school = School.objects.create(name="光明國小", school_year=114)
    SchoolTeacher.objects.create(school=school, user=user, is_admin=True)
    bad, good = tmp_path / "bad.csv", tmp_path / "roster.csv"
    bad.write_bytes(BAD.encode("big5"))
    good.write_text(GOOD, encoding="utf-8-sig")

    base = live_server.url
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("admin")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.get_by_text("整個學校：匯入名單").click()
    expect(page.get_by_label("學校名稱")).to_be_visible()
    look(page, axe, screenshot_dir, "school-teacher-home")
    page.get_by_role("link", name="光明國小").click()
    page.get_by_role("link", name="匯入名單").click()

    page.get_by_label("檔案（可選多個）").set_input_files(bad)
    page.get_by_role("button", name="預覽").click()
    expect(page.locator("[data-problem]")).to_have_count(1)
    expect(page.locator("[data-problem]")).to_contain_text("三年一班的座號 1 也在第 2 列。")
    look(page, axe, screenshot_dir, "school-import-problems")
    assert Student.objects.count() == 0

    page.get_by_label("檔案（可選多個）").set_input_files(good)
    page.get_by_role("button", name="預覽").click()
    expect(page.locator('[data-count="new-students"]')).to_have_text("新學生 4 位")
    expect(page.locator("[data-account]")).to_have_count(2)
    look(page, axe, screenshot_dir, "school-import-preview")
    assert Student.objects.count() == 0
    page.get_by_role("button", name="確定匯入").click()
    expect(page.locator("[data-imported]")).to_contain_text("新學生 4 位")
    assert Student.objects.count() == 4

    page.get_by_role("link", name="回到學校").click()
    expect(page.locator("h1")).to_contain_text("光明國小")
    look(page, axe, screenshot_dir, "school-page")
    page.get_by_role("link", name="新學年").click()
    expect(page.locator("[data-promoted]")).to_have_count(2)
    expect(page.locator("[data-graduating]")).to_have_text("六年一班")
    look(page, axe, screenshot_dir, "school-new-year")
    page.get_by_label("是的：現在開始 115 學年度").check()
    page.get_by_role("button", name="開始新學年").click()
    expect(page.locator("[data-delete-on]")).to_have_count(1)
    look(page, axe, screenshot_dir, "school-page-archived")

    # One archived class: last year's 三年一班, read-only, its seats and their progress.
    page.get_by_role("link", name="三年一班").click()
    expect(page.locator("h1")).to_contain_text("三年一班")
    expect(page.locator("[data-seat-row]")).to_have_count(2)
    expect(page.locator("[data-read-only]")).to_be_visible()
    expect(page.locator("main form")).to_have_count(0)
    look(page, axe, screenshot_dir, "school-archived-class")
    page.get_by_role("link", name="學校的頁面").click()
    page.get_by_role("link", name="六年一班").click()
    expect(page.locator("[data-seat-row]")).to_have_count(1)
    expect(page.locator("[data-delete-on]")).to_be_visible()
    look(page, axe, screenshot_dir, "school-archived-graduates")

    # 老師區 lists last year's classes quietly, each with its page and its progress CSV.
    page.get_by_role("link", name="我的所有班級").click()
    past = page.locator("[data-past-class]")
    expect(past).to_have_count(3)
    expect(past.nth(0)).to_have_text("301 · 114 學年度 · 進度（CSV）")
    expect(past.nth(1)).to_have_text("三年一班 · 114 學年度 · 進度（CSV）")
    expect(past.nth(2)).to_have_text(
        re.compile(r"^六年一班 · 114 學年度 · 已畢業：[-\d]+ 之後刪除 · 進度（CSV）$")
    )
    look(page, axe, screenshot_dir, "teacher-home-past-classes")
    past.nth(1).get_by_role("link", name="三年一班").click()
    expect(page.locator("[data-seat-row]")).to_have_count(2)


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill(username)
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()


def test_an_administrator_sets_the_schools_tenant_and_a_teacher_unlinks_a_student(
    page: Page, live_server, axe, screenshot_dir
):
    from django.contrib.auth import get_user_model

    from people.models import Classroom, GrownUp, School, SchoolTeacher, Student
    from school_sign_in.models import SchoolIdentity
    from tests.people.conftest import make_student

    admin = get_user_model().objects.create_user("admin", password=PASSWORD)
    GrownUp.objects.create(user=admin, here_for="class")
    school = School.objects.create(name="光明國小", school_year=114)
    School.objects.create(name="別的學校", school_year=114)  # a shared server
    SchoolTeacher.objects.create(school=school, user=admin, is_admin=True)
    issuer = f"https://login.microsoftonline.com/{TENANT}/v2.0"
    at_microsoft = {"issuer": issuer, "provider": "microsoft", "tenant": TENANT}
    SchoolIdentity.objects.create(subject="admin-sub", user=admin, **at_microsoft)
    classroom = Classroom.objects.create(teacher=admin, name="三年一班", school=school)
    ming = make_student(classroom, "王小明")
    Student.objects.filter(pk=ming.pk).update(
        school_account="microsoft:6a2b3c4d-1111-2222-3333-444455556666"
    )
    SchoolIdentity.objects.create(subject="ming-sub", student=ming, **at_microsoft)
    base = live_server.url
    page.set_default_timeout(15_000)
    sign_in(page, base, "admin")

    page.goto(f"{base}/teacher/schools/{school.pk}/")
    expect(page.locator("[data-account-source]")).to_have_text("還沒設定。")
    look(page, axe, screenshot_dir, "school-account-source")
    page.get_by_label("從你自己的學校帳號選").select_option(f"tenant:{TENANT}")
    page.get_by_role("button", name="設定").click()
    expect(page.locator("[data-account-source]")).to_contain_text(TENANT)
    look(page, axe, screenshot_dir, "school-account-source-set")
    school.refresh_from_db()
    assert school.microsoft_tenant == TENANT

    page.goto(f"{base}/teacher/classes/{classroom.pk}/students/")
    expect(page.locator("[data-school-account]")).to_have_attribute("data-school-account", "linked")
    look(page, axe, screenshot_dir, "school-account-roster")
    page.get_by_role("link", name="學校帳號：已連結").click()
    expect(page.locator("h1")).to_have_text("要解除「王小明」的學校帳號嗎？")
    look(page, axe, screenshot_dir, "school-account-unlink")
    page.get_by_label("也清除名單上的學校帳號").check()
    page.get_by_role("button", name="解除學校帳號").click()
    expect(page.locator("h1")).to_contain_text("三年一班")
    expect(page.locator("[data-school-account]")).to_have_count(0)
    look(page, axe, screenshot_dir, "school-account-unlinked-roster")
    ming.refresh_from_db()
    assert (ming.school_account, SchoolIdentity.objects.filter(student=ming).count()) == ("", 0)
