"""The puzzle's section (lessons.presenter): what an htmx answer is made of, and that
every word in it from the lessons or the learner is escaped."""

import re
from types import SimpleNamespace

import pytest
from django.utils import translation

import process_caches
from board.component import board_context
from board.drawing import board_frame
from board.feedback import Feedback
from lessons.presenter import PuzzleView, puzzle_section, stars_badge
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)

HTMX = {"HTTP_HX_REQUEST": "true"}
CSRF = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]+">')
ANSWER_TOKEN = re.compile(r'<input type="hidden" name="token" value="[A-Za-z0-9_-]{16}">')
KNIGHT = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
NASTY = "<b>&\"'"


def puzzle(**fields):
    values = {"id": "p1", "kind": "choice", "prompt": "", "hint": "", "options": ()}
    return SimpleNamespace(**(values | fields))


def section(token=None, language="zh-hant", **context) -> str:
    asked = context.pop("puzzle", None) or puzzle()
    view = PuzzleView(place=asked, puzzle=asked, answer_url="/a/", retry_url="/r/", **context)
    with translation.override(language):
        return puzzle_section(view, token)


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_an_htmx_answer_is_the_section_of_the_full_page_alone(client):
    page = client.get("/lessons/knight/?puzzle=knight-first-jump").content.decode()
    answer = client.get("/lessons/knight/?puzzle=knight-first-jump", **HTMX)
    body = answer.content.decode()
    assert body.startswith('<section class="puzzle" id="puzzle" data-puzzle="knight-first-jump"')
    assert body.endswith("</section>\n")
    assert "<html" not in body and "<header" not in body
    assert answer["Content-Type"] == "text/html; charset=utf-8"
    assert "HX-Request" in answer["Vary"]
    # the page's puzzle, but for its form's CSRF token and the answer's own token (each
    # drawn form has a fresh one: lessons.answer_tokens)
    assert len(ANSWER_TOKEN.findall(body)) == len(ANSWER_TOKEN.findall(page)) == 1
    assert ANSWER_TOKEN.findall(body) != ANSWER_TOKEN.findall(page)
    assert ANSWER_TOKEN.sub("", CSRF.sub("", page)).count(ANSWER_TOKEN.sub("", body)) == 1


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_an_htmx_answer_asks_no_new_csrf_token_htmx_sends_the_pages_in_a_header(client):
    page = client.get("/lessons/knight/?puzzle=knight-first-jump")
    token = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page.content.decode())
    assert token and CSRF.search(page.content.decode())  # posted without htmx, the form has it
    answer = client.post(
        "/lessons/knight/knight-first-jump/",
        {"mode": "move", "selected": "g1", "square": "f3"},
        HTTP_X_CSRFTOKEN=token.group(1),
        **HTMX,
    )
    assert answer.status_code == 200
    assert "csrfmiddlewaretoken" not in answer.content.decode()
    assert "csrftoken" not in answer.cookies  # nor renews the cookie at every answer


def test_the_words_of_a_puzzle_and_its_feedback_are_escaped():
    option = SimpleNamespace(value=NASTY, text=NASTY)
    html = section(
        puzzle=puzzle(prompt=NASTY, hint=NASTY, options=(option,)),
        heading=NASTY,
        hint_shown=True,
        input_mode="view",
        feedback=Feedback("illegal", NASTY, (NASTY,), why=(NASTY,)),
    )
    escaped = "&lt;b&gt;&amp;&quot;&#x27;"
    assert "<b>" not in html
    assert html.count(escaped) == 8  # prompt, hint, heading, option value and text, feedback ×3
    assert f'<h2 id="puzzle-heading">{escaped}</h2>' in html
    assert f'<p class="puzzle-prompt">{escaped}</p>' in html


def test_a_section_drawn_with_a_token_carries_it_and_one_without_has_no_csrf_input():
    assert "csrfmiddlewaretoken" not in section(input_mode="view")
    assert '<input type="hidden" name="csrfmiddlewaretoken" value="abc&amp;">' in section(
        "abc&", input_mode="view"
    )


