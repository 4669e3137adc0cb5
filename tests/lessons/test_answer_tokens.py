"""An answer counts once: every answer form carries a token kept in the attempt's row under a
unique index (lessons.answer_tokens), so an answer sent again — a worker killed after the
commit, a retry after a lost connection, a double tap — is recorded once and answered as the
first was. On SQLite and PostgreSQL alike (the suite runs on both)."""

import re
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from curriculum.loading import load_curriculum
from lessons import answer_tokens
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from lessons.progress import AnswerSentElsewhere, record_attempt
from tests.lessons.lesson_fixtures import (
    CASTLE_FREE,
    CASTLE_MOVED,
    can_castle_short,
    curriculum,  # noqa: F401 (fixture)
)

TOKEN_INPUT = re.compile(r'<input type="hidden" name="token" value="([A-Za-z0-9_-]{16})">')
JUMP = "/lessons/knight/knight-first-jump/", {"square": "f3", "selected": "g1", "mode": "move"}
WRONG_JUMP = (
    "/lessons/knight/knight-first-jump/",
    {"square": "g3", "selected": "g1", "mode": "move"},
)
COLOUR = "/lessons/knight/knight-colour/"


def token_of(page: str) -> str:
    [token] = TOKEN_INPUT.findall(page)
    return token


def without_token(page: str) -> str:
    """The page but for its form's own fresh token."""
    return TOKEN_INPUT.sub("", page)


def post(client: Client, what: tuple[str, dict], token: str | None):
    """The answer posted as htmx posts it (the puzzle's section comes back alone)."""
    url, data = what
    return client.post(url, data | ({"token": token} if token else {}), HTTP_HX_REQUEST="true")


def twice(client: Client, what: tuple[str, dict]) -> tuple[str, str]:
    """The answer posted, then posted again with the same token: both pages."""
    token = answer_tokens.new()
    first, second = post(client, what, token), post(client, what, token)
    assert first.status_code == second.status_code == 200
    return first.content.decode(), second.content.decode()


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_every_answer_form_carries_a_fresh_token_each_time_it_is_drawn(client):
    page = client.get("/lessons/knight/?puzzle=knight-first-jump").content.decode()
    again = client.get("/lessons/knight/?puzzle=knight-first-jump").content.decode()
    answered = post(client, WRONG_JUMP, token_of(page)).content.decode()
    assert len({token_of(page), token_of(again), token_of(answered)}) == 3
    [attempt] = Attempt.objects.all()
    assert attempt.token == token_of(page)  # kept in the attempt's own row


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_a_wrong_move_sent_twice_is_recorded_once_and_answered_as_the_first_was(client):
    first, second = twice(client, WRONG_JUMP)
    assert "這步棋不合規則。" in first
    assert without_token(second) == without_token(first)
    assert Attempt.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_the_second_wrong_try_sent_again_still_brings_the_hint_as_the_first_did(client):
    post(client, (COLOUR, {"answer": "light"}), answer_tokens.new())
    # The second wrong try brings the hint by itself; sent again, the hint is shown already
    # (the first's session was saved), and the answer still says it as the first did.
    first, second = twice(client, (COLOUR, {"answer": "light"}))
    assert "下面有一個提示，可以幫你想一想。" in first
    assert without_token(second) == without_token(first)
    assert list(Attempt.objects.values_list("verdict", "hint_used")) == [
        ("incorrect", False),
        ("incorrect", False),
    ]


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_a_solve_sent_twice_keeps_its_stars_once_and_shows_the_same_stars(client):
    post(client, WRONG_JUMP, answer_tokens.new())
    first, second = twice(client, JUMP)
    assert "data-solved" in first and "你得到 2 顆星！" in first
    assert without_token(second) == without_token(first)
    assert list(Attempt.objects.order_by("id").values_list("verdict", flat=True)) == [
        "illegal",
        "correct",
    ]
    assert list(PuzzleResult.objects.values_list("puzzle", "stars")) == [("knight-first-jump", 2)]


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_a_form_without_a_token_is_recorded_each_time_as_before(client):
    post(client, WRONG_JUMP, None)
    post(client, WRONG_JUMP, None)
    assert list(Attempt.objects.values_list("token", flat=True)) == [None, None]


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
@pytest.mark.parametrize(
    "token", ["short", "x" * 25, "abcdefghijklmno<", "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐ"]
)
def test_a_token_no_form_sends_is_a_400_in_the_learners_words_and_records_nothing(client, token):
    response = post(client, WRONG_JUMP, token)
    assert response.status_code == 400
    assert "看不懂這個答案。" in response.content.decode()
    assert not Attempt.objects.exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_another_learners_token_is_a_400_and_their_answer_stays_theirs(client):
    token = answer_tokens.new()
    post(Client(), JUMP, token)
    response = post(client, WRONG_JUMP, token)
    assert response.status_code == 400
    assert "這個答案已經送出過了。" in response.content.decode()
    assert list(Attempt.objects.values_list("verdict", flat=True)) == ["correct"]


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_a_browsers_first_answer_sent_again_after_its_session_was_lost_finds_its_learner(client):
    """The worker was killed after the commit: the session naming the new learner was never
    saved, and the browser sends the answer again, later, with only its CSRF cookie."""
    page = client.get("/lessons/knight/?puzzle=knight-first-jump").content.decode()
    token = token_of(page)
    post(client, JUMP, token)
    learner = Learner.objects.get()
    Learner.objects.update(created_at=timezone.now() - timedelta(hours=1))  # past the race
    again = Client()
    again.cookies["csrftoken"] = client.cookies["csrftoken"].value
    response = post(again, JUMP, token)
    assert response.status_code == 200 and "data-solved" in response.content.decode()
    assert again.session[LEARNER_SESSION_KEY] == learner.pk
    assert Learner.objects.count() == 1 and Attempt.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_two_posts_with_one_token_arriving_at_once_record_one_attempt(client, monkeypatch):
    """The second post arrives while the first has read what it records from and not yet
    written: the second is written first, and the first then meets its token."""
    import lessons.pages

    post(client, WRONG_JUMP, answer_tokens.new())  # the browser's learner, first
    token = answer_tokens.new()
    read = lessons.pages.learner_and_history
    inner = []

    def read_then_let_the_other_in(request, puzzle, lesson):
        found = read(request, puzzle, lesson)
        if not inner:
            inner.append("in")  # the other post reads and writes now, whole
            inner.append(post(client, JUMP, token).content.decode())
        return found

    monkeypatch.setattr(lessons.pages, "learner_and_history", read_then_let_the_other_in)
    first = post(client, JUMP, token).content.decode()
    assert "data-solved" in first and "你得到 2 顆星！" in first
    assert without_token(first) == without_token(inner[1])
    assert Attempt.objects.filter(token=token).count() == 1
    assert PuzzleResult.objects.get().stars == 2
    assert Attempt.objects.count() == 2


