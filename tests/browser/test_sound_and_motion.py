"""Sounds and motion on the real lessons, with the browser's audio replaced by a spy.

The spy stands in for Web Audio's AudioContext and counts every oscillator started;
static/js/sound.js also says which sound it played ("tutor:sound"), and
static/js/board-motion.js which piece it animated ("tutor:motion").
"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import feedback, square, wait_for_htmx
from tests.browser.spies import SPY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def spied(page: Page) -> Page:
    page.add_init_script(SPY)
    page.set_default_timeout(10_000)
    return page


def sounds(page: Page) -> list[str]:
    return page.evaluate("window.__sounds")


def oscillators(page: Page) -> int:
    return page.evaluate("window.__audio.filter(a => a === 'start').length")


def motion(page: Page) -> list[str]:
    return page.evaluate("window.__motion")


def tap_move(page: Page, frm: str, to: str) -> None:
    wait_for_htmx(page)
    square(page, frm).click()
    square(page, to).click()
    wait_for_htmx(page)


def open_puzzle(page: Page, live_server, slug: str, puzzle: str) -> None:
    page.goto(f"{live_server.url}/lessons/{slug}/?puzzle={puzzle}")
    expect(page.locator("[data-board]")).to_be_visible()


def test_nothing_plays_before_the_first_tap(spied: Page, live_server):
    open_puzzle(spied, live_server, "knight", "knight-first-jump")
    assert spied.evaluate("window.TutorSound.play('move')") is False
    assert spied.evaluate("window.__audio") == []  # not even an AudioContext yet
    square(spied, "g1").click()
    assert spied.evaluate("window.TutorSound.play('move')") is True
    assert oscillators(spied) == 1


def test_a_refused_move_sounds_and_shakes_back_then_the_right_one_slides_and_earns_a_star(
    spied: Page, live_server
):
    open_puzzle(spied, live_server, "knight", "knight-first-jump")
    tap_move(spied, "g1", "g3")
    expect(feedback(spied)).to_have_attribute("data-verdict", "illegal")
    assert sounds(spied) == ["illegal"]
    assert oscillators(spied) == 1
    assert motion(spied) == ["shake g1"]

    tap_move(spied, "g1", "f3")
    expect(spied.locator("[data-solved]")).to_be_visible()
    assert motion(spied) == ["shake g1", "slide f3"]
    spied.wait_for_function("() => window.__sounds.length === 3")
    assert sounds(spied) == ["illegal", "move", "star"]
    assert oscillators(spied) == 1 + 1 + 3


def test_a_capture_has_its_own_sound_and_the_taken_piece_fades(spied: Page, live_server):
    open_puzzle(spied, live_server, "capture", "capture-rook-takes-queen")
    tap_move(spied, "d1", "d8")
    expect(spied.locator("[data-solved]")).to_be_visible()
    spied.wait_for_function("() => window.__sounds.length === 3")
    assert sounds(spied) == ["capture", "check", "star"]  # the rook takes the queen with check
    assert sorted(motion(spied)) == ["slide d8", "vanish d8"]  # the queen, taken where it stood
    # The learner's side stays at the bottom once the move is made (the piece slides on it).
    expect(spied.locator("[data-board]")).to_have_attribute("data-orientation", "white")


def test_check_has_its_own_sound(spied: Page, live_server):
    open_puzzle(spied, live_server, "check", "check-give-rook")
    tap_move(spied, "a1", "a8")
    expect(spied.locator("[data-solved]")).to_be_visible()
    spied.wait_for_function("() => window.__sounds.length === 2")
    assert sounds(spied) == ["check", "star"]


def test_castling_slides_king_and_rook(spied: Page, live_server):
    open_puzzle(spied, live_server, "castling", "castling-short-first")
    tap_move(spied, "e1", "g1")
    expect(square(spied, "f1")).to_have_attribute("data-piece", "R")
    assert sorted(motion(spied)) == ["slide f1", "slide g1"]


def test_the_pawn_taken_en_passant_vanishes_where_it_stood(spied: Page, live_server):
    open_puzzle(spied, live_server, "en-passant", "en-passant-first")
    tap_move(spied, "e5", "d6")
    expect(square(spied, "d5")).not_to_have_attribute("data-piece", "p")
    assert sorted(motion(spied)) == ["slide d6", "vanish d5"]
    assert sounds(spied)[0] == "capture"


def test_muted_nothing_plays_and_the_switch_is_remembered(spied: Page, live_server):
    open_puzzle(spied, live_server, "knight", "knight-first-jump")
    switch = spied.get_by_role("button", name="聲音")
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    tap_move(spied, "g1", "g3")
    expect(feedback(spied)).to_have_attribute("data-verdict", "illegal")
    tap_move(spied, "g1", "f3")
    expect(spied.locator("[data-solved]")).to_be_visible()
    # Both moves have moved (a sound would have played with them): then nothing has sounded.
    spied.wait_for_function("window.__motion.length >= 2")
    assert sounds(spied) == [] and oscillators(spied) == 0
    assert motion(spied) == ["shake g1", "slide f3"]  # muted is not still
    spied.goto(live_server.url + "/")
    expect(spied.get_by_role("button", name="聲音")).to_have_attribute("aria-pressed", "false")


def test_with_reduced_motion_nothing_moves_but_the_sounds_play(spied: Page, live_server):
    spied.emulate_media(reduced_motion="reduce")
    open_puzzle(spied, live_server, "knight", "knight-first-jump")
    tap_move(spied, "g1", "g3")
    expect(feedback(spied)).to_have_attribute("data-verdict", "illegal")
    tap_move(spied, "g1", "f3")
    expect(spied.locator("[data-solved]")).to_be_visible()
    spied.wait_for_function("() => window.__sounds.length === 3")
    assert motion(spied) == []
    assert spied.evaluate("document.getAnimations().length") == 0
    assert sounds(spied) == ["illegal", "move", "star"]


def test_a_finished_lesson_has_its_own_sound(spied: Page, live_server, tmp_path, monkeypatch):
    from tests.lessons.lesson_fixtures import write_curriculum

    curriculum = write_curriculum(tmp_path)  # the knight lesson: three puzzles
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    spied.goto(live_server.url + "/lessons/knight/")
    tap_move(spied, "g1", "f3")
    spied.locator("[data-next-puzzle]").click()
    for name in ("e2", "f3", "h3"):
        square(spied, name).click()
        expect(square(spied, name)).to_have_attribute("aria-pressed", "true")
    spied.get_by_role("button", name="完成").click()
    expect(spied.locator("[data-solved]")).to_be_visible()
    spied.locator("[data-next-puzzle]").click()
    spied.locator('input[name="answer"][value="dark"]').check()
    spied.get_by_role("button", name="對答案").click()
    expect(spied.locator("[data-solved][data-lesson-done]")).to_be_visible()
    spied.wait_for_function("() => window.__sounds.length === 1")
    assert sounds(spied) == ["lesson"]
    assert oscillators(spied) == 4


def test_the_learners_sound_choice_is_kept_for_them_not_only_in_the_browser(
    spied: Page, live_server
):
    open_puzzle(spied, live_server, "knight", "knight-first-jump")
    tap_move(spied, "g1", "f3")  # the browser's learner exists from the first answer
    expect(spied.locator("[data-solved]")).to_be_visible()
    switch = spied.get_by_role("button", name="聲音")
    with spied.expect_response(lambda r: r.url.endswith("/sound/") and r.status == 204):
        switch.click()
    spied.evaluate("window.localStorage.clear()")  # the browser forgets; the learner does not
    spied.goto(live_server.url + "/")
    expect(spied.locator("body")).to_have_attribute("data-sound", "off")
    expect(spied.get_by_role("button", name="聲音")).to_have_attribute("aria-pressed", "false")
