"""The school sign-in in Chromium, against a real OpenID Connect provider on 127.0.0.1
(npm's oidc-provider, tests/oidc/): a teacher presses the button, signs in on the
provider's own page and lands on the teachers' page; a student's first school sign-in
asks for the class login once. Screenshots at 375 and 1280 px, axe on every page added."""

import pytest
from playwright.sync_api import Page, expect

from school_sign_in.models import SchoolIdentity
from tests.browser.conftest import SIZES, assert_no_axe_violations
from tests.oidc.provider import port_for, running
from tutor.oidc_providers import Provider

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PORT = port_for(8161)
ACCOUNTS = {
    "t-1001": {"email": "lin@school.edu.tw", "email_verified": True, "name": "林老師"},
    "s-2001": {"email": "s2001@school.edu.tw", "email_verified": True, "name": "王小明"},
}


@pytest.fixture
def school(live_server, settings):
    callback = f"{live_server.url}/accounts/school/callback/"
    clients = [{"client_id": "tutor", "client_secret": "s3cret", "redirect_uris": [callback]}]
    with running(PORT, clients, ACCOUNTS) as issuer:
        settings.SCHOOL_SIGN_IN_PROVIDERS = (
            Provider("edu-tw", issuer, "tutor", "s3cret", students=True),
        )
        yield live_server.url


def _at_the_provider(page: Page, login: str) -> None:
    """The provider's own development pages: any login, then its consent."""
    page.locator("input[name=login]").fill(login)
    page.locator("input[name=password]").fill("any")
    page.locator("button[type=submit]").click()
    page.get_by_role("button", name="Continue").click()


@pytest.mark.parametrize("size", ["375", "1280"])
def test_a_teacher_signs_in_with_the_school_account(page: Page, school, axe, screenshot_dir, size):
    page.set_default_timeout(15_000)
    page.set_viewport_size(SIZES[size])
    page.goto(school + "/accounts/login/")
    button = page.get_by_role("link", name="用教育體系單一簽入登入")
    expect(button).to_be_visible()
    page.screenshot(path=screenshot_dir / f"school-sign-in-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)
    button.click()
    _at_the_provider(page, "t-1001")
    expect(page.locator("h1")).to_have_text("老師區：我的班級")
    assert SchoolIdentity.objects.get(subject="t-1001").user.username == "林老師"
    page.get_by_role("link", name="學校帳號").click()
    expect(page.locator("h1")).to_have_text("學校帳號")
    page.screenshot(path=screenshot_dir / f"school-accounts-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", ["375", "1280"])
def test_a_students_first_school_sign_in_asks_for_the_class_login_once(
    page: Page, school, axe, screenshot_dir, size
):
    page.set_default_timeout(15_000)
    page.set_viewport_size(SIZES[size])
    page.goto(school + "/join/")
    page.get_by_role("link", name="用教育體系單一簽入登入").click()
    _at_the_provider(page, "s-2001")
    expect(page.locator(".school-waiting")).to_contain_text("第一次用學校帳號")
    page.screenshot(path=screenshot_dir / f"school-sign-in-student-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)
    page.goto(school + "/accounts/school/callback/?state=made-up&code=x")
    expect(page.get_by_role("alert")).to_contain_text("這次登入已經過期或用過了")
    page.screenshot(path=screenshot_dir / f"school-sign-in-refused-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)


@pytest.mark.parametrize("size", ["375", "1280"])
def test_a_student_the_roster_names_signs_in_with_the_button_alone(
    page: Page, school, axe, screenshot_dir, size
):
    from django.contrib.auth import get_user_model

    from lessons.models import Learner
    from people.models import Classroom, Student

    teacher = get_user_model().objects.create_user("mr-chen")
    classroom = Classroom.objects.create(teacher=teacher, name="三年一班")
    ming = Student.objects.create(
        classroom=classroom,
        learner=Learner.objects.create(nickname="王小明", avatar="N"),
        secret_first="sun",
        secret_second="moon",
        seat_number=1,
        school_account="edu-tw:s-2001",  # as the school's roster import writes it
    )
    page.set_default_timeout(15_000)
    page.set_viewport_size(SIZES[size])
    page.goto(school + "/join/")
    page.get_by_role("link", name="用教育體系單一簽入登入").click()
    _at_the_provider(page, "s-2001")
    expect(page.locator("h1")).to_have_text("學會西洋棋的規則")  # the lessons, no pictures
    assert SchoolIdentity.objects.get(subject="s-2001").student == ming
    page.screenshot(path=screenshot_dir / f"school-sign-in-roster-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)
