"""In Chromium: a school's administrator sets the school's domain, adds a teacher and imports
a roster, then opens 「變更紀錄」 from the school's page and reads each change, newest first
(phone and desk widths, screenshots, axe); with more than a page of events, the next page."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PASSWORD, look_at_widths

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROSTER = "班級,座號,姓名,學校帳號\n三年一班,1,王小明,edu-tw:s-2001\n三年一班,2,李小華,\n"


look = look_at_widths


def test_an_administrator_reads_the_schools_change_log(
    page: Page, live_server, axe, screenshot_dir, tmp_path
):
    from django.contrib.auth import get_user_model

    from people.models import GrownUp, School, SchoolEvent, SchoolTeacher
    from school_sign_in.models import SchoolIdentity

    users = get_user_model().objects
    admin = users.create_user("王老師", password=PASSWORD)
    GrownUp.objects.create(user=admin, here_for="class")
    GrownUp.objects.create(user=users.create_user("李老師"), here_for="class")
    school = School.objects.create(name="光明國小", school_year=114)
    SchoolTeacher.objects.create(school=school, user=admin, is_admin=True)
    SchoolIdentity.objects.create(
        issuer="https://accounts.google.com",
        subject="admin-sub",
        provider="google",
        user=admin,
        domain="guangming.tp.edu.tw",
    )
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8-sig")
    base = live_server.url
    page.set_default_timeout(15_000)
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("王老師")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()

    page.goto(f"{base}/teacher/schools/{school.pk}/")
    page.get_by_label("從你自己的學校帳號選").select_option("domain:guangming.tp.edu.tw")
    page.get_by_role("button", name="設定").click()
    expect(page.locator("[data-account-source]")).to_contain_text("guangming.tp.edu.tw")
    page.get_by_label("老師的帳號名稱").fill("李老師")
    page.get_by_role("button", name="邀請這位老師").click()  # 李老師 accepts on 老師區 below
    page.get_by_role("link", name="匯入名單").click()
    page.get_by_label("檔案（可選多個）").set_input_files(roster)
    page.get_by_role("button", name="預覽").click()
    page.get_by_role("button", name="確定匯入").click()
    expect(page.locator("[data-imported]")).to_be_visible()

    page.get_by_role("link", name="回到學校").click()
    page.get_by_role("link", name="變更紀錄").click()
    expect(page.locator("h1")).to_contain_text("變更紀錄")
    rows = page.locator("[data-event]")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_have_text(
        re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d 王老師 匯入名單：新增 1 班、2 位學生$")
    )
    expect(rows.nth(1)).to_contain_text("王老師 邀請 李老師 當學校的老師")
    expect(rows.nth(2)).to_contain_text(
        "王老師 把學校帳號來源設為網域 guangming.tp.edu.tw（原本：不設定）"
    )
    look(page, axe, screenshot_dir, "school-events")

    # More than a page: the oldest go to the next one.
    SchoolEvent.objects.bulk_create(
        SchoolEvent(
            school=school,
            kind=SchoolEvent.Kind.SCHOOL_ACCOUNT_UNLINKED,
            by=admin,
            by_name="王老師",
            details={
                "class_name": "三年一班",
                "student": f"學生{n}",
                "accounts": [f"edu-tw:s-{n}" if n % 2 else f"microsoft:sub-{n}"],
                "roster_account_cleared": (
                    f"edu-tw:s-{n}" if n % 2 else f"microsoft:{n:08d}-1111-2222-3333-444455556666"
                ),
            },
        )
        for n in range(50)
    )
    page.reload()
    expect(rows).to_have_count(50)
    expect(page.get_by_text("第 1 頁，共 2 頁")).to_be_visible()
    look(page, axe, screenshot_dir, "school-events-paged")
    page.get_by_role("link", name="較舊的").click()
    expect(rows).to_have_count(3)
    expect(rows.nth(2)).to_contain_text("（原本：不設定）")
    page.get_by_role("link", name="較新的").click()
    expect(rows).to_have_count(50)
