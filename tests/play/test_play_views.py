"""下棋 /play/: a game stored move by move, the computer's answers, every refused move
explained as in the lessons, moves re-sent after a lost answer recorded once, 400s in words."""

import io

import chess
import chess.pgn
import pytest

import rules
from board.explanations import explain
from play.models import Game, GameMove
from tests.play.helpers import HTMX, board_fen, move, notes, ply_of, start, verdict

pytestmark = pytest.mark.django_db

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SHUFFLE = "k7/p7/P1KN4/8/8/8/8/7R w - - 0 1"


def test_the_picker_lists_the_four_opponents_weakest_first(client):
    html = client.get("/play/").content.decode()
    order = [
        html.index(f'data-opponent="{name}"')
        for name in ("any_move", "captures_first", "one_move_ahead", "two_moves_ahead")
    ]
    assert order == sorted(order)
    assert "小兔" in html and "貓頭鷹" in html


def test_a_move_is_stored_with_the_computers_answer(client):
    url = start(client)
    response = move(client, url, 0, "e2e4")
    html = response.content.decode()
    assert response.status_code == 200
    assert verdict(html) == "correct"
    game = Game.objects.get()
    moves = list(game.moves.values_list("ply", "uci", "by_computer"))
    assert moves[0] == (0, "e2e4", False) and moves[1][0] == 1 and moves[1][2] is True
    assert board_fen(html) == rules.position_after(START, [m[1] for m in moves])
    assert ply_of(html) == 2


def test_the_same_seed_gives_the_same_answers(client):
    first = start(client, seed=7)
    move(client, first, 0, "e2e4")
    second = start(client, seed=7)
    move(client, second, 0, "e2e4")
    a, b = Game.objects.order_by("pk")
    assert a.moves.get(ply=1).uci == b.moves.get(ply=1).uci


def test_a_move_sent_again_after_a_lost_answer_is_recorded_once(client):
    url = start(client)
    first = move(client, url, 0, "e2e4").content.decode()
    again = move(client, url, 0, "e2e4")
    assert again.status_code == 200
    assert GameMove.objects.count() == 2
    assert board_fen(again.content.decode()) == board_fen(first)


def test_a_move_made_on_an_old_board_changes_nothing(client):
    url = start(client)
    move(client, url, 0, "e2e4")
    response = move(client, url, 0, "d2d4")
    assert response.status_code == 200
    assert "棋局已經往下走了" in response.content.decode()
    assert GameMove.objects.count() == 2


def test_an_illegal_move_is_explained_as_in_the_lessons(client):
    url = start(client)
    html = move(client, url, 0, "g1e3").content.decode()
    assert verdict(html) == "illegal"
    for sentence in explain(rules.check_move(START, "g1e3")):
        assert sentence in html
    assert GameMove.objects.count() == 0


def test_the_game_survives_a_reload(client):
    url = start(client)
    after = move(client, url, 0, "e2e4").content.decode()
    page = client.get(url).content.decode()
    assert board_fen(page) == board_fen(after)
    assert "走下去" in client.get("/play/").content.decode()  # 「繼續下棋」 on the picker


def test_as_black_the_computer_moves_first(client):
    url = start(client, side="black")
    html = client.get(url).content.decode()
    assert ply_of(html) == 1
    assert 'data-orientation="black"' in html


