"""下棋 /play/ in Chromium: a whole game to checkmate against 小兔 at phone and laptop sizes,
a stalemate, a threefold claim, a reload and a lost answer mid-game, the teacher's
homework page; axe on each page and screenshots at 375 and 1280 px."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from play import games
from play.models import Game, GameMove
from tests.browser.conftest import (
    PASSWORD,
    assert_no_axe_violations,
    assert_no_horizontal_scroll,
    grown_up_with_child_and_student,
    square,
    tap,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# With seed 5 小兔's random answers let the four-move mate through: 1. e4 2. Qh5 3. Bc4 4. Qxf7#.
SCHOLARS_SEED = 5
SCHOLARS_MATE = ["e2e4", "d1h5", "f1c4", "h5f7"]
STALEMATE_AHEAD = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"
SHUFFLE = "k7/p7/P1KN4/8/8/8/8/7R w - - 0 1"  # Black's king can only go a8-b8 and back


def play(page: Page, uci: str) -> None:
    wait_for_htmx(page)
    tap(page, square(page, uci[:2]))
    expect(square(page, uci[:2])).to_have_attribute("aria-pressed", "true")
    tap(page, square(page, uci[2:4]))
    wait_for_htmx(page)


def begin(page: Page, base: str, query: str = "") -> None:
    page.goto(f"{base}/play/{query}")
    page.get_by_role("button", name="開始下棋").click()
    expect(page.locator("[data-game]")).to_be_visible()


def expect_ply(page: Page, ply: int) -> None:
    expect(page.locator("[data-game]")).to_have_attribute("data-ply", str(ply))


def test_a_whole_game_to_checkmate_against_the_rabbit(
    child: Page, live_server, axe, screenshot_dir
):
    size = child.size
    child.goto(f"{live_server.url}/play/?seed={SCHOLARS_SEED}")
    expect(child.locator("[data-opponent]")).to_have_count(4)
    expect(child.locator("[data-opponent]").first).to_contain_text("小兔")
    child.screenshot(path=screenshot_dir / f"play-pick-{size}.png", full_page=True)
    assert_no_horizontal_scroll(child)
    assert_no_axe_violations(axe, child)
    child.get_by_role("button", name="開始下棋").click()
    for number, uci in enumerate(SCHOLARS_MATE):
        play(child, uci)
        if number < 3:
            expect_ply(child, 2 * number + 2)
            expect(child.locator("[data-feedback]")).to_have_attribute("data-verdict", "correct")
        if number == 1:
            child.screenshot(path=screenshot_dir / f"play-game-{size}.png", full_page=True)
            assert_no_horizontal_scroll(child)
            assert_no_axe_violations(axe, child)
    after = child.locator("[data-after]")
    expect(after).to_contain_text("你贏了！")
    expect(after).to_contain_text("將死！你贏了。")
    expect(after.get_by_role("link", name="去上課：將死")).to_be_visible()
    expect(child.locator(".score-sheet")).to_contain_text("Qxf7#")
    game = Game.objects.get()
    assert (game.result, game.ending) == ("1-0", "checkmate")
    assert list(game.moves.filter(by_computer=False).values_list("uci", flat=True)) == SCHOLARS_MATE
    child.screenshot(path=screenshot_dir / f"play-checkmate-{size}.png", full_page=True)
    assert_no_horizontal_scroll(child)
    assert_no_axe_violations(axe, child)
    with child.expect_download() as download:
        child.get_by_role("link", name="下載棋譜（PGN）").click()
    assert "Qxf7#" in Path(download.value.path()).read_text(encoding="utf-8")
    child.get_by_role("link", name="再下一盤").click()
    expect(child.locator("[data-games-played]")).to_have_attribute("data-games-won", "1")


def test_stalemate_is_a_draw_the_arbiter_warned_of(page: Page, live_server, axe, screenshot_dir):
    page.set_viewport_size({"width": 1280, "height": 800})
    begin(page, live_server.url, f"?fen={STALEMATE_AHEAD}")
    expect(page.locator('[data-note="stalemate_trap"]')).to_contain_text("會逼和，不是將死")
    play(page, "c1c7")
    after = page.locator("[data-after]")
    expect(after).to_contain_text("和棋。")
    expect(after.locator('[data-ending="stalemate"]')).to_contain_text("逼和")
    expect(after.locator('[data-missed="stalemate_trap"]')).to_contain_text("第 1 步的 Qc7 是逼和")
    page.screenshot(path=screenshot_dir / "play-stalemate-1280.png", full_page=True)
    assert_no_axe_violations(axe, page)


def test_a_threefold_repetition_is_claimed(page: Page, live_server, axe, screenshot_dir):
    page.set_viewport_size({"width": 375, "height": 667})
    begin(page, live_server.url, f"?fen={SHUFFLE}")
    for uci in ("h1h2", "h2h1", "h1h2", "h2h1"):
        play(page, uci)
    expect(page.locator('[data-note="threefold_claimable"]')).to_be_visible()
    page.screenshot(path=screenshot_dir / "play-threefold-375.png", full_page=True)
    assert_no_axe_violations(axe, page)
    page.get_by_role("button", name="要求和棋").click()
    expect(page.locator("[data-after]")).to_contain_text("三次")
    assert Game.objects.get().ending == "threefold_repetition"
    assert_no_horizontal_scroll(page)


def test_a_reload_and_a_lost_answer_lose_no_move(page: Page, live_server):
    page.set_viewport_size({"width": 1280, "height": 800})
    begin(page, live_server.url, "?seed=1")
    play(page, "e2e4")
    expect_ply(page, 2)
    fen = page.locator("[data-board]").get_attribute("data-fen")
    page.reload()
    expect(page.locator("[data-board]")).to_have_attribute("data-fen", fen)
    expect_ply(page, 2)

    # The next move reaches the server, but its answer is lost on the way back.
    def lose_the_answer(route):
        route.fetch()
        route.abort()

    game_url = page.url
    page.route(game_url, lose_the_answer)
    wait_for_htmx(page)
    square(page, "g1").click()
    square(page, "f3").click()
    expect(page.locator("[data-feedback]")).not_to_have_attribute("data-verdict", "correct")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert GameMove.objects.count() == 4
    page.unroute(game_url)
    # The board still shows the knight picked up on g1: the child taps f3 again; it counts once.
    expect(square(page, "g1")).to_have_attribute("aria-pressed", "true")
    square(page, "f3").click()
    wait_for_htmx(page)
    expect_ply(page, 4)
    assert GameMove.objects.count() == 4
    assert GameMove.objects.get(ply=2).uci == "g1f3"


def test_the_teachers_game_homework_page(page: Page, live_server, axe, screenshot_dir):
    _child, classroom, student = grown_up_with_child_and_student(PASSWORD)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(f"{live_server.url}/teacher/classes/{classroom.pk}/games/")
    page.get_by_label("對手").select_option("one_move_ahead")
    page.get_by_role("button", name="出這份作業").click()
    expect(page.locator('[data-assignment="one_move_ahead"]')).to_contain_text("和小狐狸下 3 盤棋")
    page.screenshot(path=screenshot_dir / "play-homework-1280.png", full_page=True)
    assert_no_axe_violations(axe, page)
    page.set_viewport_size({"width": 375, "height": 667})
    page.screenshot(path=screenshot_dir / "play-homework-375.png", full_page=True)
    assert_no_horizontal_scroll(page)
    # A game resigned at move 0 is listed, not counted, and opens read-only.
    games.resign(games.start(student.learner, "one_move_ahead", "white").game.pk, 0)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    line = page.locator('[data-counted="no"]')
    expect(line).to_contain_text("0 步，認輸，輸了")
    assert_no_axe_violations(axe, page)
    line.get_by_role("link").click()
    expect(page.locator("[data-ending]")).to_have_text("認輸，輸了")
    page.screenshot(path=screenshot_dir / "play-class-game-1280.png", full_page=True)
    assert_no_axe_violations(axe, page)
