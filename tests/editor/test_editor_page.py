"""/editor/: every button of the position editor, answered without a browser (the state in
the query), bad input answered 400 in words, the include's panel, the grown-ups' links."""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from editor.links import LOCKED_SESSION_KEY as EDITOR_LOCK
from people.permissions import LOCKED_SESSION_KEY
from rules.setup import EMPTY_FEN, START_FEN

pytestmark = pytest.mark.django_db
KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def get(client: Client, **query):
    return client.get("/editor/", query)


def panel(response) -> dict:
    """The panel's state as the page writes it for editor.js."""
    html = response.content.decode()
    found = re.search(r'data-fen="([^"]*)" data-moves="([^"]*)" data-tool="([^"]*)"', html)
    said = re.search(r"data-editor-said>(.*?)</p>", html, re.S)
    return {
        "fen": unescape(found.group(1)),
        "moves": found.group(2),
        "tool": found.group(3),
        "said": unescape(said.group(1)),
    }


def verdict(response) -> str:
    html = response.content.decode()
    block = re.search(r"data-editor-verdict.*?</section>", html, re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unescape(block))).strip()


def test_the_editor_opens_on_the_starting_position(client):
    response = get(client)
    assert response.status_code == 200
    assert panel(response)["fen"] == START_FEN
    assert "這個局面可能在棋局裡出現。" in verdict(response)
    html = response.content.decode()
    # the four castling rights in words, each given
    for words in ("白方還可以短易位", "白方還可以長易位", "黑方還可以短易位", "黑方還可以長易位"):
        assert re.search(rf'aria-pressed="true">{words}</button>', html)


def test_a_piece_is_put_on_with_the_piece_in_hand_and_tapped_off_again(client):
    response = get(client, fen=KINGS, tool="Q", square="d4")
    state = panel(response)
    assert state["fen"] == "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1"
    assert state["said"] == "d4 放了白后。"
    response = get(client, fen=state["fen"], tool="Q", square="d4")
    assert panel(response)["fen"] == KINGS
    assert panel(response)["said"] == "拿走了 d4 的白后。"


def test_the_eraser_takes_off_any_piece(client):
    response = get(client, fen=START_FEN, tool="x", square="d8")
    assert panel(response)["fen"] == "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert panel(get(client, fen=KINGS, tool="x", square="d4"))["said"] == "d4 本來就是空格。"


def test_picking_a_piece_puts_it_in_hand(client):
    response = get(client, fen=KINGS, pick="n")
    assert panel(response)["tool"] == "n"
    assert re.search(
        r'value="n" class="editor-piece" aria-label="黑馬" aria-pressed="true"',
        response.content.decode(),
    )


def test_an_impossible_position_is_said_in_words_with_its_squares(client):
    response = get(client, fen="4k3/8/8/8/8/8/8/3KK2P w - - 0 1")
    assert response.status_code == 200
    said = verdict(response)
    assert "這個局面不可能在棋局裡出現：" in said
    assert "白方有 2 個王（d1、e1），每一方只有一個王。" in said
    assert "h1 有兵。兵不會站在第 1 或第 8 橫排。" in said
    html = response.content.decode()
    assert set(re.findall(r'data-square="(\w\d)"[^>]*data-highlight', html)) == {"d1", "e1", "h1"}
    # no way out of it from here: no links to use it
    assert "data-editor-referee" not in html


def test_the_side_not_to_move_in_check_is_said(client):
    said = verdict(get(client, fen="4k3/8/8/8/8/8/8/4RK2 w - - 0 1"))
    assert "e8 的王被將軍了，可是現在輪到對方走。" in said
    response = get(client, fen="4k3/8/8/8/8/8/8/4RK2 w - - 0 1", turn="black")
    assert panel(response)["fen"] == "4k3/8/8/8/8/8/8/4RK2 b - - 0 1"
    assert "黑方被將軍了。" in verdict(response)


