"""The lesson map, the lesson page and the answer endpoint: full pages, htmx partials, errors."""

import re

import pytest
from django.utils import timezone

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]

HTMX = {"HTTP_HX_REQUEST": "true"}
KNIGHT_URL = "/lessons/knight/"
JUMP_URL = "/lessons/knight/knight-first-jump/"


def html(response) -> str:
    return response.content.decode()


def solve(client, url: str, data: dict, **headers):
    return client.post(url, data, **headers)


# --- the lesson map ------------------------------------------------------------


def test_map_lists_every_lesson_in_order_under_its_group(client):
    page = html(client.get("/"))
    assert page.index("棋子") < page.index("馬") < page.index("特殊走法")
    assert page.index("王車易位") < page.index("兵的升變")
    assert 'href="/lessons/knight/"' in page


def test_map_for_a_new_visitor_highlights_the_first_lesson_and_creates_no_learner(client):
    page = html(client.get("/"))
    next_card = re.search(r'data-lesson="knight" data-next>(.*?)</li>', page, re.S)
    assert next_card and '<p class="next-badge">下一課</p>' in next_card.group(1)
    assert page.count("data-next") == 1
    assert "完成 0／3 題" in page
    assert not Learner.objects.exists()


def test_map_shows_stars_of_a_finished_lesson_and_moves_the_next_badge(client):
    solve(client, JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    solve(
        client,
        "/lessons/knight/knight-squares/",
        {"mode": "mark", "done": "1", "marked": ["e2", "f3", "h3"]},
    )
    solve(client, "/lessons/knight/knight-colour/", {"answer": "dark"})
    page = html(client.get("/"))
    knight = page[page.index('data-lesson="knight"') : page.index('data-lesson="castling"')]
    assert 'data-stars="3"' in knight
    assert 'aria-label="得到 3 顆星（共 3 顆）"' in knight
    assert "完成 3／3 題" in knight
    assert "data-next" not in knight
    assert re.search(r'data-lesson="castling" data-next', page)


def test_map_reads_the_learners_results_in_few_queries(client, django_assert_max_num_queries):
    solve(client, JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    # session, learner, results (one query whatever the lesson count), the rules due for review
    with django_assert_max_num_queries(4):
        client.get("/")


# --- the lesson page -----------------------------------------------------------


def test_lesson_page_shows_intro_first_puzzle_board_hint_and_steps(client):
    response = client.get(KNIGHT_URL)
    page = html(response)
    assert response.status_code == 200
    assert "馬的走法像英文字母 L。" in page
    assert "第 1 題（共 3 題）" in page
    assert "讓白馬跳到 f3。" in page
    assert 'data-fen="4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"' in page
    assert page.count('name="square"') == 64
    assert '<button type="submit" name="hint" value="1"' in page
    assert page.count('aria-label="第 1 題，還沒完成"') == 1
    assert 'hx-post="/lessons/knight/knight-first-jump/"' in page
    assert "HX-Request" in response["Vary"]


def test_a_visit_puzzle_draws_the_stars_still_to_collect(client):
    page = html(client.get("/lessons/promotion/?puzzle=promotion-knight-tour"))
    assert "星星在：f3、h4" in page
    assert 'data-stars="f3 h4"' in page and "<style>" not in page
    url = "/lessons/promotion/promotion-knight-tour/"
    page = html(client.post(url, {"square": "f3", "selected": "g1", "mode": "move"}))
    assert "星星在：h4" in page


def test_lesson_page_htmx_request_gets_the_puzzle_partial_only(client):
    page = html(client.get(KNIGHT_URL, **HTMX))
    assert page.lstrip().startswith('<section class="puzzle" id="puzzle"')
    assert "<html" not in page and "馬的走法像英文字母 L。" not in page
    assert "data-board" in page


def test_lesson_page_opens_the_first_unsolved_puzzle(client):
    solve(client, JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    page = html(client.get(KNIGHT_URL))
    assert 'data-puzzle="knight-squares"' in page
    assert 'aria-label="第 1 題，已完成，得到 3 顆星（共 3 顆）"' in page


def test_a_solved_puzzle_can_be_revisited(client):
    solve(client, JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    page = html(client.get(KNIGHT_URL + "?puzzle=knight-first-jump"))
    assert 'data-puzzle="knight-first-jump"' in page
    assert 'data-mode="move"' in page


def test_an_unknown_lesson_is_a_404_with_a_message(client):
    response = client.get("/lessons/chess960/")
    assert response.status_code == 404
    assert "沒有叫做「chess960」的課。" in html(response)


def test_an_unknown_puzzle_is_a_404_with_a_message(client):
    response = client.get(KNIGHT_URL + "?puzzle=knight-nowhere")
    assert response.status_code == 404
    assert "這一課沒有「knight-nowhere」這一題。" in html(response)
    response = client.post("/lessons/knight/knight-nowhere/", {"square": "f3"})
    assert response.status_code == 404
    assert not Attempt.objects.exists()


def test_a_puzzle_of_another_lesson_leads_to_its_own_lesson(client):
    # Old links keep working when a puzzle moves to another lesson (issue 16).
    response = client.get(KNIGHT_URL + "?puzzle=castling-long-only")
    assert response.status_code == 302
    assert response["Location"] == "/lessons/castling/?puzzle=castling-long-only"


def test_a_puzzle_that_exists_nowhere_is_not_found(client):
    assert client.get(KNIGHT_URL + "?puzzle=castling-no-such-puzzle").status_code == 404


def test_the_summary_shows_the_lessons_stars_and_the_way_to_the_next_lesson(client):
    solve(client, JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    solve(
        client,
        "/lessons/knight/knight-squares/",
        {"mode": "mark", "done": "1", "marked": ["e2", "f3", "h3"]},
    )
    solve(client, "/lessons/knight/knight-colour/", {"answer": "light"})  # one mistake
    solve(client, "/lessons/knight/knight-colour/", {"answer": "dark"})
    page = html(client.get(KNIGHT_URL))
    assert "這一課完成了！" in page
    assert 'data-stars="3"' in page  # (3 + 3 + 2) / 3 rounds to 3
    assert (
        '<a class="button big" href="/lessons/castling/" data-next-lesson>下一課：王車易位</a>'
        in page
    )


# --- answering a move puzzle ---------------------------------------------------


def test_picking_up_a_piece_is_not_an_attempt(client):
    page = html(client.post(JUMP_URL, {"square": "g1", "mode": "move"}))
    assert re.search(r'data-square="g1"[^>]*aria-pressed="true" data-selected', page)
    assert '<input type="hidden" name="selected" value="g1">' in page
    assert not Attempt.objects.exists()
    assert not Learner.objects.exists()


def test_a_correct_move_is_recorded_with_three_stars_and_offers_the_next_puzzle(client):
    response = client.post(JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    page = html(response)
    assert 'data-verdict="correct"' in page
    assert "馬走 L 形，一次就到了 f3！" in page
    assert (
        'href="/lessons/knight/?puzzle=knight-squares#puzzle" data-next-puzzle autofocus>下一題</a>'
        in page
    )
    assert "你得到 3 顆星！" in page
    assert "<html" in page and "HX-Request" in response["Vary"]
    learner = Learner.objects.get()
    assert client.session[LEARNER_SESSION_KEY] == learner.pk
    attempt = Attempt.objects.get()
    assert (attempt.puzzle, attempt.lesson, attempt.answer, attempt.verdict) == (
        "knight-first-jump",
        "knight",
        "g1f3",
        "correct",
    )
    assert attempt.fen == "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
    assert PuzzleResult.objects.get(learner=learner).stars == 3


def test_a_move_by_htmx_gets_the_partial(client):
    page = html(client.post(JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"}, **HTMX))
    assert page.lstrip().startswith('<section class="puzzle"')
    assert 'data-verdict="correct"' in page and "<html" not in page


def test_a_typed_move_is_judged_like_a_tapped_one(client):
    page = html(client.post(JUMP_URL, {"typed": "Nf3", "mode": "move", "square": "a8"}))
    assert 'data-verdict="correct"' in page
    assert Attempt.objects.get().answer == "g1f3"


def test_an_unreadable_typed_move_is_explained_and_not_recorded(client):
    page = html(client.post(JUMP_URL, {"typed": "Zz9", "mode": "move"}))
    assert "看不懂「Zz9」" in page
    assert not Attempt.objects.exists()


def test_a_legal_move_that_misses_the_goal_is_incorrect(client):
    page = html(client.post(JUMP_URL, {"square": "h3", "selected": "g1", "mode": "move"}))
    assert 'data-verdict="incorrect"' in page
    assert Attempt.objects.get().verdict == "incorrect"
    assert not PuzzleResult.objects.exists()


def test_an_illegal_castling_move_is_explained_with_its_squares_highlighted(client):
    url = "/lessons/castling/castling-long-only/"
    page = html(client.post(url, {"square": "g1", "selected": "e1", "mode": "move"}))
    assert 'data-verdict="illegal"' in page
    assert "王車易位" in page
    highlighted = re.findall(r'data-square="([a-h][1-8])"[^>]*data-highlight', page)
    assert highlighted == ["f8", "f1"]
    assert 'data-fen="1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1"' in page  # the king went back
    attempt = Attempt.objects.get()
    assert (attempt.verdict, attempt.reason) == ("illegal", "CASTLING_THROUGH_ATTACK")
    assert not PuzzleResult.objects.exists()


def test_a_pawn_reaching_the_last_rank_opens_the_picker_without_an_attempt(client):
    url = "/lessons/promotion/promotion-queen/"
    page = html(client.post(url, {"square": "e8", "selected": "e7", "mode": "move"}))
    assert "data-promotion" in page
    assert '<input type="hidden" name="pending" value="e7e8">' in page
    assert not Attempt.objects.exists()
    page = html(client.post(url, {"promotion": "q", "pending": "e7e8", "mode": "move"}))
    assert 'data-verdict="correct"' in page
    assert Attempt.objects.get().answer == "e7e8q"


def test_a_longer_goal_keeps_the_moves_played_and_finishes_with_the_last_one(client):
    url = "/lessons/promotion/promotion-knight-tour/"
    page = html(client.post(url, {"square": "f3", "selected": "g1", "mode": "move"}))
    assert 'data-verdict="continue"' in page
    assert '<input type="hidden" name="played" value="g1f3">' in page
    assert not Attempt.objects.exists()
    page = html(client.post(url, {"square": "h4", "selected": "f3", "played": "g1f3"}))
    assert 'data-verdict="correct"' in page
    assert Attempt.objects.get().answer == "f3h4"


def test_a_mate_in_two_shows_the_engines_reply_and_keeps_the_history(client):
    url = "/lessons/promotion/promotion-two-rooks/"
    page = html(client.post(url, {"square": "a7", "selected": "a1", "mode": "move"}, **HTMX))
    assert 'data-verdict="continue"' in page
    assert "對方走了 Kg8。" in page
    assert '<input type="hidden" name="played" value="a1a7 h8g8">' in page
    assert 'data-fen="6k1/R7/8/8/8/8/8/1R4K1 w - - 2 2"' in page
    last_move = re.findall(r'data-square="([a-h][1-8])"[^>]*data-last-move', page)
    assert sorted(last_move) == ["g8", "h8"]
    assert not Attempt.objects.exists()
    played = {"square": "b8", "selected": "b1", "mode": "move", "played": "a1a7 h8g8"}
    page = html(client.post(url, played, **HTMX))
    assert 'data-verdict="correct"' in page
    attempt = Attempt.objects.get()
    assert (attempt.answer, attempt.fen) == ("b1b8", "6k1/R7/8/8/8/8/8/1R4K1 w - - 2 2")


def test_a_history_the_engine_refuses_is_a_400(client):
    url = "/lessons/promotion/promotion-two-rooks/"
    data = {"square": "b8", "selected": "b1", "played": "a1a7 h8h7"}  # h7 is attacked
    response = client.post(url, data)
    assert response.status_code == 400
    assert "看不懂" in html(response)
    assert not Attempt.objects.exists()


def test_the_hint_is_shown_and_costs_a_star(client):
    page = html(client.post(JUMP_URL, {"hint": "1", "mode": "move"}))
    assert "從 g1 往上兩格，再往左一格。" in page
    assert '<p class="hint" data-hint id="hint" tabindex="-1" autofocus>' in page
    assert 'name="hint"' not in page
    assert not Attempt.objects.exists()
    client.post(JUMP_URL, {"square": "f3", "selected": "g1", "mode": "move"})
    attempt = Attempt.objects.get()
    assert attempt.hint_used is True
    assert PuzzleResult.objects.get().stars == 2


def test_a_get_of_the_answer_address_goes_back_to_the_puzzle(client):
    response = client.get(JUMP_URL)
    assert response.status_code == 302
    assert response["Location"] == "/lessons/knight/?puzzle=knight-first-jump"


# --- malformed posts -------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "data"),
    [
        (JUMP_URL, {"square": "z9", "mode": "move"}),
        (JUMP_URL, {"square": "f3", "selected": "g1", "played": "g1f3 nonsense"}),
        (JUMP_URL, {"square": "f3", "selected": "g1", "mode": "dance"}),
        (
            "/lessons/promotion/promotion-knight-tour/",
            {"square": "h4", "selected": "f3", "played": "g1h8"},
        ),
        ("/lessons/promotion/promotion-queen/", {"promotion": "k", "pending": "e7e8"}),
        ("/lessons/knight/knight-colour/", {"answer": "purple"}),
        ("/lessons/knight/knight-colour/", {"answer": ["light", "dark"]}),
        ("/lessons/castling/castling-stalemate-question/", {"answer": "resigned"}),
    ],
)
def test_a_malformed_post_is_a_400_with_a_message_and_records_nothing(client, url, data):
    response = client.post(url, data)
    assert response.status_code == 400
    assert re.search(r"<p data-problem>[^<]+</p>", html(response))
    assert not Attempt.objects.exists()
    assert not Learner.objects.exists()


# --- the other kinds -------------------------------------------------------------


def test_marking_squares_is_not_an_attempt_and_done_judges_them(client):
    url = "/lessons/knight/knight-squares/"
    page = html(client.post(url, {"mode": "mark", "square": "e2", "marked": ["f3"]}))
    marked = re.findall(r'data-square="([a-h][1-8])"[^>]*aria-pressed="true"', page)
    assert sorted(marked) == ["e2", "f3"]
    assert not Attempt.objects.exists()
    page = html(client.post(url, {"mode": "mark", "done": "1", "marked": ["e2", "f3"]}))
    assert 'data-verdict="incorrect"' in page
    page = html(client.post(url, {"mode": "mark", "done": "1", "marked": ["e2", "f3", "h3"]}))
    assert 'data-verdict="correct"' in page
    assert list(Attempt.objects.order_by("pk").values_list("answer", "verdict")) == [
        ("e2 f3", "incorrect"),
        ("e2 f3 h3", "correct"),
    ]
    assert PuzzleResult.objects.get().stars == 2


def test_a_choice_is_answered_with_radio_buttons(client):
    page = html(client.get("/lessons/knight/?puzzle=knight-colour"))
    assert '<input type="radio" name="answer" value="dark">' in page
    page = html(client.post("/lessons/knight/knight-colour/", {"answer": "dark"}))
    assert 'data-verdict="correct"' in page
    assert Attempt.objects.get().answer == "dark"


def test_sending_no_choice_asks_for_one_and_records_nothing(client):
    page = html(client.post("/lessons/knight/knight-colour/", {}))
    assert "先選一個答案喔。" in page
    assert not Attempt.objects.exists()


def test_an_assess_puzzle_is_judged_by_the_engine(client):
    url = "/lessons/castling/castling-stalemate-question/"
    page = html(client.post(url, {"answer": "checkmate"}))
    assert 'data-verdict="incorrect"' in page
    page = html(client.post(url, {"answer": "stalemate"}, **HTMX))
    assert 'data-verdict="correct"' in page


def test_a_text_puzzle_has_no_board(client):
    page = html(client.get("/lessons/promotion/?puzzle=promotion-touch"))
    assert "data-board" not in page
    page = html(client.post("/lessons/promotion/promotion-touch/", {"answer": "a"}))
    assert 'data-verdict="correct"' in page


SQUARES_URL = "/lessons/knight/knight-squares/"  # the knight on g1: e2, f3 and h3


def highlighted(page: str) -> list[str]:
    return sorted(re.findall(r'data-square="([a-h][1-8])"[^>]*data-highlight', page))


def pressed(page: str) -> list[str]:
    return sorted(re.findall(r'data-square="([a-h][1-8])"[^>]*aria-pressed="true"', page))


def test_a_squares_puzzle_says_how_to_answer(client):
    page = html(client.get("/lessons/knight/?puzzle=knight-squares"))
    assert "點格子做記號，再按「完成」。" in page


def test_a_wrong_squares_answer_frames_the_wrong_marks_and_only_counts_the_missing_ones(client):
    page = html(client.post(SQUARES_URL, {"mode": "mark", "done": "1", "marked": ["e2", "g3"]}))
    assert 'data-verdict="incorrect"' in page
    assert "有 1 個記號點錯了（紅色虛線框），再點一次就能拿掉。" in page
    assert "還少 2 格沒點到。" in page
    assert "白馬不能從 g1 走到 g3：馬走 L 形。" in page  # why the wrong mark is wrong
    assert highlighted(page) == ["g1", "g3"]
    assert pressed(page) == ["e2", "g3"]  # the marks stay, to be changed
    assert "虛線圈" not in page and "data-circled" not in page
    assert "data-hint" not in page


def test_after_the_second_wrong_squares_answer_the_missing_squares_and_the_hint_are_shown(client):
    client.post(SQUARES_URL, {"mode": "mark", "done": "1", "marked": ["e2"]})
    page = html(client.post(SQUARES_URL, {"mode": "mark", "done": "1", "marked": ["e2"]}))
    assert "還沒點到的格子畫了虛線圈：f3、h3。" in page
    assert 'data-circled="f3 h3"' in page
    assert highlighted(page) == []
    assert "下面有一個提示，可以幫你想一想。" in page
    assert re.search(r"<p class=\"hint\" data-hint[^>]*>.*數一數 L 形。", page)
    assert Attempt.objects.filter(verdict="incorrect").count() == 2


def test_a_wrong_choice_keeps_the_choice_and_says_why_it_is_wrong(client):
    page = html(client.post("/lessons/knight/knight-colour/", {"answer": "light"}))
    assert 'data-verdict="incorrect"' in page
    assert "g1 是深色格。" in page
    assert "不對喔。再讀一次題目。" not in page
    assert '<input type="radio" name="answer" value="light" checked>' in page
    assert "data-hint" not in page


def test_after_the_second_wrong_choice_the_hint_shows_by_itself_and_costs_no_more(client):
    client.post("/lessons/knight/knight-colour/", {"answer": "light"})
    page = html(client.post("/lessons/knight/knight-colour/", {"answer": "light"}))
    assert "右下角是白格。" in page
    assert 'name="hint"' not in page
    client.post("/lessons/knight/knight-colour/", {"answer": "dark"})
    assert PuzzleResult.objects.get().stars == 1  # two mistakes: one star, hint or not


def test_the_hint_shows_by_itself_only_once_and_not_after_a_solve(client):
    url = "/lessons/knight/knight-colour/"
    client.post(url, {"answer": "light"})
    client.post(url, {"answer": "light"})
    page = html(client.post(url, {"answer": "light"}))
    assert "下面有一個提示" not in page  # already shown: not announced again
    assert "右下角是白格。" in page
    client.post(url, {"answer": "dark"})
    page = html(client.get("/lessons/knight/?puzzle=knight-colour"))
    assert "右下角是白格。" not in page


def test_the_summary_offers_the_maps_next_lesson_the_first_unfinished(client, curriculum):  # noqa: F811
    """A lesson finished out of order: the summary's 「下一課」 and the map's badge name the
    same lesson, the first one not finished (before: the summary named the following one)."""
    from lessons.progress import puzzle_ids

    later = curriculum.lessons[-1]
    learner = Learner.objects.create(nickname="小美", avatar="N")
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    for puzzle_id in puzzle_ids(later):
        PuzzleResult.objects.create(
            learner=learner, lesson=later.slug, puzzle=puzzle_id, stars=3, solved_at=timezone.now()
        )
    page = html(client.get(f"/lessons/{later.slug}/"))
    first = curriculum.lessons[0]
    assert f'href="/lessons/{first.slug}/" data-next-lesson>下一課：{first.title}</a>' in page
    badge = re.search(r'data-lesson="([\w-]+)" data-next>', html(client.get("/")))
    assert badge[1] == first.slug
