"""Playwright in Chromium: Debian's /usr/bin/chromium, $CHROMIUM_PATH, or Playwright's own.

A machine with none of them stops the run with one line saying how to get one.
"""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
SIZES = {"375": {"width": 375, "height": 667}, "1280": {"width": 1280, "height": 800}}
PASSWORD = "a long pass phrase 42"


def find_chromium() -> str | None:
    """The Chromium to drive: $CHROMIUM_PATH, then Debian's, then None for Playwright's own."""
    explicit = os.environ.get("CHROMIUM_PATH")
    if explicit:
        if not Path(explicit).exists():
            pytest.exit(f"CHROMIUM_PATH={explicit} does not exist.", returncode=3)
        return explicit
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def playwright_has_own_chromium() -> bool:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        return Path(p.chromium.executable_path).exists()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = find_chromium()
    if executable is None and not playwright_has_own_chromium():
        pytest.exit(
            "No Chromium for the browser tests: run `apt-get install -y chromium fonts-noto-cjk` "
            "(or set CHROMIUM_PATH, or `playwright install chromium`).",
            returncode=3,
        )
    args = {**browser_type_launch_args, "args": CHROMIUM_FLAGS}
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "zh-TW"}


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def assert_no_axe_violations(axe, page) -> None:
    results = axe.run(page)
    assert results.violations_count == 0, results.generate_report()


def look_at_widths(page, axe, screenshot_dir, name: str) -> None:
    """Screenshots at phone and desk widths (no sideways scroll at either), then axe."""
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=screenshot_dir / f"{name}-{width}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    assert_no_axe_violations(axe, page)


def wait_for_htmx(page) -> None:
    """Let the previous htmx request and its swap finish, so the next tap lands on the new board."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def square(page, name: str):
    """The board square button named `name` ("e4")."""
    return page.locator(f'[data-board] [data-square="{name}"]')


def feedback(page):
    return page.locator("[data-feedback]")


def assert_no_horizontal_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]


def grown_up_with_child_and_student(password: str):
    """A grown-up who is a parent (of 小明) and a teacher (週三棋社, with 阿志)."""
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import ChildProfile, Classroom, GrownUp, Student

    user = get_user_model().objects.create_user("grown-up", password=password)
    GrownUp.objects.create(user=user)
    child = ChildProfile.objects.create(
        parent=user, learner=Learner.objects.create(nickname="小明", avatar="N")
    )
    classroom = Classroom.objects.create(teacher=user, name="週三棋社")
    student = Student.objects.create(
        classroom=classroom,
        learner=Learner.objects.create(nickname="阿志", avatar="B"),
        secret_first="sun",
        secret_second="moon",
    )
    return child, classroom, student


# --- what a child does on a puzzle, and a grown-up signing up ---


def open_puzzle(page: Page, live_server, size: str, slug: str, puzzle_id: str) -> None:
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/lessons/{slug}/?puzzle={puzzle_id}#puzzle")
    expect(page.locator("[data-puzzle]")).to_have_attribute("data-puzzle", puzzle_id)


def look(page: Page, screenshot_dir, name: str, size: str) -> None:
    """Save what the child sees, and check the page never scrolls sideways."""
    if page.locator("[data-feedback][data-verdict]").count():
        expect(page.locator("[data-feedback] .feedback-title")).to_be_visible()
    page.screenshot(path=screenshot_dir / f"kind-{name}-{size}.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"]


def play(page: Page, move: str) -> None:
    wait_for_htmx(page)
    square(page, move[:2]).click()
    expect(square(page, move[:2])).to_have_attribute("aria-pressed", "true")
    square(page, move[2:4]).click()


def option(page: Page, value: str):
    """An answer option by its value: the lesson text beside it may be reworded."""
    return page.locator(f'input[name="answer"][value="{value}"]')


def check_answer(page: Page) -> None:
    page.get_by_role("button", name="對答案").click()


def sign_up(page: Page, base: str, username: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.get_by_label("帳號或電子郵件").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="註冊").click()
    expect(page.locator("h1")).to_have_text("家長區")


def solve_first_board_puzzle(page: Page, base: str) -> None:
    page.goto(base + "/lessons/board/")  # the first step: the king to the star on d2
    wait_for_htmx(page)
    square(page, "e1").click()
    expect(square(page, "e1")).to_have_attribute("aria-pressed", "true")
    square(page, "d2").click()
    expect(page.locator("[data-solved]")).to_be_visible()


# --- a child's phone (375 × 812, touch) and a laptop (1280 × 800), issue 25 ---

DEVICES = {
    "375": {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True},
    "1280": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture(params=list(DEVICES))
def child(request, browser):
    """A page on each device; `child.touch` says whether to tap, `child.size` which one."""
    context = browser.new_context(locale="zh-TW", **DEVICES[request.param])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.touch = "has_touch" in DEVICES[request.param]
    page.size = request.param
    yield page
    context.close()


def tap(page: Page, locator) -> None:
    """A finger's tap on a touch screen, else a click."""
    if getattr(page, "touch", False):
        locator.tap()
    else:
        locator.click()


# --- a teacher's class and its children, each on their own device (live lesson, club) ---


def teacher_with_class(username: str, class_name: str, students) -> list:
    """A teacher ``username`` (PASSWORD) with a class of ``students``, each (nickname, first
    picture word, second picture word), seated in that order; the Student rows."""
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import Classroom, GrownUp, Student

    user = get_user_model().objects.create_user(username, password=PASSWORD)
    GrownUp.objects.create(user=user, here_for="class")
    classroom = Classroom.objects.create(teacher=user, name=class_name)
    return [
        Student.objects.create(
            classroom=classroom,
            learner=Learner.objects.create(nickname=name, avatar="N"),
            secret_first=first,
            secret_second=second,
            seat_number=seat,
        )
        for seat, (name, first, second) in enumerate(students, start=1)
    ]


def signed_in_grown_up(browser, base: str, username: str, viewport: dict) -> Page:
    """A new browser (its own cookies) where the grown-up ``username`` has signed in."""
    page = browser.new_context(locale="zh-TW", viewport=viewport).new_page()
    page.set_default_timeout(10_000)
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill(username)
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    return page


def signed_in_student(browser, base: str, student, **device) -> Page:
    """A new browser (``device``: Playwright's context options) where ``student`` has signed
    in with the class code and their two picture words."""
    from people.picture_words import PICTURE_WORDS

    page = browser.new_context(locale="zh-TW", **device).new_page()
    page.set_default_timeout(10_000)
    page.touch = bool(device.get("has_touch"))
    page.goto(f"{base}/join/{student.classroom.join_code}/{student.pk}/")
    for word in (student.secret_first, student.secret_second):
        page.get_by_role("button", name=str(PICTURE_WORDS[word].name), exact=True).click()
    return page