@pytest.mark.django_db
def test_recording_the_same_token_again_returns_what_the_first_recorded():
    learner, other = Learner.objects.create(), Learner.objects.create()
    fields = dict(lesson="knight", puzzle="p1", answer="g1f3", fen="x")
    record_attempt(learner, verdict="illegal", token="t" * 16, **fields)
    first = record_attempt(learner, verdict="correct", hint_used=False, token="u" * 16, **fields)
    again = record_attempt(learner, verdict="correct", hint_used=True, token="u" * 16, **fields)
    assert again == first  # the same attempt, its stars (2, not 1 with the hint) and mistakes
    assert (first.stars, first.mistakes, first.lesson_stars) == (2, 1, {"p1": 2})
    with pytest.raises(AnswerSentElsewhere):
        record_attempt(other, verdict="correct", token="u" * 16, **fields)
    assert Attempt.objects.count() == 2


REASK = (
    'slug = "castling"\ntitle = "王車易位"\ngroup = "special"\norder = 1\n'
    'summary = "王和車一起走。"\nintro = ["王往車的方向走兩格。"]\n'
    + can_castle_short("castling-free", CASTLE_FREE, "yes")
    + can_castle_short("castling-moved", CASTLE_MOVED, "no")
)


@pytest.mark.django_db
def test_a_miss_sent_again_after_its_place_moved_on_is_answered_where_it_was_asked(
    client, tmp_path, monkeypatch
):
    (tmp_path / "castling.toml").write_text(REASK, encoding="utf-8")
    reask = load_curriculum(tmp_path)
    for module in ("views", "answering", "progress"):
        monkeypatch.setattr(f"lessons.{module}.get_curriculum", lambda: reask)
    miss = ("/lessons/castling/castling-moved/", {"answer": "yes", "asked": "castling-moved"})
    first, second = twice(client, miss)  # the first moved the place on to castling-free
    assert "data-reask" in first
    assert without_token(second) == without_token(first)
    assert Attempt.objects.count() == 1
    # A page left behind without an answer recorded is still told the puzzle moved on.
    response = post(client, miss, answer_tokens.new())
    assert response.status_code == 400 and Attempt.objects.count() == 1


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent writers need a server database (SQLite's test database is in memory)",
)
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("curriculum")
def test_two_workers_answering_one_token_at_the_same_moment_write_one_row(monkeypatch):
    """Two threads (two workers) with one browser's cookies: both read, then both write; one
    INSERT waits for the other's commit and meets its token."""
    import lessons.progress

    browser = Client()
    post(browser, WRONG_JUMP, answer_tokens.new())  # the browser's learner
    both_read = threading.Barrier(2, timeout=10)
    planned, waited = lessons.progress._plan, threading.local()

    def plan_then_wait(*args):
        found = planned(*args)
        if threading.current_thread() is not threading.main_thread() and not hasattr(
            waited, "once"
        ):
            waited.once = True  # the plan before the INSERT, not the one after its conflict
            both_read.wait()
        return found

    monkeypatch.setattr(lessons.progress, "_plan", plan_then_wait)
    token, pages = answer_tokens.new(), []

    def worker():
        tab = Client()
        tab.cookies = browser.cookies
        pages.append(post(tab, JUMP, token))
        connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [page.status_code for page in pages] == [200, 200]
    assert without_token(pages[0].content.decode()) == without_token(pages[1].content.decode())
    assert Attempt.objects.filter(token=token).count() == 1
    assert PuzzleResult.objects.count() == 1
