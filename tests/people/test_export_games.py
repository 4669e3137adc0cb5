"""The learner's JSON export lists the learner's games, move by move."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from play.models import Game, GameMove
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def test_the_json_export_lists_the_childs_games(parent, child):
    started = timezone.now()
    game = Game.objects.create(
        learner=child.learner, opponent="any_move", side="white", start_fen=MATE_IN_ONE, seed=7,
        result="1-0", ending="checkmate", started_at=started, finished_at=started,
    )  # fmt: skip
    GameMove.objects.create(game=game, ply=0, uci="a1a8", san="Ra8#", by_computer=False)
    response = signed_in(parent).get(reverse("people:learner_json", args=[child.learner_id]))
    data = json.loads(b"".join(response.streaming_content))
    assert data["games"] == [
        {
            "opponent": "any_move",
            "side": "white",
            "start_fen": MATE_IN_ONE,
            "moves": ["a1a8"],
            "result": "1-0",
            "ending": "checkmate",
            "started_at": started.isoformat(),
            "finished_at": started.isoformat(),
        }
    ]


def test_a_child_who_never_played_has_no_games(parent, child):
    response = signed_in(parent).get(reverse("people:learner_json", args=[child.learner_id]))
    assert json.loads(b"".join(response.streaming_content))["games"] == []
