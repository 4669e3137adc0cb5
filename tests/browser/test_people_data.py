"""In Chromium: 「這些星星是誰的？」 after signing up where a child solved, the teacher's locks
and unlocks, and the pages that delete a class or an account (phone and desk widths, axe)."""

import pytest
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum
from tests.browser.conftest import (
    PASSWORD,
    assert_no_axe_violations,
    sign_up,
    solve_first_board_puzzle,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = (375, 1280)


def look(page: Page, axe, screenshot_dir, name: str) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=screenshot_dir / f"{name}-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_a_childs_stars_go_to_the_child_the_parent_names(
    page: Page, live_server, axe, screenshot_dir
):
    base = live_server.url
    solve_first_board_puzzle(page, base)  # the child, before anyone signed up here
    sign_up(page, base, "mum")
    question = page.locator("[data-whose-stars]")
    expect(question).to_contain_text("這些星星是誰的？")
    expect(question).to_contain_text("解了 1 題。")
    look(page, axe, screenshot_dir, "people-whose-stars")
    page.get_by_label("暱稱").fill("小明")
    page.get_by_role("button", name="加入", exact=True).click()
    question.get_by_role("button", name="小明").click()
    expect(page.locator("[data-whose-stars]")).to_have_count(0)
    page.get_by_role("link", name="小明").click()
    total = len(get_curriculum().lesson("board").puzzles)
    row = page.locator(".bar-chart tr", has_text="棋盤與座標")
    expect(row).to_contain_text(f"1/{total}")
    # The map's unit (issue 42): a lesson not finished shows its three stars unlit.
    expect(page.locator("[data-solved-total]")).to_have_text("一共解了 1 題。")
    expect(row.locator("[data-lesson-stars] .stars")).to_have_attribute(
        "aria-label", "得到 0 顆星（共 3 顆）"
    )
    look(page, axe, screenshot_dir, "people-child-stars")


def test_a_teacher_unlocks_and_then_deletes_a_class_and_the_account(
    page: Page, live_server, axe, screenshot_dir
):
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.limits.picture_locks import CHILD_SCOPE, FREE_TRIES
    from people.models import Classroom, GrownUp, LoginFailure, Student

    user = get_user_model().objects.create_user("teacher", password=PASSWORD)
    GrownUp.objects.create(user=user, here_for="class")
    classroom = Classroom.objects.create(teacher=user, name="週三棋社", join_code="QWER45")
    students = [
        Student.objects.create(
            classroom=classroom,
            learner=Learner.objects.create(nickname=name, avatar="B"),
            secret_first="sun",
            secret_second="moon",
        )
        for name in ("阿志", "小雲")
    ]
    for _ in range(FREE_TRIES):
        LoginFailure.objects.create(scope=CHILD_SCOPE, key=f"student-{students[0].pk}")
    LoginFailure.objects.create(scope="class-lock", key=f"class-{classroom.pk}")

    page.goto(base := live_server.url)
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("teacher")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(base + f"/teacher/classes/{classroom.pk}/students/")
    expect(page.locator("[data-locked]")).to_have_count(1)
    expect(page.locator("[data-class-locked]")).to_be_visible()
    look(page, axe, screenshot_dir, "people-roster-locked")
    page.get_by_role("button", name="解鎖").click()
    expect(page.locator("[data-locked]")).to_have_count(0)
    page.get_by_role("button", name="讓 週三棋社 重新登入").click()
    expect(page.locator("[data-class-locked]")).to_have_count(0)

    page.get_by_role("link", name="刪除這個班級").click()
    expect(page.locator("h1")).to_have_text("要刪除「週三棋社」這個班級嗎？")
    expect(page.locator("[data-will-be-deleted] .person-card")).to_have_count(2)
    look(page, axe, screenshot_dir, "people-delete-class")
    page.get_by_role("button", name="永久刪除這個班級").click()
    expect(page.locator("h1")).to_have_text("老師區：我的班級")
    assert not Learner.objects.filter(pk__in=[s.learner_id for s in students]).exists()

    page.get_by_role("link", name="刪除我的帳號").click()
    expect(page.locator("h1")).to_have_text("要刪除我的帳號嗎？")
    look(page, axe, screenshot_dir, "people-delete-account")
    page.get_by_label("你的密碼").fill(PASSWORD)
    page.get_by_role("button", name="永久刪除我的帳號").click()
    expect(page.get_by_role("link", name="大人登入")).to_be_visible()
    assert not get_user_model().objects.exists()
    assert not Learner.objects.exists()  # the teacher's own progress went too


def test_a_parent_changes_the_account_password_from_the_parents_page(
    page: Page, live_server, axe, screenshot_dir
):
    base = live_server.url
    sign_up(page, base, "mum@example.org")
    page.get_by_role("link", name="更改帳號密碼").click()
    expect(page.locator("h1")).to_have_text("更改帳號密碼")
    look(page, axe, screenshot_dir, "people-change-password")
    page.locator("#id_old_password").fill("not it")
    page.locator("#id_new_password1").fill("a brand new pass phrase")
    page.locator("#id_new_password2").fill("a brand new pass phrase")
    page.get_by_role("button", name="儲存新密碼").click()
    expect(page.get_by_text("你的舊密碼不正確")).to_be_visible()
    page.locator("#id_old_password").fill(PASSWORD)
    page.locator("#id_new_password1").fill("a brand new pass phrase")
    page.locator("#id_new_password2").fill("a brand new pass phrase")
    page.get_by_role("button", name="儲存新密碼").click()
    expect(page.locator("main [role=status]")).to_have_text("新密碼已儲存")
    look(page, axe, screenshot_dir, "people-password-changed")
    page.get_by_role("link", name="返回").click()
    expect(page.locator("h1")).to_have_text("家長區")
