"""With 注音 on, no page of the site scrolls sideways on a 375 px phone.

The sweep crawls the site as a learner and as a signed-in grown-up (a parent with a child and
a teacher with a class): every page a link reaches from the map, each lesson, practice, review,
the glossary, the board, sign-in and sign-up, the parent and teacher pages, and a student's
login pages, each with the 「注音」 switch on. On each it measures
``document.documentElement.scrollWidth`` against ``clientWidth`` and, when they differ, names
the elements that stick out. Screenshots of a lesson and the map go to var/screenshots/.
"""

from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum
from tests.browser.conftest import PASSWORD, grown_up_with_child_and_student

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
# Links not followed: they sign out, download a file, or change something on GET.
SKIPPED = ("/accounts/logout/", "/zhuyin/", "/healthz", "/static/", "/media/")
SKIPPED_ENDINGS = (".csv", ".json", ".png", ".pgn", ".svg", ".zip", ".txt")

SIDEWAYS = """() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const wide = [];
  if (root.scrollWidth > width) {
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width && box.right > width + 0.5 && !element.closest('rt')) {
        wide.push(element.tagName.toLowerCase() + (element.className ? '.' + element.className : '')
          + ' ' + Math.round(box.right) + 'px: ' + (element.textContent || '').trim().slice(0, 24));
      }
    }
  }
  return {scroll: root.scrollWidth, client: width, wide: wide.slice(0, 8)};
}"""

LINKS = """() => Array.from(document.querySelectorAll('a[href]'))
  .filter(a => !a.hasAttribute('download'))
  .map(a => a.getAttribute('href'))"""


def zhuyin_on(page: Page, base: str) -> None:
    page.context.add_cookies([{"name": "zhuyin", "value": "on", "url": base}])


def crawl(page: Page, base: str, starts: list[str], limit: int = 400) -> dict[str, dict]:
    """Visit every same-site page reachable from `starts`; what each measured, by path."""
    seen: set[str] = set()
    queue = list(starts)
    measured: dict[str, dict] = {}
    while queue and len(measured) < limit:
        address = queue.pop(0)
        path = urlsplit(address).path
        if path in seen:
            continue
        seen.add(path)
        response = page.goto(base + address)
        if response is None or "text/html" not in response.headers.get("content-type", ""):
            continue
        expect(page.locator("body")).to_be_visible()
        measured[address] = page.evaluate(SIDEWAYS)
        for href in page.evaluate(LINKS):
            target = urlsplit(urljoin(base + address, href))
            if target.netloc != urlsplit(base).netloc or target.path in seen:
                continue
            if target.path.startswith(SKIPPED) or target.path.endswith(SKIPPED_ENDINGS):
                continue
            queue.append(target.path + (f"?{target.query}" if target.query else ""))
        if page.url != base + address and urlsplit(page.url).path not in seen:
            seen.add(urlsplit(page.url).path)  # a redirect: measured under its first address
    return measured


def scrolling(measured: dict[str, dict]) -> list[str]:
    return [
        f"{address}: {m['scroll']} > {m['client']} px; " + " | ".join(m["wide"])
        for address, m in measured.items()
        if m["scroll"] > m["client"]
    ]


def test_with_zhuyin_on_no_page_scrolls_sideways_at_375_px(
    page: Page, browser, live_server, screenshot_dir
):
    base = live_server.url
    child, classroom, student = grown_up_with_child_and_student(PASSWORD)
    classroom.join_code = "QWER45"
    classroom.save()
    page.set_viewport_size(PHONE)
    zhuyin_on(page, base)

    lessons = [f"/lessons/{lesson.slug}/" for lesson in get_curriculum().lessons]
    practice = [f"/practice/{lesson.slug}/" for lesson in get_curriculum().lessons]
    learner_pages = ["/", *lessons, *practice, "/review/", "/glossary/", "/board/"]
    learner_pages += ["/accounts/login/"]
    learner_pages += ["/accounts/signup/", "/join/", "/join/QWER45/", f"/join/QWER45/{student.pk}/"]
    measured = crawl(page, base, learner_pages)
    assert "/lessons/rook/" in measured and "/glossary/" in measured and "/board/" in measured
    assert any(address.startswith("/practice") for address in measured), sorted(measured)
    assert any("review" in address for address in measured), sorted(measured)
    page.goto(base + "/lessons/rook/")
    expect(page.locator("h1 ruby").first).to_be_visible()
    page.screenshot(path=screenshot_dir / "zhuyin-side-lesson-375.png", full_page=True)
    page.goto(base + "/")
    page.screenshot(path=screenshot_dir / "zhuyin-side-map-375.png", full_page=True)

    grown_up = browser.new_page(locale="zh-TW", viewport=PHONE)
    grown_up.goto(base + "/accounts/login/")
    grown_up.get_by_label("帳號或電子郵件").fill("grown-up")
    grown_up.get_by_label("密碼").fill(PASSWORD)
    grown_up.get_by_role("button", name="登入").click()
    expect(grown_up.locator("h1")).not_to_have_text("登入")
    zhuyin_on(grown_up, base)
    starts = ["/parent/", f"/parent/children/{child.learner_id}/", "/teacher/"]
    starts += [f"/teacher/classes/{classroom.pk}/", f"/teacher/classes/{classroom.pk}/students/"]
    starts += [f"/teacher/students/{student.pk}/"]
    signed_in = crawl(grown_up, base, starts)
    assert "/parent/" in signed_in and f"/teacher/classes/{classroom.pk}/" in signed_in
    grown_up.close()

    print(f"{len(measured)} pages as a learner, {len(signed_in)} signed in, with 注音 at 375 px")
    assert len(measured) + len(signed_in) > 40
    sideways = scrolling(measured) + scrolling(signed_in)
    assert not sideways, "\n".join(sideways)
