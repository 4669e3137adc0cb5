"""Grown-ups and children in Chromium: a family on one device, and a class with printed cards.

The lessons are the real curriculum: each child answers the first puzzle of 「棋盤與座標」.
"""

import pytest
from playwright.sync_api import Browser, Page, expect

from curriculum.loading import get_curriculum
from people.models import Classroom, Student
from tests.browser.conftest import (
    PASSWORD,
    assert_no_axe_violations,
    grown_up_with_child_and_student,
    sign_up,
    solve_first_board_puzzle,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def quick_failures(page: Page):
    page.set_default_timeout(10_000)


def test_a_parent_adds_two_children_who_each_solve_a_puzzle_and_sees_both(
    page: Page, live_server, axe, screenshot_dir
):
    base = live_server.url
    page.goto(base + "/accounts/signup/")
    assert_no_axe_violations(axe, page)
    sign_up(page, base, "mum@example.org")
    for nickname, avatar in (("小明", "馬"), ("小美", "后")):
        page.get_by_label("暱稱").fill(nickname)
        page.get_by_role("radio", name=avatar, exact=True).check()
        page.get_by_role("button", name="加入", exact=True).click()
    expect(page.locator(".person-card")).to_have_count(2)
    page.screenshot(path=screenshot_dir / "people-parent-home.png", full_page=True)
    assert_no_axe_violations(axe, page)

    for nickname in ("小明", "小美"):
        page.get_by_role("link", name="現在誰在學？").first.click()
        expect(page.locator("h1")).to_have_text("現在誰在學？")
        if nickname == "小明":
            page.screenshot(path=screenshot_dir / "people-who-is-learning.png", full_page=True)
            assert_no_axe_violations(axe, page)
        page.get_by_role("button", name=nickname).click()
        solve_first_board_puzzle(page, base)

    total = len(get_curriculum().lesson("board").puzzles)
    for nickname in ("小明", "小美"):
        page.goto(base + "/parent/")
        page.get_by_role("link", name=nickname).click()
        expect(page.locator("h1")).to_contain_text(nickname)
        row = page.locator(".bar-chart tr", has_text="棋盤與座標")
        expect(row).to_contain_text(f"1/{total}")
    page.screenshot(path=screenshot_dir / "people-child-progress.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_a_parent_pin_closes_the_parent_area_after_a_child_is_picked(page: Page, live_server, axe):
    base = live_server.url
    sign_up(page, base, "dad")
    page.get_by_label("暱稱").fill("阿寶")
    page.get_by_role("button", name="加入", exact=True).click()
    page.get_by_label("密碼（4 到 6 位數字）").fill("2468")
    page.get_by_role("button", name="設定家長密碼").click()
    page.goto(base + "/who/")
    page.get_by_role("button", name="阿寶").click()
    page.goto(base + "/parent/")
    expect(page.locator("h1")).to_have_text("大人專用")
    assert_no_axe_violations(axe, page)
    page.get_by_label("密碼（4 到 6 位數字）").fill("2468")
    page.get_by_role("button", name="打開").click()
    expect(page.locator("h1")).to_have_text("家長區")


def test_a_teacher_prints_cards_for_25_and_sees_a_students_solve_in_the_grid(
    page: Page, browser: Browser, live_server, axe, screenshot_dir
):
    base = live_server.url
    sign_up(page, base, "teacher-lin")
    page.get_by_role("link", name="我也要教一個班級").click()  # signed up for a family
    assert_no_axe_violations(axe, page)
    page.get_by_label("班級名稱").fill("四年級棋社")
    page.get_by_role("button", name="建立班級").click()
    names = "\n".join(f"學生{n:02d}" for n in range(1, 26))
    page.get_by_label("學生暱稱，一行一個").fill(names)
    page.get_by_role("button", name="加入這些學生").click()
    expect(page.locator(".notice[role=status]")).to_contain_text("加入了 25 位學生。")
    expect(page.locator(".roster tbody tr")).to_have_count(25)
    page.screenshot(path=screenshot_dir / "people-class-roster.png", full_page=True)
    assert_no_axe_violations(axe, page)

    page.get_by_role("link", name="列印登入卡").click()
    expect(page.locator(".login-card")).to_have_count(25)
    assert_no_axe_violations(axe, page)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    page.screenshot(path=screenshot_dir / "people-login-cards-print.png", full_page=True)
    page.emulate_media(media="screen")

    classroom = Classroom.objects.get(name="四年級棋社")
    student = Student.objects.select_related("learner").get(
        classroom=classroom, learner__nickname="學生07"
    )
    from people.picture_words import PICTURE_WORDS

    first = str(PICTURE_WORDS[student.secret_first].name)
    second = str(PICTURE_WORDS[student.secret_second].name)

    kid = browser.new_page(locale="zh-TW", viewport={"width": 768, "height": 1024})  # a tablet
    kid.goto(base + "/")
    kid.get_by_role("link", name="班級登入").click()
    assert_no_axe_violations(axe, kid)
    kid.get_by_label("班級代碼").fill(classroom.join_code.lower())
    kid.get_by_role("button", name="下一步").click()
    expect(kid.locator("h1")).to_have_text("哪一個是你？")
    kid.screenshot(path=screenshot_dir / "people-pick-name.png", full_page=True)
    assert_no_axe_violations(axe, kid)
    kid.get_by_role("link", name="學生07").click()
    expect(kid.get_by_role("group", name="第一個圖案")).to_be_visible()
    kid.screenshot(path=screenshot_dir / "people-pick-secret.png", full_page=True)
    assert_no_axe_violations(axe, kid)
    kid.get_by_role("button", name=first, exact=True).click()
    expect(kid.get_by_role("group", name="第二個圖案")).to_be_visible()
    kid.get_by_role("button", name=second, exact=True).click()
    expect(kid.locator("h1")).to_have_text("學會西洋棋的規則")
    expect(kid.locator("[data-now-learning]")).to_contain_text("學生07 正在學")
    kid.screenshot(path=screenshot_dir / "people-student-map.png")
    assert_no_axe_violations(axe, kid)
    solve_first_board_puzzle(kid, base)
    kid.close()

    page.goto(base + f"/teacher/classes/{classroom.pk}/")
    total = len(get_curriculum().lesson("board").puzzles)
    row = page.locator(".mastery-grid tr", has_text="學生07")
    expect(row.locator("td").first).to_have_text(f"1/{total}")
    expect(row.locator("td").first).to_have_class("cell-started")
    page.screenshot(path=screenshot_dir / "people-class-dashboard.png", full_page=True)
    assert_no_axe_violations(axe, page)
    row.get_by_role("link", name="學生07").click()
    expect(page.locator("table.history tbody tr")).to_have_count(1)
    assert_no_axe_violations(axe, page)


def test_the_rules_tripped_over_are_drawn_as_small_boards_for_parent_and_teacher(
    page: Page, live_server, axe, screenshot_dir
):
    from lessons.progress import record_attempt
    from people.models import Assignment

    child, classroom, student = grown_up_with_child_and_student(PASSWORD)
    Assignment.objects.create(classroom=classroom, lesson="castling")
    tries = [
        ("a1a3", "PATH_BLOCKED", "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1"),
        ("e1g1", "CASTLING_THROUGH_ATTACK", "4k3/8/8/8/8/5r2/8/4K2R w K - 0 1"),
        ("e1g1", "CASTLING_THROUGH_ATTACK", "4k3/8/8/8/8/5r2/8/4K2R w K - 0 1"),
    ]
    for learner in (child.learner, student.learner):
        for answer, reason, fen in tries:
            record_attempt(
                learner,
                lesson="castling",
                puzzle="castling-bench",
                answer=answer,
                verdict="illegal",
                reason=reason,
                fen=fen,
            )

    page.goto(live_server.url + "/accounts/login/")
    assert_no_axe_violations(axe, page)
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(live_server.url + f"/parent/children/{child.learner_id}/")
    trips = page.locator(".trip")
    expect(trips).to_have_count(2)
    expect(trips.first).to_contain_text("王車易位時王不能經過被攻擊的格子")
    expect(trips.first).to_contain_text("2 次")
    expect(trips.first.locator(".mini-square img")).to_have_count(4)
    page.screenshot(path=screenshot_dir / "people-child-trips.png", full_page=True)
    assert_no_axe_violations(axe, page)

    page.goto(live_server.url + f"/teacher/classes/{classroom.pk}/")
    expect(page.locator(".trip").first).to_contain_text("王車易位時王不能經過被攻擊的格子")
    expect(page.locator(".assignments")).to_contain_text("1 人中 0 人完成")
    page.screenshot(path=screenshot_dir / "people-class-misconceptions.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_the_remaining_people_pages_are_axe_clean(
    page: Page, browser: Browser, live_server, axe, screenshot_dir
):
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import Assignment, ChildProfile, GrownUp, LoginFailure

    base = live_server.url
    user = get_user_model().objects.create_user("mum", email="mum@example.org", password=PASSWORD)
    # An account whose address was checked by its link (people.views.email_links).
    GrownUp.objects.create(user=user, email_key="mum@example.org", email_verified=True)
    child = ChildProfile.objects.create(
        parent=user, learner=Learner.objects.create(nickname="小明")
    )
    classroom = Classroom.objects.create(teacher=user, name="週三棋社", join_code="QWER45")
    Student.objects.create(
        classroom=classroom,
        learner=Learner.objects.create(nickname="阿志", avatar="B"),
        secret_first="sun",
        secret_second="moon",
    )
    Assignment.objects.create(classroom=classroom, lesson="board")

    page.goto(base + "/accounts/password-reset/")
    assert_no_axe_violations(axe, page)
    page.locator("#id_email").fill("mum@example.org")
    page.get_by_role("button", name="寄出連結").click()
    expect(page.locator("h1")).to_have_text("請查看電子郵件")
    assert_no_axe_violations(axe, page)
    page.goto(base + "/accounts/reset/MQ/not-a-token/")
    expect(page.get_by_role("alert")).to_contain_text("這個連結已經過期或用過了")
    assert_no_axe_violations(axe, page)

    for _ in range(6):
        page.goto(base + "/accounts/login/")
        page.get_by_label("帳號或電子郵件").fill("mum")
        page.get_by_label("密碼").fill("wrong password")
        page.get_by_role("button", name="登入").click()
    expect(page.locator("h1")).to_have_text("試太多次了")
    assert_no_axe_violations(axe, page)
    LoginFailure.objects.all().delete()  # 15 minutes later: the account's count is over

    grown_up = browser.new_page(locale="zh-TW")
    grown_up.goto(base + "/accounts/login/")
    grown_up.get_by_label("帳號或電子郵件").fill("mum@example.org")
    grown_up.get_by_label("密碼").fill(PASSWORD)
    grown_up.get_by_role("button", name="登入").click()
    grown_up.goto(base + f"/learners/{child.learner_id}/delete/")
    assert_no_axe_violations(axe, grown_up)
    grown_up.get_by_role("button", name="永久刪除").click()
    expect(grown_up.locator(".person-card")).to_have_count(0)
    grown_up.close()

    kid = browser.new_page(locale="zh-TW")
    kid.goto(base + "/join/QWER45/")
    kid.get_by_role("link", name="阿志").click()
    kid.get_by_role("button", name="太陽").click()
    kid.get_by_role("button", name="月亮").click()
    card = kid.locator('[data-first-up] [data-lesson="board"]')  # the homework, first
    expect(card.locator("[data-assigned]")).to_have_text("老師指定")
    kid.screenshot(path=screenshot_dir / "people-map-assignment.png")
    assert_no_axe_violations(axe, kid)
    kid.close()


def test_a_parent_picks_themselves_beside_the_children(
    page: Page, live_server, axe, screenshot_dir
):
    base = live_server.url
    sign_up(page, base, "aunt")
    page.get_by_label("暱稱").fill("阿寶")
    page.get_by_role("button", name="加入", exact=True).click()
    page.goto(base + "/who/")
    myself = page.get_by_role("button", name="我自己")
    expect(page.get_by_role("button", name="阿寶")).to_be_visible()
    expect(myself).to_be_visible()
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        page.screenshot(path=screenshot_dir / f"people-who-myself-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)
    myself.click()
    expect(page).to_have_url(base + "/")
    expect(page.locator("[data-now-learning]")).to_have_count(0)
