"""A question with two options is not a coin toss: after a miss the page says why, then
asks the same question in another position in the puzzle's place (same number, same
address) before the puzzle counts; a right answer there solves the puzzle."""

import re

import pytest

from curriculum.loading import load_curriculum
from lessons.answering import REASKS_SESSION_KEY
from lessons.models import Attempt, PuzzleResult
from tests.lessons.lesson_fixtures import CASTLE_ATTACKED as ATTACKED
from tests.lessons.lesson_fixtures import CASTLE_FREE as FREE
from tests.lessons.lesson_fixtures import CASTLE_MOVED as MOVED
from tests.lessons.lesson_fixtures import can_castle_short

pytestmark = pytest.mark.django_db


LESSON = (
    """slug = "castling"
title = "王車易位"
group = "special"
order = 1
summary = "王和車一起走。"
intro = ["王往車的方向走兩格。"]
"""
    + can_castle_short(
        "castling-free",
        FREE,
        "yes",
        prompt="王和車都沒走過。可以短易位嗎？",
        hint="王和車都還在原位。",
        explanation="可以，王和車都沒走過。",
    )
    + can_castle_short(
        "castling-moved",
        MOVED,
        "no",
        prompt="王走過又走回來了。可以短易位嗎？",
        hint="王走過一次就不行了。",
        explanation="不行，王走過了。",
    )
    + can_castle_short(
        "castling-attacked",
        ATTACKED,
        "no",
        prompt="黑車看著 f1。可以短易位嗎？",
        hint="王要經過 f1。",
        explanation="不行，f1 被攻擊。",
    )
    + """
[[puzzles]]
id = "castling-long-rights"
kind = "choice"
prompt = "白方可以長易位嗎？"
fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
question = "can_castle"
side = "long"
options = [
  { value = "yes", text = "可以" },
  { value = "no", text = "不行" },
  { value = "later", text = "等一下才可以" },
]
answer = ["yes"]
hint = "王和車都沒走過。"
explanation = "可以長易位。"
"""
)

MOVED_URL = "/lessons/castling/castling-moved/"
PAGE_URL = "/lessons/castling/?puzzle=castling-moved"


@pytest.fixture(autouse=True)
def curriculum(tmp_path, monkeypatch):
    (tmp_path / "castling.toml").write_text(LESSON, encoding="utf-8")
    curriculum = load_curriculum(tmp_path)
    assert curriculum.errors == ()
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: curriculum)
    monkeypatch.setattr("lessons.answering.get_curriculum", lambda: curriculum)
    return curriculum


def html(response) -> str:
    return response.content.decode()


def board_fen(page: str) -> str:
    return re.search(r'data-board data-fen="([^"]+)"', page).group(1)


def miss(client):
    """castling-moved answered "yes": the king has moved, so it is "no"."""
    return client.post(MOVED_URL, {"answer": "yes", "asked": "castling-moved"})


def test_a_miss_says_why_and_offers_one_more_instead_of_the_options(client):
    response = miss(client)
    page = html(response)
    assert response.status_code == 200
    assert "還差一點！" in page
    assert "換一個位置，再回答一次同樣的問題。" in page
    assert re.search(
        r'<a class="button big" href="/lessons/castling/\?puzzle=castling-moved#puzzle"'
        r' hx-get="/lessons/castling/\?puzzle=castling-moved" hx-target="#puzzle"'
        r' hx-swap="outerHTML" data-reask-link autofocus>再試一題</a>',
        page,
    )
    assert 'name="answer"' not in page  # no coin toss on the same question
    assert board_fen(page) == MOVED  # the board still shows the position just missed
    [attempt] = Attempt.objects.all()
    assert (attempt.puzzle, attempt.verdict, attempt.fen) == ("castling-moved", "incorrect", MOVED)
    assert not PuzzleResult.objects.exists()
    assert client.session[REASKS_SESSION_KEY] == {"castling-moved": "castling-free"}


def test_after_a_miss_the_puzzles_place_asks_the_nearest_partner(client):
    miss(client)
    page = html(client.get(PAGE_URL))
    # The same place (number 2 of 4, the same address), the partner's position and question.
    assert "第 2 題（共 4 題）" in page
    assert 'data-puzzle="castling-moved" data-asked="castling-free"' in page
    assert board_fen(page) == FREE
    assert "王和車都沒走過。可以短易位嗎？" in page
    assert "再試一題：同樣的問題，換一個位置。" in page
    assert 'action="/lessons/castling/castling-moved/"' in page
    assert '<input type="hidden" name="asked" value="castling-free">' in page