def test_a_solved_puzzle_shows_its_stars_and_the_way_on_instead_of_the_buttons():
    html = section(solved_stars=2, next_url="/next/", number=1, total=3)
    assert '<div class="solved-box" data-solved>' in html
    assert stars_badge(2) in html
    assert f"{stars_badge(2)} 你得到 2 顆星！</p>" in html
    assert '<a class="button big" href="/next/" data-next-puzzle autofocus>下一題</a>' in html
    assert 'id="hint-button"' not in html
    assert "<form" not in html  # nothing to answer any more


def test_the_last_puzzle_of_a_lesson_all_solved_leads_to_the_stars():
    html = section(solved_stars=3, next_url="/x/", number=3, total=3, all_solved=True)
    assert '<div class="solved-box" data-solved data-lesson-done>' in html


def test_stars_are_three_lit_as_earned_and_named_for_a_screen_reader():
    with translation.override("zh-hant"):
        assert stars_badge(2) == (
            '<span class="stars" data-stars="2" role="img" aria-label="得到 2 顆星（共 3 顆）">'
            '<span class="star on">★</span><span class="star on">★</span>'
            '<span class="star">★</span></span>'
        )
        assert stars_badge(0, big=True).startswith('<span class="stars big" data-stars="0"')
        assert 'class="star on"' not in stars_badge(0)


def test_the_moves_before_are_a_score_sheet_once_notation_is_taught_else_words():
    rows = section(history=[(1, "e4", "e5"), (2, "Nf3", "")])
    assert '<ol class="history-moves"><li>1. e4 e5</li><li>2. Nf3</li></ol>' in rows
    words = section(history_words=["白兵從 e2 走到 e4", NASTY])
    assert '<ol class="history-moves history-words"><li>白兵從 e2 走到 e4</li>' in words
    assert "<li>&lt;b&gt;" in words


def test_the_typed_move_box_is_tucked_away_before_the_notation_lesson():
    board = board_context(KNIGHT, mode="move")
    with translation.override("zh-hant"):
        plain, tucked, opened = (
            board_frame(board),
            board_frame(board, True),
            board_frame(board, True, True),
        )
    assert "typed-move-more" not in plain and 'name="typed"' in plain
    assert '<details class="typed-move-more" data-typed-move-more><summary>' in tucked
    assert '<details class="typed-move-more" data-typed-move-more open><summary>' in opened
    assert 'name="typed"' not in board_frame(board_context(KNIGHT, mode="mark"))


def test_a_visit_puzzle_names_its_stars_and_the_moves_left():
    html = section(targets=["a8", "h8"], moves_left=1, input_mode="move")
    assert 'data-stars="a8 h8"' in html
    assert '<span class="moves-left" data-moves-left="1">' in html
    english = section(language="en", targets=["a8", "h8"], moves_left=2, input_mode="move")
    assert "The stars are on a8, h8. <span" in english
    assert "You may make 2 more moves." in english


def test_one_star_is_named_in_the_singular():
    english = section(language="en", targets=["f3"], moves_left=1, input_mode="move")
    assert "The star is on f3. <span" in english
    assert "You may make 1 more move." in english
    chinese = section(language="zh-hant", targets=["f3"], moves_left=1, input_mode="move")
    assert "星星在：f3。 <span" in chinese


def _answer(client, square: str) -> str:
    response = client.post(
        "/lessons/knight/knight-first-jump/",
        {"mode": "move", "selected": "g1", "square": square},
        **HTMX,
    )
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum", "fresh_caches")
def test_a_section_with_no_form_is_drawn_once_a_process_and_handed_out_again(client):
    kept = process_caches.made("lessons.presenter._kept_section")
    first = _answer(client, "f3")  # the solve: the stars and the way on, no form
    assert "<form" not in first and "data-solved" in first
    assert kept.cache_info().misses == 1 and kept.cache_info().hits == 0
    assert _answer(client, "f3") == first
    assert kept.cache_info().hits == 1
    process_caches.clear_all()
    assert _answer(client, "f3") == first  # drawn afresh: the same bytes


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum", "fresh_caches")
def test_a_section_with_a_form_is_drawn_at_every_answer_with_its_own_token(client):
    kept = process_caches.made("lessons.presenter._kept_section")
    first, second = _answer(client, "g3"), _answer(client, "g3")  # not how a knight moves
    assert 'data-verdict="illegal"' in first
    assert ANSWER_TOKEN.findall(first) != ANSWER_TOKEN.findall(second)
    assert kept.cache_info().currsize == 0
