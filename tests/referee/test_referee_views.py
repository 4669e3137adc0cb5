"""裁判棋盤 views: every one answers the full page, and the partial to htmx; bad input is a 400."""

import re

import pytest
from django.test import Client

import rules
from board.explanations import explain
from referee.views import SESSION_KEY

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT_SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def move(client: Client, frm: str, to: str, htmx: bool = True, **extra):
    headers = HTMX if htmx else {}
    return client.post("/board/", {"selected": frm, "square": to, **extra}, **headers)


def board_fen(html: str) -> str:
    return re.search(r'data-board data-fen="([^"]+)"', html).group(1)


def highlighted(html: str) -> set[str]:
    return set(re.findall(r'data-square="(\w\d)"[^>]*data-highlight', html))


def verdict(html: str) -> str | None:
    found = re.search(r'data-feedback data-verdict="(\w+)"', html)
    return found.group(1) if found else None


def test_the_page_shows_the_initial_position_with_white_at_the_bottom(client):
    response = client.get("/board/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<title>裁判棋盤 · 西洋棋規則家教</title>" in html
    assert board_fen(html) == START
    assert 'data-orientation="white"' in html
    assert html.count('name="square"') == 64
    assert "輪到白方走棋。" in html
    assert "HX-Request" in response["Vary"]


def test_the_htmx_request_gets_only_the_partial(client):
    response = client.get("/board/", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="referee" class="referee">')
    assert "<html" not in html
    assert "data-board" in html and "data-feedback" in html


def test_a_legal_move_is_played_and_the_board_turns_to_black(client):
    response = move(client, "g1", "f3")
    html = response.content.decode()
    assert response.status_code == 200
    assert verdict(html) == "correct"
    assert "白方走了 Nf3。" in html
    assert board_fen(html) == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    assert 'data-orientation="black"' in html
    assert "data-last-move" in html


def test_the_same_move_without_javascript_answers_the_full_page(client):
    response = move(client, "e2", "e4", htmx=False)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert verdict(html) == "correct"
    assert "白方走了 e4。" in html


def test_a_first_tap_without_javascript_picks_the_piece_up(client):
    response = client.post("/board/", {"square": "g1", "selected": ""})
    html = response.content.decode()
    assert '<input type="hidden" name="selected" value="g1">' in html
    picked_up = 'aria-label="g1，白馬" data-piece="N" aria-pressed="true" data-selected>'
    assert picked_up in html
    assert verdict(html) is None


def test_a_knight_move_that_is_no_l_is_explained_and_the_piece_goes_back(client):
    response = move(client, "g1", "e3")
    html = response.content.decode()
    assert response.status_code == 200
    assert verdict(html) == "illegal"
    assert "這步棋不合規則" in html
    for sentence in explain(rules.check_move(START, "g1e3")):
        assert sentence in html
    assert "白馬不能從 g1 走到 e3：馬走 L 形。" in html
    assert highlighted(html) == {"g1", "e3"}  # the squares the sentence names
    assert board_fen(html) == START
    assert client.session.get(SESSION_KEY) is None  # nothing was played


def test_a_blocked_bishop_highlights_the_blocker(client):
    html = move(client, "f1", "c4").content.decode()
    assert verdict(html) == "illegal"
    assert highlighted(html) == {"e2"}


def test_the_game_survives_a_reload(client):
    move(client, "e2", "e4")
    move(client, "e7", "e5")
    html = client.get("/board/").content.decode()
    assert board_fen(html) == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert '<th scope="row">1</th><td>e4</td><td>e5</td>' in html


def test_fools_mate_is_announced_and_the_board_is_locked(client):
    for frm, to in [("f2", "f3"), ("e7", "e5"), ("g2", "g4")]:
        move(client, frm, to)
    html = move(client, "d8", "h4").content.decode()
    assert "黑方獲勝" in html
    assert html.count(" disabled>") == 64
    assert client.session[SESSION_KEY]["result"] == "0-1"


def test_a_move_after_the_end_is_a_400_with_a_message(client):
    client.post("/board/resign", {"side": "white", "confirm": "1"})
    response = move(client, "e2", "e4")
    assert response.status_code == 400
    assert "這盤棋已經結束了" in response.content.decode()


def test_a_pawn_reaching_the_last_rank_opens_the_promotion_picker(client):
    client.get("/board/?fen=8/4P3/8/8/8/8/k7/4K3+w+-+-+0+1")
    html = move(client, "e7", "e8").content.decode()
    assert '<input type="hidden" name="pending" value="e7e8">' in html
    assert "升變為后" in html and "升變為馬" in html
    html = client.post("/board/", {"promotion": "n", "pending": "e7e8"}, **HTMX).content.decode()
    assert board_fen(html) == "4N3/8/8/8/8/8/k7/4K3 b - - 0 1"
    assert "白方走了 e8=N。" in html


def test_a_typed_move_is_played(client):
    html = client.post("/board/", {"typed": "Nc3"}, **HTMX).content.decode()
    assert "白方走了 Nc3。" in html


def test_typed_text_that_is_no_move_gets_a_kind_word(client):
    html = client.post("/board/", {"typed": "horse"}, **HTMX).content.decode()
    assert "看不懂這步棋" in html
    assert board_fen(html) == START


@pytest.mark.parametrize(
    "data",
    [
        {"square": "z9"},
        {"square": "e4", "selected": "e22"},
        {"promotion": "k", "pending": "e7e8"},
        {"mode": "mark", "square": "e4"},
    ],
)
def test_a_malformed_move_post_is_a_400_with_a_message(client, data):
    response = client.post("/board/", data, **HTMX)
    assert response.status_code == 400
    assert '<p class="error-message" role="alert">' in response.content.decode()


def test_a_fen_in_the_address_starts_a_game_from_it(client):
    response = client.get("/board/", {"fen": "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"})
    assert response.status_code == 302
    assert response["Location"] == "/board/"
    html = client.get("/board/").content.decode()
    assert board_fen(html) == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"
    assert 'data-orientation="black"' in html


@pytest.mark.parametrize(
    "fen", ["nonsense", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R b K - 0 1x"]
)
def test_a_bad_fen_in_the_address_is_a_400_page_in_chinese(client, fen):
    response = client.get("/board/", {"fen": fen})
    assert response.status_code == 400
    assert "局面不合規則" in response.content.decode()


def test_threefold_repetition_offers_the_claim_and_the_claim_draws(client):
    for uci in KNIGHT_SHUFFLE * 2:
        move(client, uci[:2], uci[2:])
    html = client.get("/board/").content.decode()
    assert "要求和棋</button>" in html
    response = client.post("/board/claim", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert verdict(html) == "correct"
    assert client.session[SESSION_KEY]["ending"] == "threefold_repetition"


def test_a_claim_without_grounds_is_refused_and_play_goes_on(client):
    html = client.post("/board/claim").content.decode()
    assert verdict(html) == "incorrect"
    assert "現在還不能要求和棋" in html
    assert "輪到白方走棋。" in html


def test_a_claim_too_early_says_what_each_claim_still_needs(client):
    for uci in KNIGHT_SHUFFLE:  # the start position a second time
        move(client, uci[:2], uci[2:])
    html = client.post("/board/claim", **HTMX).content.decode()
    assert verdict(html) == "incorrect"
    assert "這個局面只出現了 2 次：要出現三次才能要求和棋。" in html
    assert "雙方各只走了 2 步沒有吃子、沒有走兵：要各走滿 50 步才能要求和棋。" in html


def test_en_passant_one_move_late_is_too_late_not_never_two_squares(client):
    """The pawn did go d7-d5: the referee says 「太晚了」 as the lesson and /play/ do (before:
    「d5 的黑兵不是剛走兩格」, the resumed position starting after the pawn's move)."""
    client.get("/board/", {"fen": "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"})
    for uci in ("d7d5", "e1e2", "e8f8"):
        move(client, uci[:2], uci[2:])
    html = move(client, "e5", "d6").content.decode()
    assert verdict(html) == "illegal"
    assert "太晚了：d5 的黑兵只有在它剛走兩格之後的下一步，才能被吃過路兵。" in html
    assert "不是剛走兩格" not in html


def test_the_claim_with_a_move_is_offered_only_when_a_move_would_bring_it(client):
    box = 'name="claim_draw"'
    assert box not in client.get("/board/").content.decode()
    for uci in KNIGHT_SHUFFLE + KNIGHT_SHUFFLE[:2]:
        move(client, uci[:2], uci[2:])
    assert box not in client.get("/board/").content.decode()  # f3g1: its 2nd time only
    move(client, "f3", "g1")
    assert box in client.get("/board/").content.decode()  # f6g8: the start a 3rd time


def test_claiming_by_declaring_the_move_draws_at_once(client):
    for uci in KNIGHT_SHUFFLE * 2 + KNIGHT_SHUFFLE[:3]:
        move(client, uci[:2], uci[2:])
    move(client, "f6", "g8", claim_draw="1")
    assert client.session[SESSION_KEY]["ending"] == "threefold_repetition"


def test_a_draw_by_agreement_before_both_players_moved_is_refused(client):
    # FIDE Laws 5.2.3: both players must have made at least one move.
    assert "提議和棋" not in client.get("/board/").content.decode()
    html = client.post("/board/draw", {"confirm": "1"}, **HTMX).content.decode()
    assert "雙方都至少走了一步之後，才可以協議和棋。" in html
    assert client.session.get(SESSION_KEY) is None or client.session[SESSION_KEY]["result"] == "*"
    move(client, "e2", "e4")
    assert "提議和棋" not in client.get("/board/").content.decode()
    move(client, "e7", "e5")
    assert "提議和棋" in client.get("/board/").content.decode()


def test_a_draw_by_agreement_asks_first_then_draws(client):
    move(client, "e2", "e4")
    move(client, "e7", "e5")
    html = client.post("/board/draw", **HTMX).content.decode()
    assert "雙方都同意和棋嗎？" in html
    assert client.session.get(SESSION_KEY) is None or client.session[SESSION_KEY]["result"] == "*"
    html = client.post("/board/draw", {"confirm": "1"}, **HTMX).content.decode()
    assert "和棋" in html
    assert client.session[SESSION_KEY]["ending"] == "agreement"


def test_resignation_asks_first_then_the_other_side_wins(client):
    html = client.post("/board/resign", {"side": "black"}).content.decode()
    assert "<html" in html and "黑方確定要認輸嗎？" in html
    html = client.post("/board/resign", {"side": "black", "confirm": "1"}).content.decode()
    assert "白方獲勝" in html
    assert client.session[SESSION_KEY]["result"] == "1-0"


def test_resigning_without_a_side_is_a_400(client):
    assert client.post("/board/resign", {"side": "green"}).status_code == 400


def test_a_new_game_asks_first_while_a_game_is_on(client):
    move(client, "e2", "e4")
    html = client.post("/board/new", **HTMX).content.decode()
    assert "要放棄這一局" in html
    html = client.post("/board/new", {"confirm": "1"}, **HTMX).content.decode()
    assert board_fen(html) == START


def test_the_pgn_downloads_with_the_result(client):
    for frm, to in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]:
        move(client, frm, to)
    response = client.get("/board/pgn")
    text = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-chess-pgn; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="referee-game.pgn"'
    assert '[Result "0-1"]' in text
    assert "1. f3 e5 2. g4 Qh4# 0-1" in text


def test_the_action_views_refuse_get(client):
    for url in ("/board/claim", "/board/draw", "/board/resign", "/board/new"):
        assert client.get(url).status_code == 405


@pytest.mark.parametrize(
    "url,data",
    [
        ("/board/", {"square": "e2"}),
        ("/board/claim", {}),
        ("/board/draw", {}),
        ("/board/resign", {"side": "white"}),
        ("/board/new", {}),
    ],
)
def test_every_post_view_answers_the_page_or_the_partial(client, url, data):
    page = client.post(url, data)
    partial = client.post(url, data, **HTMX)
    assert page.status_code == partial.status_code == 200
    assert "<html" in page.content.decode()
    assert '<div id="referee" class="referee">' in page.content.decode()
    assert partial.content.decode().lstrip().startswith('<div id="referee" class="referee">')
    assert "<html" not in partial.content.decode()
    assert "HX-Request" in partial["Vary"]


@pytest.mark.parametrize(
    "fen,frm,to,sentence",
    [
        ("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1", "e6", "f7", "逼和：輪到走棋的一方沒有被將軍"),
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1", "e2", "死局：雙方剩下的棋子都不夠將死對方"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 149 100", "a1", "a2", "雙方各走了七十五步"),
    ],
)
def test_an_automatic_draw_is_announced_and_ends_the_game(client, fen, frm, to, sentence):
    client.get("/board/", {"fen": fen})
    html = move(client, frm, to).content.decode()
    assert sentence in html
    assert "和棋。" in html
    assert html.count(" disabled>") == 64
    assert client.session[SESSION_KEY]["result"] == "1/2-1/2"


def test_fivefold_repetition_is_announced(client):
    for uci in KNIGHT_SHUFFLE * 4:
        html = move(client, uci[:2], uci[2:]).content.decode()
    assert "同一個局面出現了五次，這盤棋自動和棋。" in html
    assert client.session[SESSION_KEY]["ending"] == "fivefold_repetition"


def test_the_fifty_move_rule_offers_the_claim_to_the_side_to_move(client):
    client.get("/board/", {"fen": "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"})
    html = move(client, "a1", "a2").content.decode()
    assert "黑方可以要求和棋" in html
    assert "雙方各走了五十步，都沒有吃子也沒有走兵：可以要求和棋。" in html
    html = client.post("/board/claim", **HTMX).content.decode()
    assert "要求和棋成立：雙方各走了五十步，都沒有吃子也沒有走兵。" in html
    assert client.session[SESSION_KEY]["ending"] == "fifty_moves"


def orientation(html: str) -> str:
    return re.search(r'data-orientation="(\w+)"', html).group(1)


def test_the_board_turns_to_the_side_to_move_by_default(client):
    assert orientation(move(client, "e2", "e4").content.decode()) == "black"
    assert 'name="bottom" value="turn" class="secondary" aria-pressed="true"' in (
        client.get("/board/").content.decode()
    )


def test_the_board_can_keep_one_side_at_the_bottom(client):
    html = client.post("/board/bottom", {"bottom": "white"}, **HTMX).content.decode()
    assert orientation(html) == "white"
    assert orientation(move(client, "e2", "e4").content.decode()) == "white"
    assert orientation(move(client, "e7", "e5").content.decode()) == "white"
    client.post("/board/bottom", {"bottom": "black"})
    assert orientation(move(client, "g1", "f3").content.decode()) == "black"
    client.post("/board/bottom", {"bottom": "turn"})
    assert orientation(client.get("/board/").content.decode()) == "black"  # black to move


def test_an_unknown_way_of_turning_the_board_is_a_400_in_chinese(client):
    response = client.post("/board/bottom", {"bottom": "sideways"})
    assert response.status_code == 400
    assert "請選擇棋盤的方向。" in response.content.decode()


def test_the_checkmated_king_is_marked(client):
    for frm, to in [("f2", "f3"), ("e7", "e5"), ("g2", "g4")]:
        move(client, frm, to)
    html = move(client, "d8", "h4").content.decode()
    marked = re.findall(r'data-square="(\w\d)"[^>]*data-mated', html)
    assert marked == ["e1"]
    assert 'aria-label="e1，白王，被將死"' in html


def test_a_first_tap_on_the_other_sides_piece_says_whose_turn_it_is_at_once(client):
    """Issue 25: not picked up in silence and refused only at the second tap."""
    client.get("/board/")
    response = client.post("/board/", {"square": "e7"}, **HTMX)
    html = response.content.decode()
    assert verdict(html) == "illegal"
    assert '<p class="feedback-title">現在輪到白方。</p>' in html
    assert "<p>e7 的黑兵不是你的棋子：現在輪到白方走。</p>" in html
    assert highlighted(html) == {"e7"}
    assert "data-selected" not in html
    assert board_fen(html) == START  # nothing played


def test_a_first_tap_on_a_piece_of_the_side_to_move_picks_it_up(client):
    client.get("/board/")
    html = client.post("/board/", {"square": "e2"}, **HTMX).content.decode()
    assert verdict(html) is None
    assert re.search(r'data-square="e2"[^>]*aria-pressed="true" data-selected', html)
