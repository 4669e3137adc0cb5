"""While the database is away the learner gets a 503 in their language, and nothing of the
answer is half-written."""

import pytest
from django.db import OperationalError
from django.test import Client

from lessons.models import Attempt, PuzzleResult

pytestmark = pytest.mark.django_db

ANSWER = "/lessons/board/board-step-to-e2/"


def _gone(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def test_an_answer_the_database_cannot_store_is_a_503_asking_to_try_again(monkeypatch):
    client = Client(raise_request_exception=False)
    client.get("/lessons/board/?puzzle=board-step-to-e2")
    monkeypatch.setattr("lessons.models.Attempt.save", _gone)
    answer = {"square": "e2", "selected": "e1", "mode": "move"}
    response = client.post(ANSWER, answer, headers={"HX-Request": "true"})
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    text = response.content.decode()
    assert "請再試一次" in text and "你做的都還在" in text
    assert not Attempt.objects.exists() and not PuzzleResult.objects.exists()


def test_in_english_the_page_says_so_in_english(monkeypatch):
    client = Client(raise_request_exception=False, headers={"Accept-Language": "en"})
    client.cookies["django_language"] = "en"
    monkeypatch.setattr("lessons.views.get_curriculum", _gone)
    monkeypatch.setattr("lessons.presenter.get_curriculum", _gone)
    response = client.get("/lessons/board/")
    assert response.status_code == 503
    assert "Please try again" in response.content.decode()


def test_any_other_failure_is_still_a_500(monkeypatch):
    client = Client(raise_request_exception=False)
    monkeypatch.setattr("lessons.views.get_curriculum", lambda: 1 / 0)
    monkeypatch.setattr("lessons.presenter.get_curriculum", lambda: 1 / 0)
    assert client.get("/lessons/board/").status_code == 500
