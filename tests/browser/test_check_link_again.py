"""「再寄一次確認信」 as a grown-up sees it: from the sign-in page, and signed in with an address
not checked yet (people.views.email_links); axe-clean at 375 and 1280 px."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from people.models import GrownUp
from tests.browser.conftest import PASSWORD, SIZES, assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["375", "1280"])
def test_the_check_link_is_asked_for_again_from_the_sign_in_page_and_signed_in(
    page: Page, live_server, axe, screenshot_dir, size
):
    user = get_user_model().objects.create_user("mum", email="mum@example.org", password=PASSWORD)
    GrownUp.objects.create(user=user, name_key="mum", email_key=user.email)
    page.set_viewport_size(SIZES[size])
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="再寄一次確認信").click()
    page.get_by_label("電子郵件").fill("mum@example.org")
    page.get_by_role("button", name="再寄一次確認信").click()
    expect(page.locator("main").get_by_role("status")).to_have_text(
        "如果有帳號在等這個地址確認，確認信已經寄出了。"
    )
    page.screenshot(path=screenshot_dir / f"check-link-asked-{size}.png", full_page=True)
    assert_no_axe_violations(axe, page)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("mum")
    page.get_by_label("密碼").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="登入").click()
    page.get_by_role("link", name="再寄一次確認信").click()
    expect(page.locator("main").get_by_role("status")).to_contain_text("1 分鐘前寄過確認信了。")
    page.get_by_role("button", name="再寄一次確認信").click()
    expect(page.locator("main").get_by_role("status")).to_have_text(
        "新的確認信已經寄到 mum@example.org。"
    )
    page.screenshot(path=screenshot_dir / f"check-link-signed-in-{size}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert_no_axe_violations(axe, page)
