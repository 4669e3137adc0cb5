import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("width", "height"), [(375, 667), (1280, 800)])
def test_glossary_is_reached_from_the_header_and_has_no_axe_violation(
    page: Page, live_server, axe, screenshot_dir, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="名詞對照").click()
    expect(page).to_have_url(live_server.url + "/glossary/")
    expect(page.get_by_role("heading", level=1)).to_have_text("名詞對照")
    rook = page.locator("#term-rook")
    expect(rook.get_by_role("heading", level=3)).to_have_text("車")
    expect(rook.locator('[lang="zh-Hans"]')).to_have_text("车")
    # the piece pictures load (a missing file has no natural width)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.glossary-term img')].every(i => i.complete)"
    )
    widths = page.eval_on_selector_all(".glossary-term img", "all => all.map(i => i.naturalWidth)")
    assert len(widths) == 12 and min(widths) > 0
    # no card is wider than the screen: nothing scrolls sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=screenshot_dir / f"glossary-{width}-first-screen.png")
    page.screenshot(path=screenshot_dir / f"glossary-{width}.png", full_page=True)
    assert_no_axe_violations(axe, page)
