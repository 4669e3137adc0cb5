"""The pages a child may meet when something is wrong: 400, 403 (an expired form), 404, 500.

Each says in Chinese what happened and how to go on, and is axe-clean.
"""

import pytest
from django.template.loader import render_to_string
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_address_with_no_page_says_so_in_chinese(page: Page, live_server, axe, screenshot_dir):
    response = page.goto(live_server.url + "/no/such/page/")
    assert response.status == 404
    expect(page.get_by_role("alert")).to_have_text("這個網址沒有網頁。")
    expect(page.get_by_role("link", name="回到課程").first).to_be_visible()
    page.screenshot(path=screenshot_dir / "error-404.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_an_address_too_long_to_read_is_a_400_in_chinese(
    page: Page, live_server, axe, screenshot_dir
):
    response = page.goto(live_server.url + "/parent/?q=" + "長" * 3000)
    assert response.status == 400
    expect(page.get_by_role("alert")).to_have_text("這個網址或表單看不懂，請回上一頁再試一次。")
    page.screenshot(path=screenshot_dir / "error-400.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_a_form_sent_without_its_token_asks_to_reload_in_chinese(
    page: Page, live_server, axe, screenshot_dir
):
    page.goto(live_server.url + "/accounts/login/")
    page.context.clear_cookies()  # the token cookie is gone, as after a very long pause
    page.get_by_label("帳號或電子郵件").fill("someone")
    page.get_by_label("密碼").fill("a password")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="登入").click()
    expect(page.get_by_role("alert")).to_contain_text("這個表單已經過期了")
    page.screenshot(path=screenshot_dir / "error-403-csrf.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_the_server_error_page_stands_alone_in_chinese(
    page: Page, live_server, axe, screenshot_dir
):
    page.goto(live_server.url + "/healthz")  # the page's own address, so its stylesheet loads
    page.set_content(render_to_string("500.html"))
    expect(page.get_by_role("alert")).to_have_text("是我們這邊出了問題，請等一下再試一次。")
    page.screenshot(path=screenshot_dir / "error-500.png", full_page=True)
    assert_no_axe_violations(axe, page)
