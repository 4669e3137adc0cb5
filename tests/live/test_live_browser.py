"""The whole classroom in Chromium: a presenter window and an audience window (the
projector, 1920×1080) of one teacher, three phones (375×812). A prepared three-puzzle
playlist goes up one tap at a time; the audience window follows each round by itself; a
child with a pending re-ask sees the projected position; a phone says only that its answer
arrived until the reveal; an answer after the reveal is not counted and every phone shows
its own result and reason; after the end, the score."""

import pytest
from playwright.sync_api import Page, expect

from live.models import PlaylistItem
from tests.browser.conftest import assert_no_axe_violations, feedback, square, wait_for_htmx
from tests.live.helpers import PASSWORD, phone, teacher_context, teacher_with_class

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STUDENTS = (("小華", "sun", "moon"), ("小明", "moon", "sun"), ("小美", "sun", "star"))
PLAYLIST = [
    "knight/knight-crowded-corner",
    "knight/knight-no-blocked-leg",
    "knight/knight-not-straight",
]
POLL = 8_000  # every page polls each 2 s: a change shows within a few seconds


def play(page: Page, move: str) -> None:
    expect(page.locator("#puzzle")).to_be_visible(timeout=POLL)
    wait_for_htmx(page)
    square(page, move[:2]).click()
    expect(square(page, move[:2])).to_have_attribute("aria-pressed", "true")
    square(page, move[2:4]).click()
    wait_for_htmx(page)