def test_only_the_castling_rights_the_placement_allows_are_offered(client):
    html = get(client, fen="4k3/8/8/8/8/8/8/4K2R w - - 0 1").content.decode()
    assert re.findall(r'name="castle" value="(\w)"', html) == ["K"]
    response = get(client, fen="4k3/8/8/8/8/8/8/4K2R w - - 0 1", castle="K")
    assert panel(response)["fen"] == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert panel(response)["said"] == "白方還可以短易位"
    response = get(client, fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1", castle="K")
    assert panel(response)["said"] == "白方不能再短易位"
    assert get(client, fen=KINGS, castle="K").status_code == 400


def test_the_en_passant_right_is_offered_after_a_possible_two_step(client):
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"
    html = get(client, fen=fen).content.decode()
    assert 'name="ep" value="d6"' in html and "黑兵剛走兩格到 d5" in html
    assert panel(get(client, fen=fen, ep="d6"))["fen"] == "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"


def test_a_history_is_played_in_with_legal_moves_only(client):
    step = get(client, fen=START_FEN, switch="play")
    assert 'data-mode="move"' in step.content.decode()
    step = get(client, fen=START_FEN, mode="play", square="e2")
    assert re.search(r'data-square="e2"[^>]*aria-pressed="true"', step.content.decode())
    step = get(client, fen=START_FEN, mode="play", square="e4", **{"from": "e2"})
    assert panel(step)["moves"] == "e2e4" and panel(step)["said"] == "走了 e4。"
    refused = get(client, fen=START_FEN, moves="e2e4", mode="play", square="e4", **{"from": "e7"})
    assert panel(refused)["moves"] == "e2e4"
    assert panel(refused)["said"] == "這步棋不合規則。 黑兵不能從 e7 走到 e4：兵一次只走一格。"
    undone = get(client, fen=START_FEN, moves="e2e4 e7e5", undo="1")
    assert panel(undone)["moves"] == "e2e4"


def history_rows(response) -> list[str]:
    listed = response.content.decode().split('class="editor-moves"')[1].split("</ul>")[0]
    return re.findall(r"<li>([^<]*)</li>", listed)


def test_the_history_is_shown_as_score_sheet_rows(client):
    white_first = get(client, fen=START_FEN, moves="e2e4 e7e5 g1f3")
    assert history_rows(white_first) == ["1. e4 e5", "2. Nf3"]
    black_first = get(client, fen="4k3/8/8/8/8/8/8/4K3 b - - 0 1", moves="e8e7 e1e2 e7e8")
    assert history_rows(black_first) == ["1. … Ke7", "2. Ke2 Ke8"]


def test_a_promotion_in_the_history_asks_for_its_piece(client):
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    asked = get(client, fen=fen, mode="play", square="b8", **{"from": "b7"})
    assert 'name="promote" value="n"' in asked.content.decode()
    done = get(client, fen=fen, mode="play", pending="b7b8", promote="n")
    assert panel(done)["moves"] == "b7b8n"


def test_changing_the_set_up_clears_the_moves_and_says_so(client):
    response = get(client, fen=START_FEN, moves="e2e4", tool="x", square="a1")
    assert panel(response)["moves"] == ""
    assert "擺好的局面改了，所以走過的棋清掉了。" in panel(response)["said"]


def test_moves_need_a_possible_position_first(client):
    response = get(client, fen=EMPTY_FEN, switch="play")
    assert panel(response)["said"] == "先把局面擺成可能出現的樣子，才能走棋。"


BLACK_TO_MOVE = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"


@pytest.mark.parametrize(
    ("moves", "kept", "said", "shown"),
    [
        # d7d5 e5d6 (en passant) d8d7: no piece stands on d8; the board after e5d6 stays.
        (
            "d7d5 e5d6 d8d7",
            "d7d5 e5d6",
            "走過的棋裡，第 3 步 d8d7 不能走：d8 上沒有棋子可以走。",
            "d6，白兵",
        ),
        (
            "d7d5 zz",
            "d7d5",
            "走過的棋裡，第 2 步 zz 不能走：一步棋要寫成兩個格子，例如 e2e4。",
            "d5，黑兵",
        ),
    ],
)
def test_a_bad_history_names_its_move_and_why_and_keeps_the_board(client, moves, kept, said, shown):
    response = get(client, fen=BLACK_TO_MOVE, moves=moves, mode="play")
    assert response.status_code == 200
    assert panel(response)["moves"] == kept
    assert panel(response)["said"] == said
    assert history_rows(response)[0] == "1. … d5"
    assert f'aria-label="{shown}"' in response.content.decode()


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"fen": "hello"}, "這個 FEN 讀不懂。"),
        ({"fen": START_FEN, "moves": "e2e4 " * 41}, "這裡最多只能走 40 步。"),
        ({"fen": EMPTY_FEN, "moves": "e2e4"}, "只有可能出現的局面才能走棋。"),
        ({"tool": "Z"}, "這個擺局面的表單讀不懂。"),
        ({"square": "z9"}, "「z9」不是棋盤上的一格。"),
        ({"pending": "e7"}, "看不懂這個升變。"),
        ({"ep": "e3"}, "這個局面不能在這格吃過路兵。"),
    ],
)
def test_bad_input_is_a_400_in_words(client, query, words):
    response = get(client, **query)
    assert response.status_code == 400
    assert words in unescape(response.content.decode())


