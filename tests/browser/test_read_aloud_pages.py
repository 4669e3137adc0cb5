"""「唸給我聽」 beyond the lessons (issue 42): a puzzle's button reads its instructions too
(where the stars are, how to answer, the question), and the map, the stickers, /play/'s
picker, the referee board and each glossary term have a button that reads their words, each
sentence once. speechSynthesis stubbed with a Taiwan voice (tests/browser/spies.py)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import DEVICES, tap
from tests.browser.spies import FAKE_VOICE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def voiced(browser):
    context = browser.new_context(locale="zh-TW", **DEVICES["375"])
    page = context.new_page()
    page.touch = True
    page.add_init_script(FAKE_VOICE % '[{"lang": "zh-TW", "name": "Mei-Jia"}]')
    yield page
    context.close()


def read(page: Page, button) -> str:
    expect(button).to_be_visible()
    tap(page, button)
    return page.evaluate("window.__spoken")[-1]["text"]


def test_a_star_puzzle_reads_where_the_stars_are_and_the_moves_left(voiced, live_server):
    voiced.goto(f"{live_server.url}/lessons/knight/")
    said = read(voiced, voiced.locator("#puzzle [data-read-aloud]"))
    assert "星星在：" in said and "還可以走" in said


def test_a_marking_puzzle_reads_how_to_answer(voiced, live_server):
    from curriculum.loading import get_curriculum

    lesson, puzzle = next(
        (les, p) for les in get_curriculum().lessons for p in les.puzzles if p.kind == "squares"
    )
    voiced.goto(f"{live_server.url}/lessons/{lesson.slug}/?puzzle={puzzle.id}")
    said = read(voiced, voiced.locator("#puzzle [data-read-aloud]"))
    assert "點格子做記號，再按「完成」" in said


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("/", ["學會西洋棋的規則", "下一課"]),
        ("/stickers/", ["我的貼紙", "你有 0 張貼紙"]),
        ("/play/", ["和電腦下一整盤棋", "小兔"]),
        ("/board/", ["輪到白方走棋。"]),
    ],
)
def test_every_page_a_child_reads_has_its_button(voiced, live_server, address, words):
    voiced.goto(live_server.url + address)
    said = read(voiced, voiced.locator("main [data-read-aloud]").first)
    assert all(word in said for word in words), said


def test_each_glossary_term_reads_its_name_and_meaning(voiced, live_server):
    voiced.goto(f"{live_server.url}/glossary/")
    term = voiced.locator(".glossary-term").first
    name = term.locator("h3").inner_text().strip()
    said = read(voiced, term.locator("[data-read-aloud]"))
    assert said.startswith(name) and term.locator(".glossary-meaning").inner_text() in said


def test_a_sentence_said_twice_on_the_page_is_read_once(voiced, live_server):
    voiced.goto(f"{live_server.url}/board/")
    said = read(voiced, voiced.locator("main [data-read-aloud]").first)
    assert said.count("輪到白方走棋。") == 1