def test_a_right_answer_in_the_other_position_solves_the_puzzle_with_the_stars_of_a_second_try(
    client,
):
    miss(client)
    page = html(client.post(MOVED_URL, {"answer": "yes", "asked": "castling-free"}))
    assert "data-solved" in page
    assert "可以，王和車都沒走過。" in page  # the explanation of the position answered
    result = PuzzleResult.objects.get()
    assert (result.puzzle, result.stars) == ("castling-moved", 2)
    solve = Attempt.objects.filter(verdict="correct").get()
    assert (solve.puzzle, solve.fen, solve.answer) == ("castling-moved", FREE, "yes")
    assert not PuzzleResult.objects.filter(puzzle="castling-free").exists()
    assert client.session[REASKS_SESSION_KEY] == {}
    # Coming back, the puzzle asks its own position again.
    assert board_fen(html(client.get(PAGE_URL))) == MOVED


def test_a_miss_in_the_other_position_moves_on_round_the_cycle(client):
    miss(client)
    # castling-free is "yes": "no" misses again; the next partner is castling-attacked.
    page = html(client.post(MOVED_URL, {"answer": "no", "asked": "castling-free"}))
    assert "再試一題" in page
    assert 'name="answer"' not in page
    assert client.session[REASKS_SESSION_KEY] == {"castling-moved": "castling-attacked"}
    assert board_fen(html(client.get(PAGE_URL))) == ATTACKED
    client.post(MOVED_URL, {"answer": "yes", "asked": "castling-attacked"})
    # The partners done, the puzzle's own position comes round again.
    assert client.session[REASKS_SESSION_KEY] == {"castling-moved": "castling-moved"}
    page = html(client.get(PAGE_URL))
    assert board_fen(page) == MOVED
    assert "data-asked" not in page
    client.post(MOVED_URL, {"answer": "no", "asked": "castling-moved"})
    assert PuzzleResult.objects.get().stars == 1
    assert [a.fen for a in Attempt.objects.order_by("pk")] == [MOVED, FREE, ATTACKED, MOVED]


def test_a_right_first_answer_is_three_stars_and_asks_nothing_more(client):
    page = html(client.post(MOVED_URL, {"answer": "no", "asked": "castling-moved"}))
    assert "data-solved" in page
    assert "再試一題" not in page
    assert PuzzleResult.objects.get().stars == 3
    assert REASKS_SESSION_KEY not in client.session


def test_a_question_with_three_options_is_tried_again_in_place(client):
    url = "/lessons/castling/castling-long-rights/"
    page = html(client.post(url, {"answer": "later", "asked": "castling-long-rights"}))
    assert "換一個位置" not in page
    assert 'name="answer"' in page
    assert REASKS_SESSION_KEY not in client.session


def test_the_hint_in_the_other_position_is_that_positions_hint(client):
    miss(client)
    page = html(client.post(MOVED_URL, {"hint": "1", "asked": "castling-free"}))
    assert "王和車都還在原位。" in page
    assert "王走過一次就不行了。" not in page


@pytest.mark.parametrize(
    "data",
    [
        {"answer": "no", "asked": "castling-moved"},  # from the page shown before the miss
        {"answer": "no"},  # no position named: the puzzle's own
        {"answer": "yes", "asked": "castling-attacked"},  # not the one asked now
        {"answer": "yes", "asked": "no-such-puzzle"},
    ],
)
def test_an_answer_for_another_position_than_the_one_asked_is_a_400_and_changes_nothing(
    client, data
):
    miss(client)
    response = client.post(MOVED_URL, data)
    assert response.status_code == 400
    assert "這一題換了位置，請重新打開這一題。" in html(response)
    assert Attempt.objects.count() == 1
    assert not PuzzleResult.objects.exists()
    assert client.session[REASKS_SESSION_KEY] == {"castling-moved": "castling-free"}


def test_a_stale_answer_with_no_miss_before_is_a_400(client):
    response = client.post(MOVED_URL, {"answer": "yes", "asked": "castling-free"})
    assert response.status_code == 400
    assert "這一題換了位置" in html(response)
    assert not Attempt.objects.exists()


def test_a_partner_gone_from_the_content_asks_the_puzzle_itself(client):
    miss(client)
    session = client.session
    session[REASKS_SESSION_KEY] = {"castling-moved": "castling-removed"}
    session.save()
    page = html(client.get(PAGE_URL))
    assert board_fen(page) == MOVED
    assert "data-asked" not in page
