"""「再練習」: a practice round answers like a lesson's puzzle; the level follows the learner."""

import json
import re

import pytest
from django.urls import reverse

import rules
from curriculum.loading import get_curriculum
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.models import Classroom
from people.reports.exports import learner_json_chunks
from practice import generators
from tests.people.conftest import make_grown_up, make_student, read_csv, signed_in

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
KNIGHT = "practice-knight-1-5"  # 白馬在 a4 (see test_generators): a squares puzzle


def html(response) -> str:
    return response.content.decode()


def knight_squares(puzzle_id: str = KNIGHT) -> list[str]:
    puzzle = generators.build(puzzle_id)
    return sorted(rules.destinations(puzzle.fen, puzzle.square))


def test_starting_practice_sends_a_new_visitor_to_a_level_1_puzzle_and_creates_no_learner(client):
    response = client.get("/practice/knight/")
    assert response.status_code == 302
    match = re.fullmatch(r"/practice/knight/(practice-knight-1-\d+)/", response["Location"])
    assert match and generators.validated(match.group(1)) is not None
    assert not Learner.objects.exists()


def test_a_practice_puzzle_shows_its_prompt_level_and_a_form_that_posts_to_itself(client):
    page = html(client.get(f"/practice/knight/{KNIGHT}/"))
    assert "<h1>練習：馬</h1>" in page
    assert "練習：第 1 關（共 3 關）" in page
    assert "白馬在 a4。點出它可以走到的每一格。" in page
    assert f'action="/practice/knight/{KNIGHT}/"' in page
    assert "puzzle-steps" not in page  # a lesson's numbered steps are not a practice's


def test_a_right_answer_earns_stars_is_recorded_and_offers_another_puzzle(client):
    marked = knight_squares()
    response = client.post(
        f"/practice/knight/{KNIGHT}/", {"mode": "mark", "done": "1", "marked": marked}
    )
    page = html(response)
    assert 'data-verdict="correct"' in page
    assert "你得到 3 顆星！" in page
    assert 'href="/practice/knight/" data-next-puzzle autofocus>再來一題</a>' in page
    attempt = Attempt.objects.get()
    assert (attempt.lesson, attempt.puzzle, attempt.verdict) == ("knight", KNIGHT, "correct")
    assert PuzzleResult.objects.get().stars == 3
    assert client.session[LEARNER_SESSION_KEY] == attempt.learner_id
    assert "這條規則的練習，你已經答對 1 題。" in page


def test_a_wrong_answer_gets_the_lessons_feedback_and_is_recorded(client):
    marked = knight_squares()[1:]
    page = html(
        client.post(
            f"/practice/knight/{KNIGHT}/", {"mode": "mark", "done": "1", "marked": marked}, **HTMX
        )
    )
    assert "<html" not in page and 'id="puzzle"' in page  # htmx: the partial only
    assert 'data-verdict="incorrect"' in page
    assert "還少 1 格沒點到。" in page
    assert Attempt.objects.get().verdict == "incorrect"


def test_the_level_grows_with_right_answers_and_falls_after_misses(client):
    learner = Learner.objects.create()
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()

    def record(verdict, seed):
        Attempt.objects.create(
            learner=learner,
            lesson="knight",
            puzzle=f"practice-knight-1-{seed}",
            answer="a",
            verdict=verdict,
        )

    def level():
        location = client.get("/practice/knight/")["Location"]
        return int(re.search(r"practice-knight-(\d)-", location).group(1))

    assert level() == 1
    for seed in range(3):
        record("correct", seed)
    assert level() == 2
    for seed in range(3, 5):
        record("correct", seed)
    assert level() == 3
    for seed in range(5, 9):
        record("incorrect", seed)
    assert level() == 1  # 2 right among the last six


