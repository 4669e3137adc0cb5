"""A club game pushed to the other phone where a push server is in front (LIVE_PUSH): each
move and each end is published on the game's channel once committed; only the game's two
players may subscribe (nginx asks live's push_auth, which asks club.push)."""

import json

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from club import games, tournaments
from club.push import channel
from live import push
from live.views import PUSH_AUTH_HEADER
from tests.club.helpers import HTMX
from tests.live.helpers import student_client

PUBLISHER = "http://127.0.0.1:9/pub"


@pytest.fixture
def published(monkeypatch):
    sent = []
    monkeypatch.setattr(push, "_send", lambda method, ch, body: sent.append((ch, body)) or True)
    return sent


@override_settings(LIVE_PUSH=PUBLISHER)
def test_a_move_and_the_end_are_published_on_the_games_channel(
    game, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        games.play(game, game.white, 0, "e2e4")
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.forfeit(game.pk, game.black)
    assert [(ch, json.loads(body)) for ch, body in published] == [
        (channel(game.pk), {"ply": 1, "result": "*"}),
        (channel(game.pk), {"ply": 1, "result": "1-0"}),
    ]


def test_nothing_is_published_without_a_push_server(game, published):
    games.play(game, game.white, 0, "e2e4")
    assert published == []


@override_settings(LIVE_PUSH=PUBLISHER)
def test_the_game_page_names_its_signed_channel_only_with_a_push_server(game, students):
    page = student_client(students[0]).get(reverse("club:game", args=[game.pk])).content.decode()
    path = push.subscriber_path("game", game.pk, students[0].learner_id)
    assert f'data-club-push="{path}"' in page
    assert "js/club-push" in page


def test_without_a_push_server_the_page_only_polls(game, students):
    page = student_client(students[3]).get(reverse("club:game", args=[game.pk])).content.decode()
    assert "data-club-push" not in page
    assert f'hx-get="{reverse("club:game", args=[game.pk])}?since=0"' in page


def _asks(client: Client, path: str) -> int:
    return client.get(
        reverse("live:student_round"), headers={PUSH_AUTH_HEADER: path}, **HTMX
    ).status_code


def test_only_the_games_two_players_may_subscribe(game, students):
    for student, allowed in ((students[0], 200), (students[3], 200), (students[1], 403)):
        path = push.subscriber_path("game", game.pk, student.learner_id)
        assert _asks(student_client(student), path) == allowed
    white_path = push.subscriber_path("game", game.pk, students[0].learner_id)
    assert _asks(student_client(students[3]), white_path) == 403  # another's path
    assert _asks(Client(), white_path) == 403
