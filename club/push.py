"""A club game's move pushed to the other phone (live.push: nginx's Nchan), where a push
server is in front: the channel ``game-<id>`` carries ``{"ply": n, "result": r}`` after
each change, and the page (static/js/club-push.js) fetches the game when its ply is older.
Without a push server (LIVE_PUSH empty) nothing is published and the page polls."""

from __future__ import annotations

from django.http import HttpRequest

from club.models import ClubGame
from live import push

KIND = "game"


def channel(game_id: int) -> str:
    return f"{KIND}-{game_id}"


def subscriber_path(game: ClubGame, learner_id: int) -> str:
    """The signed path a player's page subscribes at; "" without a push server."""
    if not push.enabled() or game.over:
        return ""
    return push.subscriber_path(KIND, game.pk, learner_id)


def may_subscribe(request: HttpRequest, game_id: int, learner_id: int) -> bool:
    """Only the game's two players hear of its moves (the learner is the signed-in one)."""
    return (
        ClubGame.objects.filter(pk=game_id, white__student__learner_id=learner_id).exists()
        or ClubGame.objects.filter(pk=game_id, black__student__learner_id=learner_id).exists()
    )


def announce(game: ClubGame) -> None:
    """The game changed (a move, its end): tell both phones once the change is committed."""
    push.after_commit(push.publish, channel(game.pk), {"ply": game.ply, "result": game.result})


push.SUBSCRIBERS[KIND] = may_subscribe