@pytest.mark.parametrize(
    "url",
    [
        "/practice/nothing/",
        "/practice/setup/",  # a lesson whose rule has no generator
        f"/practice/rook/{KNIGHT}/",  # a knight puzzle is not the rook's
        "/practice/knight/practice-knight-9-1/",
        "/practice/knight/knight-first-jump/",
    ],
)
def test_what_is_not_a_practice_puzzle_of_the_rule_is_not_found(client, url):
    assert client.get(url).status_code == 404


def test_a_puzzle_the_validator_refuses_is_not_found(client, monkeypatch):
    generators._sound.cache_clear()
    monkeypatch.setattr(generators.proof, "puzzle_problems", lambda puzzle: ["refused"])
    assert client.get(f"/practice/knight/{KNIGHT}/").status_code == 404
    assert client.get("/practice/knight/").status_code == 503
    generators._sound.cache_clear()


def test_an_answer_no_page_sends_is_a_400_in_chinese(client):
    response = client.post(
        f"/practice/knight/{KNIGHT}/", {"mode": "mark", "done": "1", "marked": ["z9"]}
    )
    assert response.status_code == 400
    assert not Attempt.objects.exists()


def _finished(client, slug: str) -> None:
    learner = Learner.objects.create()
    for puzzle in get_curriculum().lesson(slug).puzzles:
        PuzzleResult.objects.create(
            learner=learner, lesson=slug, puzzle=puzzle.id, stars=3, solved_at="2026-12-01T10:00Z"
        )
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()


def test_a_finished_lesson_offers_endless_practice_of_its_rule(client):
    _finished(client, "castling")
    page = html(client.get("/lessons/castling/"))
    assert '<a class="button big" href="/practice/castling/" data-practice>再練習</a>' in page


def test_a_finished_lesson_without_a_generator_offers_none(client):
    _finished(client, "setup")
    page = html(client.get("/lessons/setup/"))
    assert "這一課完成了！" in page and "data-practice" not in page


def test_generated_attempts_are_exported_like_any_other(client):
    client.post(
        f"/practice/knight/{KNIGHT}/", {"mode": "mark", "done": "1", "marked": knight_squares()}
    )
    data = json.loads("".join(learner_json_chunks(Learner.objects.get())))
    assert [(a["lesson"], a["puzzle"], a["verdict"]) for a in data["attempts"]] == [
        ("knight", KNIGHT, "correct")
    ]
    assert [(r["puzzle"], r["stars"]) for r in data["results"]] == [(KNIGHT, 3)]


def test_generated_attempts_are_in_the_teachers_attempts_csv_with_their_position(client):
    teacher = make_grown_up("teacher")
    classroom = Classroom.objects.create(teacher=teacher, name="西洋棋社", join_code="ABCD23")
    student = make_student(classroom, "小華")
    session = client.session
    session[LEARNER_SESSION_KEY] = student.learner_id
    session.save()
    wrong = [square for square in ("a1", "h8") if square not in knight_squares()]
    client.post(f"/practice/knight/{KNIGHT}/", {"mode": "mark", "done": "1", "marked": wrong})
    client.post(
        f"/practice/knight/{KNIGHT}/", {"mode": "mark", "done": "1", "marked": knight_squares()}
    )
    response = signed_in(teacher).get(reverse("people:attempts_csv", args=[classroom.pk]))
    rows = read_csv(response)
    assert [(row[0], row[2], row[3], row[5]) for row in rows[1:]] == [
        ("小華", "馬", KNIGHT, "不正確"),
        ("小華", "馬", KNIGHT, "正確"),
    ]
    assert {row[7] for row in rows[1:]} == {generators.build(KNIGHT).fen}


def test_a_round_of_7_knight_puzzles_asks_at_least_3_kinds_of_question(client):
    kinds = []
    for _ in range(7):
        response = client.get("/practice/knight/")
        puzzle = generators.build(response["Location"].rstrip("/").rsplit("/", 1)[1])
        kinds.append((puzzle.kind, puzzle.target or puzzle.question))
    assert len(set(kinds)) >= 3, kinds
    # Each puzzle is the turn after the last one given to this browser.
    turns = client.session["practice_turns"]
    assert set(turns) == {"knight"}