def test_the_panel_alone_is_sent_to_the_script_with_plain_buttons_when_embedded(client):
    response = get(client, fen=KINGS, partial="1", embed="1")
    html = response.content.decode()
    assert "<html" not in html and "data-editor-panel" in html
    assert 'type="submit"' not in html
    # the include's panel posts no input of its own: the form's fen and moves are the state
    assert not re.search(r"<input[^>]* name=", html)
    assert "data-editor-referee" not in html
    standalone = get(client, fen=KINGS, partial="1").content.decode()
    assert 'type="submit"' in standalone and 'name="tool"' in standalone


def test_the_page_ends_with_the_links_to_use_the_position(client):
    response = get(client, fen=START_FEN, moves="e2e4 d7d5")
    html = unescape(response.content.decode())
    after = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert f'href="/board/?fen={after.replace(" ", "+").replace("/", "%2F")}"' in html
    question = re.search(r'href="([^"]*)" data-editor-question', html).group(1)
    assert question.startswith("/teacher/sets/puzzles/new/?")
    assert "moves=e2e4+d7d5" in question


def test_the_include_is_a_hidden_place_for_the_script():
    from django.template.loader import render_to_string

    html = render_to_string("editor/include.html")
    assert 'data-editor data-editor-url="/editor/" data-embed hidden' in html
    assert "js/editor.js" in html


def test_the_edit_link_names_the_lock_the_grown_ups_area_uses():
    assert EDITOR_LOCK == LOCKED_SESSION_KEY


def test_a_grown_up_sees_edit_this_position_on_a_lesson_and_the_referee_board(client):
    lesson = "/lessons/knight/"
    assert "data-edit-position" not in client.get(lesson).content.decode()
    user = get_user_model().objects.create_user("teacher", password="a long pass phrase 42")
    client.force_login(user)
    html = unescape(client.get(lesson, follow=True).content.decode())
    link = re.search(r'href="([^"]*)" data-edit-position', html).group(1)
    assert link.startswith("/editor/?fen=")
    assert client.get(link).status_code == 200
    assert "data-edit-position" in client.get("/board/").content.decode()
    session = client.session
    session[LOCKED_SESSION_KEY] = True
    session.save()
    assert "data-edit-position" not in client.get(lesson, follow=True).content.decode()


def test_the_moves_without_a_capture_or_pawn_move_are_set_in_words(client):
    response = get(client, fen=KINGS, quiet="1", quiet_now="49")
    assert panel(response)["fen"] == "4k3/8/8/8/8/8/8/4K3 w - - 98 1"
    assert panel(response)["said"] == "雙方各走了 49 步，都沒有吃子也沒有走兵。"
    assert 'id="editor-quiet" type="number"' in response.content.decode()
    assert 'value="49" data-editor-quiet' in response.content.decode()
    for bad in ("76", "-1", "x", ""):
        response = get(client, fen=KINGS, quiet="1", quiet_now=bad)
        assert response.status_code == 400
        assert "請寫雙方各走了幾步，從 0 到 75。" in response.content.decode()
