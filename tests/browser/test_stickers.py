"""A finished lesson is a sticker; a finished group prints a certificate (issue 25).

The map card is one target (a tap on the picture opens the lesson; one name, the title's);
a finished lesson's picture is coloured in on the map and on 我的貼紙; finishing the last
lesson of a group offers a certificate with the child's nickname and the day, which
Chromium prints to a one-page PDF read back with pypdf. At 375 × 812 (touch) and 1280.
"""

import io
import re
import unicodedata

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum
from tests.browser.conftest import SCREENSHOTS, assert_no_axe_violations, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("part", ["picture", "title", "stars", "count"])
def test_a_tap_anywhere_on_a_map_card_opens_its_lesson(child: Page, live_server, part):
    child.goto(live_server.url + "/")
    card = child.locator('.lesson-path [data-lesson="knight"]')
    target = {
        "picture": card.locator("[data-picture]"),
        "title": card.locator("h3 a"),
        "stars": card.locator(".stars"),
        "count": card.locator(".lesson-count"),
    }[part]
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    point = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    if child.touch:
        child.touchscreen.tap(*point)
    else:
        child.mouse.click(*point)
    expect(child).to_have_url(re.compile(r"/lessons/knight/$"))
    # One link per card, named by the lesson's title alone.
    child.goto(live_server.url + "/")
    links = card.get_by_role("link")
    expect(links).to_have_count(1)
    expect(links).to_have_accessible_name(get_curriculum().lesson("knight").title)


def answer(page: Page, value: str) -> None:
    tap(page, page.locator(f'input[name="answer"][value="{value}"]'))
    tap(page, page.get_by_role("button", name="對答案"))


def solve_all_but_one_of(group: str, last: str, nickname: str = "") -> None:
    """The browser's learner (made by its first answer) has solved every puzzle of `group`
    but `last`."""
    from lessons.models import Learner, PuzzleResult

    learner = Learner.objects.latest("pk")
    learner.nickname = nickname
    learner.save(update_fields=["nickname"])
    now = timezone.now()
    for lesson in get_curriculum().lessons:
        if lesson.group != group:
            continue
        for puzzle in lesson.puzzles:
            if puzzle.id != last:
                PuzzleResult.objects.update_or_create(
                    learner=learner,
                    puzzle=puzzle.id,
                    defaults={"lesson": lesson.slug, "stars": 2, "solved_at": now},
                )


def test_the_last_lesson_of_a_group_gives_a_sticker_and_a_certificate(
    child: Page, live_server, axe
):
    base = live_server.url
    child.goto(f"{base}/lessons/draws/?puzzle=draws-dead-same-colour-bishops")
    answer(child, "insufficient_material")  # the first answer makes the browser's learner
    expect(child.locator("[data-solved]")).to_be_visible()
    solve_all_but_one_of("draws", "draws-dead-king-knight", nickname="小明")
    child.goto(f"{base}/lessons/draws/?puzzle=draws-dead-king-knight")
    answer(child, "insufficient_material")
    expect(child.locator("[data-solved][data-lesson-done]")).to_be_visible()
    tap(child, child.locator("[data-next-puzzle]"))

    # The summary: the sticker, and the certificate offered.
    expect(child.locator("[data-sticker-earned='draws']")).to_be_visible()
    offer = child.locator("[data-certificate-offer='draws']")
    expect(offer).to_be_visible()
    child.screenshot(path=SCREENSHOTS / f"sticker-summary-{child.size}.png", full_page=True)
    assert_no_axe_violations(axe, child)

    # On the map the finished lessons' pictures are coloured in; the others are not.
    child.goto(base + "/")
    for slug in ("draws", "draws-repetition", "draws-fifty"):
        card = child.locator(f'.lesson-path [data-lesson="{slug}"]')
        expect(card).to_have_class(re.compile(r"\bis-complete\b"))
        assert "gradient" in card.locator("[data-picture]").evaluate(
            "el => getComputedStyle(el).backgroundImage"
        )
    unfinished = child.locator('.lesson-path [data-lesson="board"] [data-picture]')
    assert unfinished.evaluate("el => getComputedStyle(el).backgroundImage") == "none"
    expect(child.locator("[data-stickers-link]")).to_contain_text("3")

    # 我的貼紙: three stickers, and the certificate of the draws.
    tap(child, child.locator("[data-stickers-link]"))
    expect(child.locator("h1")).to_have_text("我的貼紙")
    expect(child.locator("[data-sticker][data-earned]")).to_have_count(3)
    expect(child.locator("[data-sticker-count]")).to_have_attribute("data-sticker-count", "3")
    child.screenshot(path=SCREENSHOTS / f"stickers-{child.size}.png", full_page=True)
    assert_no_axe_violations(axe, child)
    tap(child, child.locator("[data-certificate-offer='draws'] a"))

    certificate = child.locator("[data-certificate='draws']")
    expect(certificate.locator("[data-certificate-name]")).to_have_text("小明")
    today = timezone.localdate()
    date = f"{today.year}年{today.month}月{today.day}日"
    expect(certificate.locator("[data-certificate-date]")).to_contain_text(date)
    expect(child.get_by_role("button", name="列印")).to_be_visible()
    child.screenshot(path=SCREENSHOTS / f"certificate-{child.size}.png", full_page=True)
    assert_no_axe_violations(axe, child)

    # Another name typed for this print (never stored).
    child.get_by_label("獎狀上的名字").fill("王小明")
    tap(child, child.get_by_role("button", name="寫上名字"))
    expect(certificate.locator("[data-certificate-name]")).to_have_text("王小明")
    if child.size == "1280":
        from pypdf import PdfReader

        reader = PdfReader(io.BytesIO(child.pdf(print_background=True)))
        assert len(reader.pages) == 1
        text = reader.pages[0].extract_text()
        # The PDF's fonts map some characters to their Kangxi radicals (⼩ for 小): NFKC.
        squeezed = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
        assert "獎狀" in squeezed and "王小明" in squeezed and date in squeezed
        assert "和棋" in squeezed  # the group's title
        assert "寫上名字" not in squeezed and "裁判棋盤" not in squeezed  # no page furniture


