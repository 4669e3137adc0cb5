"""The arbiter's notes in a game (play.coach over rules.coaching): each note with a position
that triggers it and one that must not, its words, its lesson; off when switched off and,
by default, against the strongest opponent."""

import pytest
from django.utils import translation

import rules
from play import coach
from play.models import Game
from tests.play.helpers import HTMX, move, notes, start

pytestmark = pytest.mark.django_db

SHUFFLE = "k7/p7/P1KN4/8/8/8/8/7R w - - 0 1"  # Black's king: a8, b8, a8, ... only
ROUND = ["h1h2", "a8b8", "h2h1", "b8a8"]


@pytest.fixture(autouse=True)
def chinese():
    with translation.override("zh-hant"):
        yield


def said(fen, moves=()):
    return {note.note: note for note in coach.notes_now(rules.Position(fen, list(moves)))}


@pytest.mark.parametrize(
    ("note", "fen", "moves", "sentence", "lesson", "quiet_fen", "quiet_moves"),
    [
        (
            "check",
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
            (),
            "你的王被將軍了：一定要應將！",
            "/lessons/check/",
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            (),
        ),
        (
            "en_passant",
            "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
            ("d7d5",),
            "你可以吃過路兵，要吃就只能走這一步！",
            "/lessons/en-passant/",
            "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
            ("d7d5", "e1f1", "e8f8"),  # one move later: too late
        ),
        (
            "castling",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            (),
            "現在可以王車易位了。",
            "/lessons/castling/",
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",  # the right is gone
            (),
        ),
        (
            "promotion",
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            (),
            "你的兵可以走到底了：到了就選一個棋子。",
            "/lessons/promotion/",
            "4k3/8/P7/8/8/8/8/4K3 w - - 0 1",
            (),
        ),
        (
            "stalemate_trap",
            "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1",
            (),
            "小心：走 Qc7、Qf4 會逼和，不是將死。",
            "/lessons/stalemate/",
            "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",  # a rook ahead, but no move stalemates
            (),
        ),
        (
            "threefold_claimable",
            SHUFFLE,
            ROUND * 2,
            "同一個局面第三次出現了，你可以要求和棋。",
            "/lessons/draws-repetition/",
            SHUFFLE,
            ROUND,  # only the second time
        ),
        (
            "threefold_by_move",
            SHUFFLE,
            ROUND + ROUND[:3],
            "走 Ka8，同一個局面就第三次出現：可以要求和棋。",
            "/lessons/draws-repetition/",
            SHUFFLE,
            ROUND[:3],
        ),
        (
            "fifty_moves_claimable",
            "4k3/8/8/8/8/8/8/4K2R w - - 100 80",
            (),
            "五十回合沒有吃子也沒有動兵：可以要求和棋。",
            "/lessons/draws-fifty/",
            "4k3/8/8/8/8/8/8/4K2R w - - 98 80",
            (),
        ),
        (
            "fifty_moves_by_move",
            "4k3/8/8/8/8/8/8/4K2R w - - 99 80",
            (),
            "下一步不吃子也不動兵，就滿五十回合：可以要求和棋。",
            "/lessons/draws-fifty/",
            "4k3/8/8/8/8/8/8/4K2R w - - 98 80",
            (),
        ),
    ],
)
def test_each_note_comes_when_its_rule_does(
    note, fen, moves, sentence, lesson, quiet_fen, quiet_moves
):
    found = said(fen, moves)
    assert found[note].text == sentence
    assert found[note].url == lesson
    assert note not in said(quiet_fen, quiet_moves)


def test_the_promotion_picker_says_choose_a_piece():
    note = coach.promotion_note()
    assert (note.text, note.url) == ("你的兵到底了：選一個棋子。", "/lessons/promotion/")


def test_the_game_page_shows_the_notes_with_their_lesson(client):
    url = start(client, fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    html = client.get(url).content.decode()
    assert notes(html) == ["castling"]
    assert 'href="/lessons/castling/"' in html


def test_notes_can_be_turned_off_and_on(client):
    url = start(client, fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    off = client.post(url + "notes", {"coaching": "off"}, **HTMX).content.decode()
    assert notes(off) == []
    assert Game.objects.get().coaching is False
    on = client.post(url + "notes", {"coaching": "on"}, **HTMX).content.decode()
    assert notes(on) == ["castling"]


def test_notes_are_off_against_the_strongest(client):
    url = start(client, opponent="two_moves_ahead", fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    assert notes(client.get(url).content.decode()) == []


def test_a_promotion_shows_the_picker_and_its_note(client):
    url = start(client, fen="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    html = move(client, url, 0, "a7a8").content.decode()
    assert "data-promotion" in html
    assert notes(html) == ["promotion"]
    assert "你的兵到底了：選一個棋子。" in html
    done = move(client, url, 0, "a7a8n").content.decode()
    assert "你：白兵從 a7 走到 a8，升變成白馬。" in done  # before the notation lesson: words


def test_the_stalemate_trap_note_names_two_moves_when_many_stalemate():
    # 34 moves stalemate the king on a8 here: the note names the first two, short for a child.
    fen = "k1K5/3R4/8/8/8/4Q3/8/8 w - - 0 1"
    note = said(fen, ())["stalemate_trap"]
    assert note.text == "小心：走 Kc7、Rb7 會逼和，不是將死。"
    assert len(note.text) <= 40
