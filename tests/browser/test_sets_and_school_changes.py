"""In Chromium, at phone and desk widths, each page issue 45's puzzle-set and roster work
changed (axe 0 on each, no sideways scroll, screenshots in var/screenshots/): the
new-question form showing only its question's fields (all of them without JavaScript), a
refused history with the editor's board kept, 「我自己出的題目」 with its pictures, a set's
worksheet key listing both mates, a TOML import's problems in Chinese, a roster's preview
with its notes and its problems at once, the school's page with a class waiting for its
teacher, the new school year's box and its 「已經開始」, the class page's link to its assign
form, and a parent's page after a sign-up mail that could not go."""

import smtplib

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import PASSWORD, look_at_widths

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TWO_MATES = "7k/6pp/8/8/8/8/8/RR4K1 w - - 0 1"


def look(page: Page, axe, screenshot_dir, name: str) -> None:
    look_at_widths(page, axe, screenshot_dir, f"w45s-{name}")


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill(username)
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()


def shown_fields(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-asked-by]:not([hidden]) [name]", "nodes => nodes.map(n => n.name)"
    )


def test_the_set_pages_in_chromium(page: Page, browser, live_server, axe, screenshot_dir):
    from django.contrib.auth import get_user_model

    from people.models import GrownUp
    from puzzlesets import exchange
    from puzzlesets.models import PuzzleSet

    user = get_user_model().objects.create_user("teacher", password=PASSWORD)
    GrownUp.objects.create(user=user, here_for="class")
    base = live_server.url
    sign_in(page, base, "teacher")
    made = PuzzleSet.objects.create(owner=user, name="特別走法小測驗")

    # The form shows the fields of the question chosen, and hides the others.
    page.goto(f"{base}/teacher/sets/puzzles/new/?set={made.pk}")
    expect(page.locator("[data-editor-panel]")).to_be_visible()
    page.get_by_label("要問什麼").select_option("star")
    assert shown_fields(page) == ["square", "targets"]
    look(page, axe, screenshot_dir, "new-puzzle-star")
    page.get_by_label("要問什麼").select_option("mate")
    assert shown_fields(page) == []
    page.get_by_label("要問什麼").select_option("castle")
    assert shown_fields(page) == ["side"]

    # A history with a move that cannot be played: the move and why, the board kept.
    page.get_by_label("要問什麼").select_option("check")
    page.get_by_label("局面（FEN）").fill("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    page.get_by_label("從這個局面走過的棋").fill("d7d5 e5d6 d8d7")
    page.get_by_role("button", name="檢查並儲存").click()
    expect(page.locator("[data-refusals]")).to_contain_text(
        "走過的棋裡，第 3 步 d8d7 不能走：d8 上沒有棋子可以走。"
    )
    expect(page.locator("[data-editor-said]")).to_contain_text("第 3 步 d8d7 不能走")
    # The editor draws the position set up (its moves are played in 「走棋」 mode).
    expect(page.locator("[data-edit-board] [data-square='e5']")).to_have_attribute(
        "aria-label", "e5，白兵"
    )
    look(page, axe, screenshot_dir, "new-puzzle-bad-history")

    # The two-mate question is saved; the set's worksheet key lists both mates.
    page.get_by_label("要問什麼").select_option("mate")
    page.get_by_label("局面（FEN）").fill(TWO_MATES)
    page.get_by_label("從這個局面走過的棋").fill("")
    page.get_by_label("局面（FEN）").press("Tab")
    expect(page.get_by_label("從這個局面走過的棋")).to_have_value("")
    page.get_by_role("button", name="檢查並儲存").click()
    expect(page.locator("h1")).to_have_text("特別走法小測驗")
    page.goto(f"{base}/teacher/sets/{made.pk}/worksheet/")
    expect(page.locator("[data-answer='1'] .answer-text")).to_have_text(
        "這幾步都對：白車從 a1 走到 a8（Ra8#）；白車從 b1 走到 b8（Rb8#）"
    )
    look(page, axe, screenshot_dir, "set-worksheet-key")

    # Imported twice: a copy's name; the own puzzles listed once, each with its picture.
    text = exchange.to_toml(made)
    exchange.import_set(text, user)
    exchange.import_set(text, user)
    page.goto(f"{base}/teacher/sets/")
    expect(page.locator("[data-sets] a")).to_have_text(
        ["特別走法小測驗", "特別走法小測驗（2）", "特別走法小測驗（3）"]
    )
    expect(page.locator("[data-own-puzzles] .mini-board")).to_have_count(1)
    look(page, axe, screenshot_dir, "sets-home")

    # A file with a wrong answer: its problem in Chinese, with its line.
    page.locator("#import-file").set_input_files(
        files=[{"name": "set.toml", "mimeType": "text/plain",
                "buffer": text.replace("within = 1", "within = 0").encode()}]
    )  # fmt: skip
    page.get_by_role("button", name="匯入").click()
    expect(page.locator("[data-import-problems] li").first).to_contain_text("第 ")
    look(page, axe, screenshot_dir, "import-problems")


def test_the_school_pages_in_chromium(page: Page, live_server, axe, screenshot_dir, tmp_path):
    from django.contrib.auth import get_user_model

    from people.models import Classroom, GrownUp, School, SchoolTeacher

    user = get_user_model().objects.create_user("admin", password=PASSWORD)
    GrownUp.objects.create(user=user, here_for="class")
    school = School.objects.create(name="光明國小", school_year=114)
    SchoolTeacher.objects.create(school=school, user=user, is_admin=True)
    Classroom.objects.create(teacher=user, name="三年一班", school=school, school_year=114)
    base = live_server.url
    sign_in(page, base, "admin")

    # Every problem at once, with the empty row and the look-alike class noted.
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "班級,座號,姓名,老師\n3-1,1,張三,\n,,,\n三年一班,1,王小明,\n三年一班,1,李小華,\n"
        "三年二班,1,陳大同,nobody\n",
        encoding="utf-8",
    )
    page.goto(f"{base}/teacher/schools/{school.pk}/import/")
    page.get_by_label("檔案（可選多個）").set_input_files(roster)
    page.get_by_role("button", name="預覽").click()
    expect(page.locator("[data-problem]")).to_have_count(2)
    expect(page.locator("[data-note]")).to_have_count(2)
    look(page, axe, screenshot_dir, "roster-problems-and-notes")
    roster.write_text("班級,座號,姓名\n3-1,1,張三\n,,\n三年一班,1,王小明\n", encoding="utf-8")
    page.get_by_label("檔案（可選多個）").set_input_files(roster)
    page.get_by_role("button", name="預覽").click()
    expect(page.locator("[data-note]")).to_have_count(2)
    look(page, axe, screenshot_dir, "roster-preview-notes")
    page.get_by_role("button", name="確定匯入").click()
    expect(page.locator("[data-imported]")).to_be_visible()

    page.goto(f"{base}/teacher/schools/{school.pk}/")
    expect(page.locator("[data-awaits-teacher]")).to_have_count(1)
    look(page, axe, screenshot_dir, "school-page-awaiting")
    page.get_by_role("link", name="新學年").click()
    look(page, axe, screenshot_dir, "new-year-box")
    page.get_by_label("是的：現在開始 115 學年度").check()
    page.get_by_role("button", name="開始新學年").click()
    page.goto(f"{base}/teacher/schools/{school.pk}/new-year/")
    expect(page.locator("[data-year-begun]")).to_be_visible()
    expect(page.get_by_role("button", name="開始新學年")).to_have_count(0)
    look(page, axe, screenshot_dir, "new-year-begun")

    classroom = Classroom.objects.get(name="四年一班", archived_at__isnull=True)
    page.goto(base + reverse("people:class_dashboard", args=[classroom.pk]))
    page.locator("[data-assign-link] a").click()
    expect(page.locator("#assignments")).to_be_in_viewport()
    look(page, axe, screenshot_dir, "class-page-assign-link")


def test_a_sign_up_whose_mail_could_not_go(page: Page, live_server, axe, screenshot_dir):
    from django.core.mail import EmailMultiAlternatives

    def refuse(self, fail_silently=False):
        raise smtplib.SMTPServerDisconnected("gone")

    send, EmailMultiAlternatives.send = EmailMultiAlternatives.send, refuse
    try:
        page.goto(live_server.url + "/accounts/signup/")
        page.locator("#id_username").fill("mum")
        page.locator("#id_email").fill("mum@example.org")
        page.locator("#id_password1").fill(PASSWORD)
        page.locator("#id_password2").fill(PASSWORD)
        page.get_by_role("button", name="註冊").click()
        expect(page.locator("[data-email-not-sent]")).to_contain_text("我們沒辦法把確認信寄到")
        look(page, axe, screenshot_dir, "parent-home-mail-not-sent")
    finally:
        EmailMultiAlternatives.send = send
