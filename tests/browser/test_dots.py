"""Tapping a piece shows where it may go (dots on the squares) on /play/, /board/ and in a
lesson puzzle whose kind says the dots give nothing away; a knight's star puzzle shows none
(where the knight may go is what it teaches). A phone at 375 px with touch."""

import pytest
from playwright.sync_api import Page, expect

import rules
from curriculum.kinds import kind_of
from curriculum.loading import get_curriculum
from tests.browser.conftest import DEVICES, SCREENSHOTS, square, tap, wait_for_htmx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOTTED = """() => [...document.querySelectorAll('[data-board] [data-reachable]')]
  .map(s => s.dataset.square).sort()"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="zh-TW", **DEVICES["375"])
    page = context.new_page()
    page.touch = True
    yield page
    context.close()


def dots_after_tapping(page: Page, name: str) -> list[str]:
    wait_for_htmx(page)
    tap(page, square(page, name))
    expect(square(page, name)).to_have_attribute("aria-pressed", "true")
    return page.evaluate(DOTTED)


def test_a_piece_tapped_on_the_referee_board_and_in_a_game_shows_its_moves(phone, live_server):
    phone.goto(f"{live_server.url}/board/")
    assert dots_after_tapping(phone, "g1") == ["f3", "h3"]
    assert dots_after_tapping(phone, "e2") == ["e3", "e4"]  # another piece: its own dots
    tap(phone, square(phone, "e2"))  # put down: no dots
    expect(phone.locator("[data-board] [data-reachable]")).to_have_count(0)
    phone.goto(f"{live_server.url}/play/")
    phone.locator("form.play-pick button[type=submit]").click()
    expect(phone.locator("[data-game]")).to_be_visible()
    assert dots_after_tapping(phone, "b1") == ["a3", "c3"]
    phone.screenshot(path=SCREENSHOTS / "play-dots-375.png")
    tap(phone, square(phone, "c3"))  # before the notation lesson: the move in words
    expect(phone.locator("[data-feedback]")).to_contain_text("你：白馬從 b1 走到 c3。")


def first_puzzle(goal: str):
    return next(
        (lesson, puzzle)
        for lesson in get_curriculum().lessons
        for puzzle in lesson.puzzles
        if puzzle.kind == "move" and puzzle.goal["type"] == goal and not puzzle.moves
    )


def test_a_mate_puzzle_shows_the_dots_a_knights_stars_do_not(phone, live_server):
    lesson, puzzle = first_puzzle("mate")
    assert kind_of(puzzle).shows_moves(puzzle)
    phone.goto(f"{live_server.url}/lessons/{lesson.slug}/?puzzle={puzzle.id}#puzzle")
    mover = next(m for m in rules.legal_moves(puzzle.fen))[:2]
    expected = sorted({m[2:4] for m in rules.legal_moves(puzzle.fen) if m[:2] == mover})
    assert dots_after_tapping(phone, mover) == expected
    lesson, puzzle = first_puzzle("visit")
    phone.goto(f"{live_server.url}/lessons/{lesson.slug}/?puzzle={puzzle.id}#puzzle")
    mover = rules.legal_moves(puzzle.fen)[0][:2]
    assert dots_after_tapping(phone, mover) == []
    assert phone.locator("[data-board][data-moves]").count() == 0