def test_a_certificate_not_earned_yet_says_how_many_lessons_are_left(page: Page, live_server):
    response = page.goto(live_server.url + "/stickers/draws/certificate/")
    assert response.status == 403
    expect(page.locator("[data-problem]")).to_have_text("先完成「和棋」的每一課：還差 3 課。")
    expect(page.get_by_role("link", name="回到我的貼紙")).to_be_visible()


def test_a_name_too_long_is_refused_in_words(page: Page, live_server):
    page.goto(f"{live_server.url}/lessons/draws/?puzzle=draws-dead-same-colour-bishops")
    answer(page, "insufficient_material")
    expect(page.locator("[data-solved]")).to_be_visible()
    solve_all_but_one_of("draws", "")
    response = page.goto(live_server.url + "/stickers/draws/certificate/?name=" + "馬" * 21)
    assert response.status == 400
    expect(page.locator("[data-problem]")).to_have_text("名字最多 20 個字。")


INSIDE_THE_FRAME = """certificate => {
  const frame = certificate.getBoundingClientRect();
  const style = getComputedStyle(certificate);
  const left = frame.left + parseFloat(style.borderLeftWidth);
  const right = frame.right - parseFloat(style.borderRightWidth);
  const line = certificate.querySelector('[data-certificate-name]').getBoundingClientRect();
  return [line.left >= left, line.right <= right, Math.round(line.left), Math.round(line.right),
          Math.round(left), Math.round(right)];
}"""


@pytest.mark.parametrize("name", ["", "小明", "馬" * 20])
def test_with_zhuyin_at_375_px_the_name_line_stays_inside_the_frame(
    page: Page, live_server, axe, name
):
    base = live_server.url
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(f"{base}/lessons/draws/?puzzle=draws-dead-same-colour-bishops")
    answer(page, "insufficient_material")
    expect(page.locator("[data-solved]")).to_be_visible()
    solve_all_but_one_of("draws", "")
    page.context.add_cookies([{"name": "zhuyin", "value": "on", "url": base}])
    page.goto(f"{base}/stickers/draws/certificate/?name={name}")
    certificate = page.locator("[data-certificate='draws']")
    expect(certificate.locator("rt").first).to_be_attached()  # 注音 is on
    inside_left, inside_right, *where = certificate.evaluate(INSIDE_THE_FRAME)
    assert inside_left and inside_right, where
    if name == "小明":
        page.screenshot(path=SCREENSHOTS / "certificate-zhuyin-375.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=SCREENSHOTS / "certificate-zhuyin-1280.png", full_page=True)
        assert_no_axe_violations(axe, page)
