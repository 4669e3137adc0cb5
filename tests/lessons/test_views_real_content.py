"""Every puzzle of the real curriculum opens on its lesson page, as a full page and a partial."""

import re

import pytest

from curriculum.loading import get_curriculum

PUZZLES = [
    (lesson.slug, puzzle.id) for lesson in get_curriculum().lessons for puzzle in lesson.puzzles
]


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "puzzle_id"), PUZZLES)
def test_every_puzzle_opens_with_its_prompt(client, slug, puzzle_id):
    puzzle = get_curriculum().puzzle(puzzle_id)
    page = client.get(f"/lessons/{slug}/?puzzle={puzzle_id}")
    assert page.status_code == 200
    assert f'data-puzzle="{puzzle_id}"' in page.content.decode()
    partial = client.get(f"/lessons/{slug}/?puzzle={puzzle_id}", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200
    text = partial.content.decode()
    assert puzzle.prompt in text.replace("&#x27;", "'").replace("&quot;", '"')
    assert ("data-board" in text) == bool(puzzle.fen)


@pytest.mark.django_db
def test_the_real_map_lists_every_lesson(client):
    page = client.get("/").content.decode()
    for lesson in get_curriculum().lessons:
        assert f'data-lesson="{lesson.slug}"' in page


def history_of(page: str) -> list[str]:
    """The history's lines as the child reads them: 「白王從 e1 走到 f1」 before notation is
    taught, score-sheet rows 「1. Kf1 Kd8」 after."""
    start = page.index("data-history")
    sheet = page[start : page.index("</ol>", start)]
    return re.findall(r"<li>([^<]*)</li>", sheet)


def last_move_squares(page: str) -> set[str]:
    return set(re.findall(r'data-square="([a-h][1-8])"[^>]*data-last-move', page))


@pytest.mark.django_db
def test_before_notation_is_taught_the_history_is_said_in_words(client):
    # Castling is lesson 12, notation lesson 17: no Kf1 before the child can read it.
    page = client.get("/lessons/castling-forever/?puzzle=castling-king-moved-back").content.decode()
    assert "之前走過的棋" in page
    assert history_of(page) == [
        "白王從 e1 走到 f1",
        "黑王從 e8 走到 d8",
        "白王從 f1 走到 e1",
        "黑王從 d8 走到 e8",
    ]
    assert last_move_squares(page) == {"d8", "e8"}  # the history's last move, Kd8–e8


@pytest.mark.django_db
def test_a_history_black_began_says_black_s_move_first(client):
    page = client.get("/lessons/en-passant/?puzzle=en-passant-first").content.decode()
    assert history_of(page) == ["黑兵從 d7 走到 d5"]
    assert last_move_squares(page) == {"d7", "d5"}


@pytest.mark.django_db
def test_a_pawn_move_in_the_history_is_said_in_words(client):
    page = client.get("/lessons/draws-fifty/?puzzle=draws-fifty-pawn-resets").content.decode()
    assert history_of(page) == ["白兵從 e2 走到 e3"]


@pytest.mark.django_db
def test_a_puzzle_without_a_history_shows_no_score_sheet(client):
    page = client.get("/lessons/knight/").content.decode()
    assert "data-history" not in page
    assert "data-last-move" not in page


@pytest.mark.django_db
def test_after_a_wrong_answer_the_history_and_its_last_move_stay(client):
    page = client.post(
        "/lessons/castling-forever/castling-king-moved-back/", {"answer": "yes"}
    ).content.decode()
    assert 'data-verdict="incorrect"' in page
    assert history_of(page)[0] == "白王從 e1 走到 f1"
    assert last_move_squares(page) == {"d8", "e8"}


@pytest.mark.django_db
def test_a_question_with_several_answers_offers_checkboxes_and_says_so(client):
    page = client.get(
        "/lessons/castling-forever/?puzzle=castling-why-not-two-reasons"
    ).content.decode()
    assert "選出所有對的答案（可以選不只一個）" in page
    assert 'type="checkbox" name="answer"' in page
    assert 'type="radio"' not in page


@pytest.mark.django_db
def test_a_square_colour_question_points_at_the_square_on_a_read_only_board(client):
    page = client.get("/lessons/board/?puzzle=board-color-e4").content.decode()
    assert 'data-mode="view"' in page
    assert re.findall(r'data-square="([a-h][1-8])"[^>]*data-selected', page) == ["e4"]


@pytest.mark.django_db
def test_a_stalemate_reached_by_the_forced_reply_says_the_reply_and_shows_it(client):
    page = client.post(
        "/lessons/stalemate/stalemate-desperado/",
        {"mode": "move", "selected": "c7", "square": "h7"},
    ).content.decode()
    assert 'data-verdict="correct"' in page
    assert "對方走了：黑王從 h8 吃掉 h7 的白車。" in page  # in words: notation comes later
    assert last_move_squares(page) == {"h8", "h7"}


@pytest.mark.django_db
def test_a_good_first_move_of_a_mate_in_two_praises_once_and_says_the_reply(client):
    page = client.post(
        "/lessons/check-wins/check-wins-ladder-mate/",
        {"mode": "move", "selected": "b1", "square": "b7"},
    ).content.decode()
    feedback = page[page.index("data-feedback") : page.index("</div>", page.index("data-feedback"))]
    assert '<p class="feedback-title">好棋！再找下一步。</p>' in feedback
    assert feedback.count("好棋") == 1
    assert "對方走了：黑王從 h8 走到 g8。" in feedback


@pytest.mark.django_db
def test_a_visit_puzzle_says_how_many_moves_are_left(client):
    page = client.get("/lessons/rook/?puzzle=rook-three-stars").content.decode()
    assert "星星在：a8、h8、h3" in page and "還可以走 3 步。" in page
    page = client.post(
        "/lessons/rook/rook-three-stars/", {"mode": "move", "selected": "a1", "square": "a8"}
    ).content.decode()
    assert "星星在：h8、h3" in page and "還可以走 2 步。" in page


@pytest.mark.django_db
def test_a_question_about_a_move_rings_its_piece_and_circles_its_destination(client):
    page = client.get("/lessons/en-passant/?puzzle=en-passant-too-late").content.decode()
    assert re.findall(r'data-square="([a-h][1-8])"[^>]*data-selected', page) == ["e5"]
    assert 'data-circled="d6"' in page
    assert last_move_squares(page) == {"e8", "d8"}  # the history's last move, not the question
    assert history_of(page) == ["黑兵從 d7 走到 d5", "白王從 e1 走到 d1", "黑王從 e8 走到 d8"]


def test_an_old_address_of_a_moved_puzzle_leads_to_its_new_lesson(client):
    # Issue 16 split castling: bookmarks and links to the old lesson still find the puzzle.
    response = client.get("/lessons/castling/?puzzle=castling-king-moved-back")
    assert response.status_code == 302
    assert response["Location"] == "/lessons/castling-forever/?puzzle=castling-king-moved-back"


@pytest.mark.django_db
def test_an_answer_posted_to_the_old_lesson_is_judged_in_the_new_one(client):
    page = client.post(
        "/lessons/castling/castling-king-moved-back/", {"answer": "yes"}
    ).content.decode()
    assert 'data-verdict="incorrect"' in page
    assert "王車易位：永遠不行，還是暫時不行" in page
