"""In Chromium at 375 px: the parent's page of a child who finished 馬 and 兵 says both
rules are learnt, and legal moves that missed a star in 車 are no rule tripped over (axe 0)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import (
    PASSWORD,
    SIZES,
    assert_no_axe_violations,
    grown_up_with_child_and_student,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_parents_page_of_a_child_who_finished_two_lessons_at_375_px(
    page: Page, live_server, axe, screenshot_dir
):
    from django.utils import timezone

    from curriculum.loading import get_curriculum
    from lessons.models import PuzzleResult
    from lessons.progress import record_attempt

    child, _classroom, _student = grown_up_with_child_and_student(PASSWORD)
    now = timezone.now()
    for slug in ("knight", "pawn"):
        for puzzle in get_curriculum().lesson(slug).puzzles:
            PuzzleResult.objects.create(
                learner=child.learner, lesson=slug, puzzle=puzzle.id, stars=3, solved_at=now
            )
    for n in range(8):  # legal moves that missed a star: no rule broken
        record_attempt(
            child.learner, lesson="rook", puzzle=f"rook-p{n}", answer="a1a5",
            verdict="incorrect",
        )  # fmt: skip
    record_attempt(
        child.learner, lesson="rook", puzzle="rook-p0", answer="a1b2",
        verdict="illegal", reason="NOT_HOW_IT_MOVES", fen="7k/8/8/8/8/8/8/R3K3 w - - 0 1",
    )  # fmt: skip

    page.set_viewport_size(SIZES["375"])
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("帳號或電子郵件").fill("grown-up")
    page.get_by_label("密碼").fill(PASSWORD)
    page.get_by_role("button", name="登入").click()
    page.goto(live_server.url + f"/parent/children/{child.learner_id}/")
    for rule in ("knight", "pawn"):
        row = page.locator(f'[data-rule-mastery] tr[data-rule="{rule}"]')
        expect(row).to_have_attribute("data-status", "learnt")
        expect(row).to_contain_text("這一課學會了")
    trips = page.locator(".trip")
    expect(trips).to_have_count(1)
    expect(trips.first).to_contain_text("這個棋子不是這樣走的")
    expect(page.get_by_text("「車」這一課的規則")).to_have_count(0)
    page.screenshot(path=screenshot_dir / "parent-reads-progress-375.png", full_page=True)
    assert_no_axe_violations(axe, page)