def test_a_prepared_playlist_with_presenter_audience_and_three_phones(
    new_context, live_server, axe, screenshot_dir
):
    base = live_server.url
    classroom, students = teacher_with_class(STUDENTS, PASSWORD)
    context, presenter = teacher_context(new_context, base)

    # Ahead of the lesson: the playlist, chosen on the class's live page.
    presenter.goto(f"{base}/teacher/classes/{classroom.pk}/live/")
    for value in PLAYLIST:
        presenter.get_by_label("加入一題").select_option(value)
        puzzle_form = presenter.locator("form.projector-pick").first
        puzzle_form.get_by_role("button", name="加入這一題").click()
    expect(presenter.locator("[data-playlist-item]")).to_have_count(3)
    assert [f"{i.lesson}/{i.puzzle}" for i in PlaylistItem.objects.all()] == PLAYLIST
    presenter.screenshot(path=screenshot_dir / "live-presenter-1920x1080.png", full_page=True)
    assert_no_axe_violations(axe, presenter)

    # 小華 missed the yes-or-no question at home: a re-ask is pending in her browser.
    hua, ming, mei = (phone(new_context, base, s) for s in students)
    hua.goto(f"{base}/lessons/knight/?puzzle=knight-no-blocked-leg#puzzle")
    hua.locator('input[name="answer"][value="no"]').check()
    hua.get_by_role("button", name="對答案").click()
    expect(feedback(hua)).to_have_attribute("data-verdict", "incorrect")
    hua.goto(f"{base}/lessons/knight/?puzzle=knight-no-blocked-leg")  # a new load, not a hash
    expect(hua.locator("[data-puzzle]")).to_have_attribute(
        "data-asked", "knight-leg-blocked-by-enemy"
    )

    presenter.get_by_role("button", name="開始上課").click()
    audience = context.new_page()  # the projector's window, on the extended display
    audience.set_default_timeout(10_000)
    audience.goto(base + presenter.get_by_role("link", name="打開投影畫面").get_attribute("href"))
    expect(audience.locator(".audience-wait")).to_contain_text("第一題馬上就來")
    expect(audience.locator("form, nav, button")).to_have_count(0)
    assert_no_axe_violations(axe, audience)
    for page in (hua, ming, mei):
        page.goto(base + "/live/")

    # Round 1: a move. 小華 right, 小明 illegal; 小美 answers only after the reveal.
    presenter.get_by_role("button", name="下一題").click()
    expect(audience.locator("[data-round-number]")).to_have_attribute(
        "data-round-number", "1", timeout=POLL
    )
    expect(audience.locator("[data-prompt]")).to_contain_text("請讓它跳到 b3")
    for page in (hua, ming, mei):
        expect(page.locator("#puzzle-heading")).to_have_text("第 1 題（共 3 題）", timeout=POLL)
    expect(audience.locator("[data-round-heading]")).to_have_text("第 1 題（共 3 題）")
    # Before the reveal a phone says only that the answer arrived: nothing of right or wrong.
    play(hua, "a1b3")
    expect(hua.locator("[data-received]")).to_contain_text("收到你的答案了！")
    play(ming, "a1a3")
    expect(ming.locator("[data-received]")).to_contain_text("收到你的答案了！")
    expect(ming.locator("[data-verdict]")).to_have_count(0)
    ming.screenshot(path=screenshot_dir / "live-phone-received-375x812.png")
    expect(presenter.locator("[data-not-answered]")).to_have_text(
        "還沒回答（1 人）：小美", timeout=POLL
    )
    expect(audience.locator(".live-count")).to_contain_text("3 人中 2 人已作答", timeout=POLL)
    presenter.get_by_role("button", name="公布結果").click()
    expect(audience.locator("[data-results] .live-right")).to_have_text("1 人答對", timeout=POLL)
    expect(audience.locator('[data-bar="白馬 a1→b3（Nb3）"]')).to_contain_text("1 位學生")
    # 小美's late answer, from the lesson page: recorded as practice, not counted.
    mei.goto(f"{base}/lessons/knight/?puzzle=knight-crowded-corner#puzzle")
    play(mei, "a1b3")
    expect(feedback(mei)).to_have_attribute("data-verdict", "correct")
    mei.goto(base + "/live/")
    expect(mei.locator("[data-own-result]")).to_have_attribute("data-own-result", "none")
    expect(mei.locator("[data-right-answer]")).to_have_text("正確答案：白馬 a1→b3（Nb3）")
    expect(hua.locator("[data-own-result]")).to_have_attribute(
        "data-own-result", "correct", timeout=POLL
    )
    expect(ming.locator("[data-own-result]")).to_have_attribute("data-own-result", "wrong")
    expect(ming.locator(".live-own-verdict")).to_contain_text("白馬 a1→a3")
    expect(ming.locator("[data-own-reasons]")).to_be_visible()  # the lesson's reason, now
    audience.reload()
    expect(audience.locator("[data-results] .live-right")).to_have_text("1 人答對")
    expect(audience.locator(".live-count")).to_contain_text("3 人中 2 人已作答")
    audience.screenshot(path=screenshot_dir / "live-audience-reveal-1920x1080.png")
    ming.screenshot(path=screenshot_dir / "live-phone-result-375x812.png")
    assert_no_axe_violations(axe, audience)
    assert_no_axe_violations(axe, ming)
    assert_no_axe_violations(axe, presenter)

    # Round 2: the question 小華 missed at home. Her phone shows the projected position.
    presenter.get_by_role("button", name="下一題").click()
    expect(audience.locator("[data-round-number]")).to_have_attribute(
        "data-round-number", "2", timeout=POLL
    )
    expect(audience.locator("[data-prompt]")).to_contain_text("蹩馬腿")
    expect(hua.locator("#puzzle-heading")).to_have_text("第 2 題（共 3 題）", timeout=POLL)
    puzzle = hua.locator("[data-puzzle]")
    expect(puzzle).to_have_attribute("data-puzzle", "knight-no-blocked-leg")
    expect(puzzle).not_to_have_attribute("data-asked", "knight-leg-blocked-by-enemy")
    expect(hua.locator("#puzzle .puzzle-prompt")).to_contain_text("蹩馬腿")
    expect(hua.locator(".puzzle-level")).to_have_count(0)  # one numbering: the round's
    hua.screenshot(path=screenshot_dir / "live-phone-round-375x812.png")
    hua.get_by_label("可以，西洋棋的馬不會被絆馬腳").check()
    hua.get_by_role("button", name="對答案").click()
    expect(hua.locator("[data-received]")).to_be_visible()
    assert_no_axe_violations(axe, hua)
    expect(audience.locator(".live-count")).to_contain_text("3 人中 1 人已作答", timeout=POLL)
    audience.screenshot(path=screenshot_dir / "live-audience-round-1920x1080.png")

    # Round 3, then the end: the phones say the lesson ended, with the score.
    presenter.get_by_role("button", name="下一題").click()
    expect(audience.locator("[data-round-number]")).to_have_attribute(
        "data-round-number", "3", timeout=POLL
    )
    expect(audience.locator("[data-prompt]")).to_contain_text("g1 走到 g3")
    expect(presenter.locator("[data-next]")).to_have_count(0)  # the playlist is done
    presenter.get_by_role("button", name="結束課堂").click()
    expect(audience.locator("[data-ended]")).to_be_visible(timeout=POLL)
    expect(hua.locator("[data-score]")).to_have_text(
        "3 題中，你第一次就答對了 2 題。", timeout=POLL
    )
    expect(mei.locator("[data-score]")).to_have_text("3 題中，你第一次就答對了 0 題。")
    hua.screenshot(path=screenshot_dir / "live-phone-ended-375x812.png")
    assert_no_axe_violations(axe, hua)
