"""The class pages this issue changed, looked at in Chromium at 375 and 1280 px with axe:
the QR badge's 「是你嗎？」, the picture pause, the lock banner with its one tap, the login
cards with each child's badge, the homework at a glance, the prepared playlist."""

import datetime
import itertools

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from lessons.models import Learner
from live.models import PlaylistItem
from people.models import Assignment, Classroom, GrownUp, LoginFailure, Student
from people.picture_words import PICTURE_WORDS
from tests.browser.conftest import SIZES, assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long pass phrase 42"
NAMES = ["小華", "陳小明", "Alexandria Montgomery-Smithson", "王\u202eevil\u202c小明"]


def look(page, axe, screenshot_dir, name: str, size: str) -> None:
    page.screenshot(path=screenshot_dir / f"class-{name}-{size}.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], name
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", SIZES)
def test_the_class_pages_at_a_phones_and_a_laptops_width(
    new_context, live_server, axe, screenshot_dir, size
):
    base = live_server.url
    user = get_user_model().objects.create_user("lin", password=PASSWORD)
    GrownUp.objects.create(user=user, here_for="class")
    classroom = Classroom.objects.create(teacher=user, name="四年級棋社")
    students = [
        Student.objects.create(
            classroom=classroom,
            learner=Learner.objects.create(nickname=name, avatar="N"),
            secret_first="sun",
            secret_second="moon",
            seat_number=seat,
        )
        for seat, name in enumerate(NAMES, start=1)
    ]
    Assignment.objects.create(
        classroom=classroom, lesson="knight", due_on=datetime.date(2026, 12, 9)
    )
    PlaylistItem.objects.create(
        classroom=classroom, position=1, lesson="knight", puzzle="knight-first-jump"
    )

    child = new_context(viewport=SIZES[size]).new_page()
    child.goto(f"{base}/join/{classroom.join_code}/")
    expect(child.locator(".choice-name")).to_have_count(4)
    look(child, axe, screenshot_dir, "pick-name", size)
    child.goto(f"{base}/join/{classroom.join_code}/{students[0].pk}/")
    pairs = (p for p in itertools.permutations(PICTURE_WORDS, 2) if p != ("sun", "moon"))
    for first, second in itertools.islice(pairs, 3):
        child.get_by_role("button", name=str(PICTURE_WORDS[first].name), exact=True).click()
        child.get_by_role("button", name=str(PICTURE_WORDS[second].name), exact=True).click()
    expect(child.locator("[data-pause]")).to_contain_text("休息一下，15 秒後再試")
    look(child, axe, screenshot_dir, "picture-pause", size)

    child.goto(f"{base}/badge/{students[1].badge_token}/")
    expect(child.locator("h1")).to_have_text("是你嗎？")
    look(child, axe, screenshot_dir, "badge", size)
    child.get_by_role("button", name="是我，開始").click()
    expect(child.locator("[data-now-learning]")).to_contain_text("陳小明")

    LoginFailure.objects.create(scope="class-lock", key=f"class-{classroom.pk}")
    teacher = new_context(viewport=SIZES[size]).new_page()
    teacher.goto(base + "/accounts/login/")
    teacher.get_by_label("帳號或電子郵件").fill("lin")
    teacher.get_by_label("密碼").fill(PASSWORD)
    teacher.get_by_role("button", name="登入").click()
    teacher.goto(f"{base}/teacher/classes/{classroom.pk}/")
    expect(teacher.locator("[data-class-locked]")).to_be_visible()
    expect(teacher.locator("[data-homework-group='not-started']")).to_contain_text("小華")
    expect(teacher.locator("[data-assigned]")).to_have_count(1)
    look(teacher, axe, screenshot_dir, "dashboard-homework-locked", size)
    teacher.get_by_role("button", name="讓 四年級棋社 重新登入").click()
    expect(teacher.locator("[data-class-locked]")).to_have_count(0)
    expect(teacher).to_have_url(f"{base}/teacher/classes/{classroom.pk}/")

    teacher.goto(f"{base}/teacher/classes/{classroom.pk}/students/")
    look(teacher, axe, screenshot_dir, "roster", size)
    teacher.goto(f"{base}/teacher/classes/{classroom.pk}/cards/")
    expect(teacher.locator("[data-badge]")).to_have_count(4)
    look(teacher, axe, screenshot_dir, "cards", size)
    teacher.goto(f"{base}/teacher/classes/{classroom.pk}/live/")
    expect(teacher.locator("[data-playlist-item]")).to_have_count(1)
    look(teacher, axe, screenshot_dir, "live-playlist", size)
