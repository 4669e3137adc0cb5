import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_opens_in_chromium_with_no_axe_violation(
    page: Page, live_server, axe, screenshot_dir
):
    page.goto(live_server.url + "/")
    expect(page).to_have_title("西洋棋規則家教")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant-TW")
    assert page.evaluate("typeof window.htmx") == "object"
    page.screenshot(path=screenshot_dir / "home.png", full_page=True)
    assert_no_axe_violations(axe, page)
