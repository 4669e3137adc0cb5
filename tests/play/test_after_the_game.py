"""After the game: how it ended and why (the rule, its lesson), the rules met, the moments
missed (「第 1 步你可以王車易位。」), the score sheet, PGN, play again."""

import pytest

from play.models import Game
from tests.play.helpers import HTMX, move, start

pytestmark = pytest.mark.django_db


def resign(client, url, ply):
    client.post(url + "resign", {"ply": str(ply)}, **HTMX)  # asks first
    return client.post(url + "resign", {"ply": str(ply), "confirm": "1"}, **HTMX)


def test_resigning_asks_first(client):
    url = start(client)
    asked = client.post(url + "resign", {"ply": "0"}, **HTMX).content.decode()
    assert "你真的要認輸嗎？" in asked
    assert Game.objects.get().result == "*"


def test_a_castling_never_played_is_a_moment_missed(client):
    url = start(client, fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    move(client, url, 0, "h1h2")
    html = resign(client, url, 2).content.decode()
    game = Game.objects.get()
    assert (game.result, game.ending) == ("0-1", "resignation")
    assert "你認輸了。" in html
    assert 'data-missed="castling"' in html
    assert "第 1 步你可以王車易位。" in html
    assert "castling" in game.rules_met


def test_a_mate_in_one_not_played_is_a_moment_missed(client):
    url = start(client, fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    move(client, url, 0, "a1a2")
    html = resign(client, url, 2).content.decode()
    assert "第 1 步走 Ra8# 就將死了。" in html
    assert 'href="/lessons/checkmate/"' in html


def test_a_stalemate_says_which_rule_drew_and_what_was_missed(client):
    url = start(client, fen="k7/8/1K6/8/8/8/8/2Q5 w - - 0 1")
    html = move(client, url, 0, "c1c7").content.decode()
    game = Game.objects.get()
    assert (game.result, game.ending) == ("1/2-1/2", "stalemate")
    assert 'data-ending="stalemate"' in html
    assert "逼和" in html and 'href="/lessons/stalemate/"' in html
    assert "第 1 步的 Qc7 是逼和，不是將死。" in html
    assert game.rules_met == ["stalemate_trap", "stalemate"]


def test_a_finished_game_shows_its_score_sheet_pgn_and_play_again(client):
    url = start(client, fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    html = move(client, url, 0, "a1a8").content.decode()
    assert "<td>Ra8#</td>" in html
    assert f'href="{url}pgn"' in html
    assert 'href="/play/"' in html and "再下一盤" in html
    # the board is shown, not playable: no move form posts a move after the end
    assert 'data-mode="view"' in html
    late = move(client, url, 1, "g1f1")
    assert late.status_code == 400 and "這盤棋下完了" in late.content.decode()
    assert Game.objects.get().moves.count() == 1
