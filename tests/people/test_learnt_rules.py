"""「學會的規則」: a rule whose lesson the child finished, with nothing to review, is learnt;
a review still pending keeps it 學習中; a lesson half done is 還沒學."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from curriculum.loading import get_curriculum
from lessons.models import PuzzleResult
from practice.models import Review
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db


def finish(learner, slug: str, solved: int | None = None) -> int:
    puzzles = get_curriculum().lesson(slug).puzzles
    now = timezone.now()
    for puzzle in puzzles[:solved]:
        PuzzleResult.objects.create(
            learner=learner, lesson=slug, puzzle=puzzle.id, stars=3, solved_at=now
        )
    return len(puzzles)


def standing(page: str, rule: str) -> str:
    match = re.search(rf'<tr data-rule="{rule}" data-status="(\w+)">(.*?)</tr>', page, re.S)
    assert match, rule
    return f"{match.group(1)} " + " ".join(re.sub(r"<[^>]+>", " ", match.group(2)).split())


def test_a_finished_lessons_rule_is_learnt_on_the_parents_page(parent, child):
    assert finish(child.learner, "knight") == 15 and finish(child.learner, "pawn") == 15
    finish(child.learner, "rook", solved=3)  # begun, not finished
    page = signed_in(parent).get(reverse("people:child_progress", args=[child.learner_id]))
    page = page.content.decode()
    assert standing(page, "knight") == "learnt 馬 這一課學會了 —"
    assert standing(page, "pawn") == "learnt 兵 這一課學會了 —"
    assert standing(page, "rook") == "not_yet 車 還沒學 —"


def test_a_review_still_pending_says_learning_even_with_the_lesson_finished(parent, child):
    finish(child.learner, "knight")
    Review.objects.create(learner=child.learner, rule="knight", due_at=timezone.now())
    page = signed_in(parent).get(reverse("people:child_progress", args=[child.learner_id]))
    assert standing(page.content.decode(), "knight") == "learning 馬 學習中 —"