def test_checkmate_ends_the_game_with_the_rule_in_words(client):
    url = start(client, fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    html = move(client, url, 0, "a1a8").content.decode()
    game = Game.objects.get()
    assert (game.result, game.ending, game.won) == ("1-0", "checkmate", True)
    assert "將死！你贏了。" in html
    assert 'href="/lessons/checkmate/"' in html
    assert "checkmate" in game.rules_met


def test_the_pgn_parses_in_python_chess(client):
    url = start(client, fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    move(client, url, 0, "a1a8")
    text = client.get(url + "pgn").content.decode()
    parsed = chess.pgn.read_game(io.StringIO(text))
    assert parsed.headers["Result"] == "1-0"
    assert [m.uci() for m in parsed.mainline_moves()] == ["a1a8"]
    assert parsed.end().board().is_checkmate()


def test_a_whole_game_pgn_from_the_start_parses(client):
    url = start(client, opponent="any_move", seed=3)
    for _ in range(6):
        html = client.get(url).content.decode()
        ply = ply_of(html)
        fen = board_fen(html)
        legal = sorted(chess.Board(fen).legal_moves, key=chess.Move.uci)
        choice = next(m.uci() for m in legal if not m.promotion)
        move(client, url, ply, choice)
    parsed = chess.pgn.read_game(io.StringIO(client.get(url + "pgn").content.decode()))
    game = Game.objects.get()
    assert [m.uci() for m in parsed.mainline_moves()] == list(
        game.moves.values_list("uci", flat=True)
    )


def test_take_back_against_the_gentlest_removes_both_moves(client):
    url = start(client)
    move(client, url, 0, "e2e4")
    response = client.post(url + "takeback", {"ply": "2"}, **HTMX)
    assert response.status_code == 200
    assert GameMove.objects.count() == 0
    again = client.post(url + "takeback", {"ply": "2"}, **HTMX)  # sent twice: once
    assert again.status_code == 200 and GameMove.objects.count() == 0


def test_no_take_back_against_the_strongest(client):
    url = start(client, opponent="two_moves_ahead")
    move(client, url, 0, "e2e4")
    response = client.post(url + "takeback", {"ply": "2"}, **HTMX)
    assert response.status_code == 400
    assert GameMove.objects.count() == 2


def test_a_threefold_claim_draws(client):
    # Black's king has one move each time (a8 to b8 and back): the rook's shuffle brings the
    # start position back a third time after eight moves, and the child claims.
    url = start(client, fen=SHUFFLE)
    early = client.post(url + "claim", {"ply": "0"}, **HTMX).content.decode()
    assert verdict(early) == "incorrect" and "現在還不能要求和棋" in early
    for ply, uci in zip((0, 2, 4, 6), ("h1h2", "h2h1", "h1h2", "h2h1"), strict=True):
        move(client, url, ply, uci)
    page = client.get(url).content.decode()
    assert "threefold_claimable" in notes(page)
    response = client.post(url + "claim", {"ply": "8"}, **HTMX)
    game = Game.objects.get()
    assert response.status_code == 200
    assert (game.result, game.ending) == ("1/2-1/2", "threefold_repetition")
    assert "和棋：三次重複" in response.content.decode()  # the lesson it links


@pytest.mark.parametrize(
    "data",
    [
        {"opponent": "stockfish", "side": "white"},
        {"opponent": "any_move", "side": "green"},
        {"opponent": "any_move", "side": "white", "fen": "not a fen"},
        {"opponent": "any_move", "side": "white", "seed": "x"},
        {"opponent": "any_move", "side": "white", "seed": "-3"},
        {"opponent": "any_move", "side": "white", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 " + "9" * 90},
    ],
)
def test_a_bad_new_game_is_a_400_in_words(client, data):
    response = client.post("/play/new", data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_bad_board_posts_are_400s(client):
    url = start(client)
    assert client.post(url, {"ply": "x", "square": "e4"}, **HTMX).status_code == 400
    assert client.post(url, {"ply": "0", "square": "z9"}, **HTMX).status_code == 400
    assert client.post(url + "claim", {"ply": ""}, **HTMX).status_code == 400


def test_another_browsers_game_is_not_found(client):
    url = start(client)
    from django.test import Client

    assert Client().get(url).status_code == 404


def test_a_move_replays_the_games_history_once(client, monkeypatch):
    import rules.position

    url = start(client, seed=2)
    move(client, url, 0, "e2e4")
    counted = []
    replay = rules.position._replay

    def counting(fen, moves):
        if moves:
            counted.append(tuple(moves))
        return replay(fen, moves)

    monkeypatch.setattr(rules.position, "_replay", counting)
    html = move(client, url, 2, "g1f3").content.decode()
    assert verdict(html) == "correct"
    assert len(counted) == 1 and len(counted[0]) == 2  # the two moves before, once


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Little Rabbit", "Owl", "Start the game"]),
        ("zh-hans", ["小兔", "猫头鹰", "开始下棋"]),
    ],
)
def test_the_picker_and_the_game_speak_each_language(client, language, words):
    client.post("/language/", {"language": language})
    html = client.get("/play/").content.decode()
    assert all(word in html for word in words)
    url = start(client, fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    game = client.get(url).content.decode()
    expected = {"en": "Now you can castle.", "zh-hans": "现在可以王车易位了。"}[language]
    assert expected in game


def test_the_lesson_map_links_to_the_games(client):
    assert 'href="/play/" data-play-link' in client.get("/").content.decode()


def test_before_the_notation_lesson_the_moves_are_said_in_pieces_and_squares(client):
    url = start(client, seed=2)
    html = move(client, url, 0, "e2e4").content.decode()
    reply = GameMove.objects.get(ply=1)
    assert "你：白兵從 e2 走到 e4。" in html
    assert f"從 {reply.uci[:2]} 走到 {reply.uci[2:4]}" in html
    assert "你走了" not in html and "走了 " not in html


def test_once_the_notation_lesson_is_begun_the_moves_are_written_in_notation(client):
    from django.utils import timezone

    from lessons.models import Learner, PuzzleResult

    url = start(client, seed=2)
    learner = Learner.objects.get()
    PuzzleResult.objects.create(
        learner=learner, lesson="notation", puzzle="notation-1", stars=3, solved_at=timezone.now()
    )
    html = move(client, url, 0, "e2e4").content.decode()
    reply = GameMove.objects.get(ply=1)
    assert "你走了 e4。" in html
    assert f"走了 {reply.san}。" in html
