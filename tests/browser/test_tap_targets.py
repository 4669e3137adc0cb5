"""Every tap target is at least 44 × 44 CSS pixels on a 375 × 667 phone (WCAG 2.5.5).

Measured in Chromium: the bounding box of every visible link, button, input, select,
summary and focusable element on the map, a lesson (a move puzzle and a choice puzzle),
the referee board and the student login pages. A radio or checkbox is tapped through
its label, so the label's box is what counts for it. Hidden elements (the skip link
before it has focus) are not targets.
"""

import pytest
from playwright.sync_api import Page, expect

from curriculum.loading import get_curriculum
from people.models import Classroom, Student

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 667}
MINIMUM = 44

MEASURE = """() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]:not([tabindex="-1"])';
  const found = [];
  for (const element of document.querySelectorAll(selector)) {
    let target = element;
    if (element.matches('input[type=radio], input[type=checkbox]') && element.closest('label')) {
      target = element.closest('label');
    }
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
    if (box.right <= 0 || box.bottom <= 0) continue;  // moved off screen until focused
    const name = (element.getAttribute('aria-label') || element.textContent || element.name || '')
      .trim().slice(0, 30);
    found.push({tag: element.tagName.toLowerCase(), name, width: box.width, height: box.height});
  }
  return found;
}"""


def targets(page: Page) -> list[dict]:
    return page.evaluate(MEASURE)


def too_small(page: Page) -> list[str]:
    return [
        f"{t['tag']} {t['name']!r}: {t['width']:.1f} × {t['height']:.1f}"
        for t in targets(page)
        if t["width"] < MINIMUM - 0.01 or t["height"] < MINIMUM - 0.01
    ]


@pytest.fixture
def phone(page: Page) -> Page:
    page.set_viewport_size(PHONE)
    return page


def lesson_with(kind: str):
    return next(les for les in get_curriculum().lessons if les.puzzles[0].kind == kind)


def puzzle_address(kind: str) -> str:
    """A lesson page showing a puzzle of ``kind`` (every lesson starts with a board puzzle)."""
    lesson, puzzle = next(
        (les, p) for les in get_curriculum().lessons for p in les.puzzles if p.kind == kind
    )
    return f"/lessons/{lesson.slug}/?puzzle={puzzle.id}"


def test_the_map_has_no_small_targets(phone: Page, live_server):
    phone.goto(live_server.url + "/")
    small = too_small(phone)
    assert not small, "\n".join(small)


@pytest.mark.parametrize("kind", ["move", "choice"])
def test_a_lesson_has_no_small_targets(phone: Page, live_server, kind):
    phone.goto(live_server.url + puzzle_address(kind))
    expect(phone.locator("#puzzle")).to_be_visible()
    small = too_small(phone)
    assert not small, "\n".join(small)


def test_the_board_squares_are_as_wide_as_the_phone_allows(phone: Page, live_server):
    lesson = lesson_with("move")
    phone.goto(f"{live_server.url}/lessons/{lesson.slug}/")
    square = phone.locator('[data-board] [data-square="a1"]').bounding_box()
    assert square["width"] >= MINIMUM and square["height"] >= MINIMUM
    board = phone.locator("[data-board]").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    assert board["width"] >= PHONE["width"] - 16


def test_the_referee_board_has_no_small_targets(phone: Page, live_server):
    phone.goto(live_server.url + "/board/")
    small = too_small(phone)
    assert not small, "\n".join(small)


def test_the_glossary_and_a_game_have_no_small_targets(phone: Page, live_server):
    """Before issue 42: the glossary's 「到「王」這一課學」 links were 122 × 22."""
    phone.goto(live_server.url + "/glossary/")
    small = too_small(phone)
    assert not small, "\n".join(small)
    phone.goto(live_server.url + "/play/")
    phone.locator("form.play-pick button[type=submit]").click()
    expect(phone.locator("[data-game]")).to_be_visible()
    phone.wait_for_load_state("load")  # the board's squares laid out as squares
    phone.wait_for_function(
        "() => document.querySelector('[data-square=\"a1\"]').getBoundingClientRect().height >= 44"
    )
    small = too_small(phone)
    assert not small, "\n".join(small)


def test_the_student_login_has_no_small_targets(phone: Page, live_server):
    from django.contrib.auth import get_user_model

    from lessons.models import Learner

    teacher = get_user_model().objects.create_user("teacher", password="a long pass phrase 42")
    classroom = Classroom.objects.create(teacher=teacher, name="週三棋社", join_code="QWER45")
    student = Student.objects.create(
        classroom=classroom,
        learner=Learner.objects.create(nickname="阿志", avatar="B"),
        secret_first="sun",
        secret_second="moon",
    )
    for address in ("/join/", "/join/QWER45/", f"/join/QWER45/{student.pk}/"):
        phone.goto(live_server.url + address)
        small = too_small(phone)
        assert not small, address + "\n" + "\n".join(small)
