"""Review that comes back: a missed rule is due after 1, 3 and 7 days, then mastered.

The clock is driven, never slept: every answer is recorded with its own time (`at`)
(the time the review list is updated at), and `due_reviews(now=...)` asks at any time.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import rules
from curriculum.loading import get_curriculum
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner
from lessons.progress import record_attempt
from practice import generators
from practice.models import Review
from practice.scheduling import LEARNING, MASTERED, NOT_YET, Mastery, due_reviews, reviewed_rules
from tests.curriculum.conftest import solve

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DAY, HOUR = timedelta(days=1), timedelta(hours=1)


def answer(learner, when, verdict, lesson="castling", reason=""):
    """An answer to a generated puzzle of ``lesson`` at ``when`` (a review, once due)."""
    puzzle = generators.puzzle_id(lesson, 1, int(when.timestamp()) % 10**9)
    record_attempt(
        learner, lesson=lesson, puzzle=puzzle, answer="x", verdict=verdict, reason=reason,
        at=when,
    )  # fmt: skip


def due_rules(learner, when):
    return [review.rule for review in due_reviews(learner.pk, now=when)]


def test_a_missed_rule_comes_back_after_1_then_3_then_7_days_and_becomes_mastered():
    learner = Learner.objects.create()
    answer(learner, START, "illegal", reason="CASTLING_THROUGH_ATTACK")
    assert Review.objects.get().reason == "CASTLING_THROUGH_ATTACK"

    first = START + DAY
    assert due_rules(learner, first - HOUR) == []
    assert due_rules(learner, first) == ["castling"]
    answer(learner, first, "correct")

    second = first + 3 * DAY
    assert due_rules(learner, second - HOUR) == []
    assert due_rules(learner, second) == ["castling"]
    answer(learner, second, "correct")

    third = second + 7 * DAY
    assert due_rules(learner, third - HOUR) == []
    assert due_rules(learner, third) == ["castling"]
    assert standing_on(learner, "castling").status == LEARNING
    answer(learner, third, "correct")

    assert due_rules(learner, third + 365 * DAY) == []
    standing = standing_on(learner, "castling")
    assert (standing.status, standing.last_review) == (MASTERED, timezone.localdate(third))
    review = Review.objects.get()
    assert (review.streak, review.due_at, review.mastered_at) == (3, None, third)


def test_a_miss_at_a_review_shrinks_the_wait_and_starts_the_run_again():
    learner = Learner.objects.create()
    answer(learner, START, "incorrect")
    answer(learner, START + DAY, "correct")  # the 1-day review: next in 3 days
    answer(learner, START + 4 * DAY, "correct")  # the 3-day review: next in 7 days
    answer(learner, START + 11 * DAY, "incorrect")  # missed: back to 3 days, run lost
    review = Review.objects.get()
    assert (review.step, review.streak, review.due_at) == (1, 0, START + 14 * DAY)
    answer(learner, START + 14 * DAY, "correct")
    assert Review.objects.get().due_at == START + 21 * DAY  # growing again


def test_a_miss_of_a_mastered_rule_puts_it_back_on_the_list():
    learner = Learner.objects.create()
    for day, verdict in ((0, "incorrect"), (1, "correct"), (4, "correct"), (11, "correct")):
        answer(learner, START + day * DAY, verdict)
    answer(learner, START + 40 * DAY, "illegal")
    assert due_rules(learner, START + 42 * DAY) == ["castling"]
    assert standing_on(learner, "castling").status == LEARNING


def test_right_answers_before_the_rule_is_due_are_practice_and_change_nothing():
    learner = Learner.objects.create()
    answer(learner, START, "incorrect")
    for hours in (1, 2, 20):
        answer(learner, START + hours * HOUR, "correct")
    review = Review.objects.get()
    assert (review.streak, review.due_at) == (0, START + DAY)


def test_rules_are_listed_separately_the_longest_waiting_first():
    learner = Learner.objects.create()
    answer(learner, START, "incorrect", lesson="en-passant")
    answer(learner, START + HOUR, "incorrect", lesson="knight")
    answer(learner, START + 2 * HOUR, "incorrect", lesson="setup")  # no generator: no review
    assert due_rules(learner, START + 2 * DAY) == ["en-passant", "knight"]
    assert standing_on(learner, "rook").status == NOT_YET


def test_another_learners_misses_are_not_mine():
    mine, theirs = Learner.objects.create(), Learner.objects.create()
    answer(theirs, START, "incorrect")
    assert due_rules(mine, START + 2 * DAY) == []


def test_deleting_a_learner_deletes_their_review_list():
    learner = Learner.objects.create()
    answer(learner, START, "incorrect")
    learner.delete()
    assert not Review.objects.exists()


# --- through the pages --------------------------------------------------------------------


def _signed_in(client) -> Learner:
    learner = Learner.objects.create()
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    return learner


def test_a_wrong_answer_in_a_lesson_puts_its_rule_on_the_list_for_tomorrow(client):
    before = timezone.now()
    client.post(
        "/lessons/knight/knight-first-jump/", {"square": "g3", "selected": "g1", "mode": "move"}
    )
    review = Review.objects.get()
    assert review.rule == "knight" and review.reason == "NOT_HOW_IT_MOVES"
    assert before + DAY <= review.due_at <= timezone.now() + DAY


def test_finishing_a_lesson_without_a_miss_puts_its_rule_on_the_list(client):
    lesson = get_curriculum().lesson("touch-move")
    for puzzle in lesson.puzzles:
        assert not Review.objects.exists()
        if puzzle.kind == "move":  # the lesson starts on the board: 你摸了 e2 的兵…
            (move,) = solve(puzzle)
            data = {"mode": "move", "selected": move[:2], "square": move[2:4]}
        else:
            data = {"answer": list(puzzle.answer)}
        client.post(f"/lessons/touch-move/{puzzle.id}/", data)
    assert Attempt.objects.filter(verdict="correct").count() == len(lesson.puzzles)
    assert Review.objects.get().rule == "touch-move"


def test_the_map_says_how_many_are_due_and_starts_the_review_in_one_tap(client):
    learner = _signed_in(client)
    page = client.get("/").content.decode()
    assert "data-start-review" not in page
    Review.objects.create(learner=learner, rule="knight", due_at=timezone.now() - HOUR)
    Review.objects.create(learner=learner, rule="rook", due_at=timezone.now() - DAY)
    Review.objects.create(learner=learner, rule="castling", due_at=timezone.now() + DAY)
    page = client.get("/").content.decode()
    assert "今天要複習 2 題" in page
    assert '<a class="button big" href="/review/" data-start-review>開始複習</a>' in page
    response = client.get("/review/")
    assert response.status_code == 302
    assert response["Location"].startswith("/review/rook/practice-rook-1-")  # longest waiting


def test_a_right_review_answer_moves_the_rule_to_3_days_and_on_to_the_next(client):
    learner = _signed_in(client)
    Review.objects.create(learner=learner, rule="knight", due_at=timezone.now() - HOUR)
    puzzle = generators.build("practice-knight-1-5")
    marked = sorted(rules.destinations(puzzle.fen, puzzle.square))
    page = client.get("/review/knight/practice-knight-1-5/").content.decode()
    assert "<h1>複習：馬</h1>" in page and "今天還要複習 1 題。" in page
    assert '<h2 id="puzzle-heading">複習：第 1 關（共 3 關）</h2>' in page  # not 「練習：…」
    page = client.post(
        "/review/knight/practice-knight-1-5/", {"mode": "mark", "done": "1", "marked": marked}
    ).content.decode()
    assert 'href="/review/" data-next-puzzle autofocus>下一題複習</a>' in page
    assert "今天還要複習 0 題。" in page
    review = Review.objects.get()
    assert review.streak == 1
    assert timezone.now() + 3 * DAY - HOUR < review.due_at <= timezone.now() + 3 * DAY
    done = client.get("/review/").content.decode()
    assert "今天沒有要複習的題目！" in done


@pytest.mark.parametrize("verdict", ["correct", "incorrect", "illegal"])
@pytest.mark.parametrize(
    ("lesson", "puzzle"),
    [
        ("castling", "castling-short-first"),
        ("castling", generators.puzzle_id("castling", 1, 7)),
        ("house-rules", "house-rules-1"),
    ],
    ids=["a lesson's puzzle", "a generated puzzle", "a lesson with no rule"],
)
def test_the_review_list_writes_after_exactly_the_attempts_that_change_it(lesson, puzzle, verdict):
    """A miss of a rule's lesson, or any answer to a generated puzzle; nothing for a right
    answer to a lesson's own puzzle, nor for a lesson that teaches no rule."""
    learner = Learner.objects.create()
    with CaptureQueriesContext(connection) as captured:
        record_attempt(learner, lesson=lesson, puzzle=puzzle, answer="x", verdict=verdict)
    after = [q["sql"] for q in captured if "practice_review" in q["sql"]]
    assert bool(after) == (lesson == "castling" and (verdict != "correct" or "practice" in puzzle))
    assert Review.objects.filter(learner=learner).exists() == (
        lesson == "castling" and verdict != "correct"
    )


def standing_on(learner, rule: str) -> Mastery:
    """The learner's standing on one rule, NOT_YET without a review."""
    return reviewed_rules([learner.pk]).get(learner.pk, {}).get(rule, Mastery(rule, NOT_YET))
