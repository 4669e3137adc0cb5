"""A teacher's own puzzle set in Chromium, from scratch to the class page and the CSV.

Five puzzles made on the new-puzzle form, each position built by tapping pieces onto the
position editor's board inside the form (a castling question with its history played in
on it), every tap counted; one refused with its reason (its FEN pasted, which redraws the
board); three picked from the lessons; assigned with a pass mark; two students answer (one
passes, one does not); the same grown-up, a parent too, gives the set to a child. Without
JavaScript a pasted FEN still makes a puzzle.
"""

import csv
import io
from dataclasses import dataclass
from itertools import groupby

import pytest
from playwright.sync_api import Page, expect

from people.models import Student
from puzzlesets.models import OwnPuzzle, PuzzleSet
from tests.browser.conftest import (
    PASSWORD,
    SIZES,
    assert_no_axe_violations,
    check_answer,
    feedback,
    grown_up_with_child_and_student,
    option,
    play,
    wait_for_htmx,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@dataclass(frozen=True)
class Built:
    """A position as the teacher builds it on the editor: the pieces ("Ke1 ke8 Ng1", the
    piece in hand changed only when the next one differs), the castling rights pressed,
    the moves played from it; and the FEN the form must then hold."""

    pieces: str
    fen: str
    rights: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()


KNIGHT = Built("Ke1 ke8 Ng1", "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")
CASTLE = Built(
    "Ke1 Ra1 Rh1 ke8 ra8 rh8",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    rights=("K", "Q", "k", "q"),
    moves=("e1e2", "e8e7", "e2e1", "e7e8"),
)
BACK_RANK = Built("Kg1 Ra1 kg8 pf7 pg7 ph7", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
# (what to ask, the position, the other fields typed, the editor's taps for the position)
PUZZLES = [
    ("用一個棋子走到星星", KNIGHT, {"square": "g1", "targets": "f3"}, 6),
    ("這一步可以走嗎？", KNIGHT, {"move": "g1g3"}, 6),
    ("這個棋子可以走到哪些格子？", KNIGHT, {"square": "g1"}, 6),
    ("輪到的一方現在可以易位嗎？", CASTLE, {}, 23),
    ("走一步將死對方", BACK_RANK, {}, 10),
]
LESSON_PUZZLES = ("knight-first-jump", "rook-lines", "rook-far-corner")
LABELS = {
    "fen": "局面（FEN）",
    "moves": "從這個局面走過的棋",
    "square": "棋子所在的格子",
    "targets": "星星的格子",
    "move": "這一步（例如 e2e4）",
}


class Editor:
    """The position editor inside the new-puzzle form: every tap counted, each waiting for
    the panel it asks for."""

    def __init__(self, page: Page):
        self.page, self.taps = page, 0
        expect(page.locator("[data-editor-panel]")).to_be_visible()

    def tap(self, selector: str) -> None:
        self.page.locator(f"[data-editor] {selector}").click()
        self.taps += 1
        self.page.wait_for_function("() => !document.querySelector('[data-editor][aria-busy]')")

    def square(self, name: str) -> None:
        self.tap(f'[data-edit-board] [data-square="{name}"]')

    def build(self, built: Built) -> None:
        self.tap('button[name="clear"]')
        for piece, placed in groupby(built.pieces.split(), key=lambda token: token[0]):
            panel = self.page.locator("[data-editor-panel]")
            if panel.get_attribute("data-tool") != piece:
                self.tap(f'button[name="pick"][value="{piece}"]')
            for token in placed:
                self.square(token[1:])
        for right in built.rights:
            self.tap(f'button[name="castle"][value="{right}"]')
        if built.moves:
            self.tap('button[name="switch"][value="play"]')
            for move in built.moves:
                self.square(move[:2])
                self.square(move[2:4])
        expect(self.page.locator("#id_fen")).to_have_value(built.fen)
        expect(self.page.locator("#id_moves")).to_have_value(" ".join(built.moves))


@pytest.fixture(autouse=True)
def quick_failures(page: Page):
    page.set_default_timeout(10_000)


def _make(page: Page, question: str, built: Built | None, fields: dict, looked=None) -> int:
    """One puzzle on the new-puzzle form: the position built on the editor's board (or
    its FEN pasted), the other fields typed; the editor's taps it took."""
    page.get_by_role("link", name="出一題新的").click()
    editor = Editor(page)
    page.get_by_label("要問什麼").select_option(label=question)
    if built is not None:
        editor.build(built)
    for name, value in fields.items():
        page.get_by_label(LABELS[name]).fill(value)
    if looked is not None:
        looked(page)
    page.get_by_role("button", name="檢查並儲存").click()
    return editor.taps


def _look(page: Page, screenshot_dir, name: str) -> None:
    for size in ("375", "1280"):
        page.set_viewport_size(SIZES[size])
        page.screenshot(path=screenshot_dir / f"sets-{name}-{size}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


def _answer_as(browser, base: str, student: Student, answers, looked=None) -> None:
    """The student signs in with the badge, opens the set from the map (its first puzzle),
    and answers the puzzles in order."""
    context = browser.new_context(locale="zh-TW")
    kid = context.new_page()
    kid.set_default_timeout(10_000)
    kid.goto(f"{base}/badge/{student.badge_token}/")
    kid.locator("[data-badge-sign-in]").click()
    kid.locator("[data-set-homework] a").click()
    set_url = kid.url.rstrip("/").rsplit("/", 1)[0]  # …/sets/<assignment>/1/ → …/sets/<assignment>
    for number, answer in enumerate(answers, start=1):
        if number > 1:
            kid.goto(f"{set_url}/{number}/")
        wait_for_htmx(kid)
        if looked is not None and number == 1:
            looked(kid)
        answer(kid)
        expect(feedback(kid).locator(".feedback-title")).to_be_visible()
    context.close()


def test_a_teacher_makes_a_set_assigns_it_and_reads_who_passed(
    page: Page, browser, live_server, axe, screenshot_dir
):
    base = live_server.url
    child, classroom, first = grown_up_with_child_and_student(PASSWORD)
    second = Student.objects.create(
        classroom=classroom, learner=type(first.learner).objects.create(nickname="小安"),
        secret_first="sun", secret_second="moon", seat_number=2,
    )  # fmt: skip
    page.goto(base + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(base + "/teacher/sets/")
    assert_no_axe_violations(axe, page)
    page.get_by_label("題組名稱").fill("星期三的題")
    page.get_by_role("button", name="建立題組").click()
    expect(page.locator("h1")).to_have_text("星期三的題")

    def looked(name):
        def look(page):
            assert_no_axe_violations(axe, page)
            _look(page, screenshot_dir, name)

        return look

    # the form with the editor: a position set up, and one with its history played in
    looks = {0: looked("new-puzzle"), 3: looked("new-puzzle-history")}
    for number, (question, built, fields, taps) in enumerate(PUZZLES):
        assert _make(page, question, built, fields, looks.get(number)) == taps
        expect(page.locator("h1")).to_have_text("星期三的題")
    # Two pieces can take the queen: refused, with the reason, and nothing saved. The FEN
    # is pasted: the board is drawn from it once the box is left.
    page.get_by_role("link", name="出一題新的").click()
    Editor(page)
    page.get_by_label("要問什麼").select_option(label="吃哪一個子最划算？")
    page.get_by_label(LABELS["fen"]).fill("4k3/8/8/3q4/4K3/8/8/3R4")
    page.get_by_label(LABELS["move"]).fill("d1d5")
    expect(page.locator("[data-edit-board] [data-square='d5']")).to_have_attribute(
        "aria-label", "d5，黑后"
    )
    expect(page.get_by_label(LABELS["fen"])).to_have_value("4k3/8/8/3q4/4K3/8/8/3R4 w - - 0 1")
    page.get_by_role("button", name="檢查並儲存").click()
    refusal = page.locator("[data-refusals]")
    expect(refusal).to_contain_text("白王也可以吃掉 d5 的黑后，所以這題有兩個答案。")
    assert_no_axe_violations(axe, page)
    _look(page, screenshot_dir, "refused")
    page.get_by_role("link", name="返回").click()

    picker = page.locator("form", has=page.locator("[data-lesson-picker]"))
    for puzzle_id in LESSON_PUZZLES:
        picker.locator("select").select_option(puzzle_id)
        picker.get_by_role("button", name="加入").click()
    expect(page.locator("[data-set-items] li")).to_have_count(8)

    assign = page.locator("[data-assign]")
    assign.get_by_label("給誰").select_option(label="班級：週三棋社")
    assign.get_by_label("及格：第一次就答對的題數").fill("2")
    assign.get_by_role("button", name="指定").click()
    assert_no_axe_violations(axe, page)
    _look(page, screenshot_dir, "set-page")

    def star(kid):
        play(kid, "g1f3")

    def not_legal(kid):
        option(kid, "no").check()
        check_answer(kid)

    def legal_by_mistake(kid):
        option(kid, "yes").check()
        check_answer(kid)

    def looked(kid):
        assert_no_axe_violations(axe, kid)
        _look(kid, screenshot_dir, "child-puzzle")
        kid.set_viewport_size(SIZES["1280"])

    _answer_as(browser, base, first, [star, not_legal], looked)
    _answer_as(browser, base, second, [star, legal_by_mistake])

    page.goto(f"{base}/teacher/classes/{classroom.pk}/")
    table = page.locator("[data-set-results]")
    expect(table.locator("tr", has_text="阿志")).to_contain_text("及格")
    expect(table.locator("tr", has_text="小安")).to_contain_text("答錯")
    expect(page.locator("[data-not-passed]")).to_have_text("還沒及格： 小安")
    csv_url = page.get_by_role("link", name="下載成績（CSV）").get_attribute("href")
    text = page.request.get(base + csv_url).text()
    rows = {row[0]: row for row in csv.reader(io.StringIO(text.lstrip("\ufeff")))}
    assert rows["阿志"][1:3] == ["第一次就答對", "第一次就答對"] and rows["阿志"][-1] == "是"
    assert rows["小安"][2].startswith("答錯") and rows["小安"][-1] == "否"

    # The same grown-up is 小明's parent: the set goes to the child too.
    puzzle_set = PuzzleSet.objects.get()
    page.goto(f"{base}/teacher/sets/{puzzle_set.pk}/")
    assign.get_by_label("給誰").select_option(label="孩子：小明")
    assign.get_by_label("及格：第一次就答對的題數").fill("6")
    assign.get_by_role("button", name="指定").click()
    page.goto(f"{base}/parent/children/{child.learner_id}/")
    expect(page.locator("[data-set-results] tr", has_text="小明")).to_contain_text("還沒做")
    assert_no_axe_violations(axe, page)


def test_without_javascript_a_pasted_fen_still_makes_a_puzzle(browser, live_server):
    grown_up_with_child_and_student(PASSWORD)
    context = browser.new_context(java_script_enabled=False, locale="zh-TW")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(live_server.url + "/teacher/sets/puzzles/new/")
    expect(page.locator("[data-editor]")).to_be_hidden()
    page.get_by_label("要問什麼").select_option(label="走一步將死對方")
    page.get_by_label(LABELS["fen"]).fill(BACK_RANK.fen)
    page.get_by_role("button", name="檢查並儲存").click()
    expect(page.locator("h1")).to_have_text("我的題組")
    assert OwnPuzzle.objects.get().draft["fen"] == BACK_RANK.fen
    context.close()
