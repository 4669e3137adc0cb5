"""The board component: the view-model, its drawing, and reading a posted board form."""

import pytest
from django.http import QueryDict

from board.component import (
    BoardInput,
    BoardInputError,
    board_context,
    piece_placement,
    promotion_context,
    read_board_post,
)
from board.drawing import board_frame, feedback_box, promotion_picker
from board.feedback import Feedback

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
BLACK_TO_MOVE = "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"


def post(**fields) -> QueryDict:
    query = QueryDict(mutable=True)
    for key, value in fields.items():
        if isinstance(value, list):
            query.setlist(key, value)
        else:
            query[key] = value
    return query


def test_it_reads_the_piece_placement_of_a_fen():
    assert piece_placement(KNIGHT) == {"e8": "k", "e1": "K", "g1": "N"}


def test_it_refuses_a_placement_with_seven_ranks():
    with pytest.raises(BoardInputError):
        piece_placement("4k3/8/8/8/8/8/4K1N1 w - - 0 1")


def test_it_draws_white_at_the_bottom_when_white_is_to_move():
    board = board_context(START)
    assert board.orientation == "white"
    assert [s.name for s in board.ranks[0]] == [f + "8" for f in "abcdefgh"]
    assert board.ranks[7][0].name == "a1"
    assert board.files == tuple("abcdefgh")
    assert board.rank_labels == tuple("87654321")


def test_it_draws_black_at_the_bottom_when_black_is_to_move():
    board = board_context(BLACK_TO_MOVE)
    assert board.orientation == "black"
    assert board.ranks[0][0].name == "h1"
    assert board.ranks[7][0].name == "h8"  # black's left hand
    assert board.ranks[7][7].name == "a8"
    assert board.files == tuple("hgfedcba")


def test_an_explicit_orientation_wins_over_the_side_to_move():
    assert board_context(BLACK_TO_MOVE, orientation="white").ranks[0][0].name == "a8"


def test_it_names_each_square_and_its_piece_in_chinese():
    squares = {s.name: s for s in board_context(START).squares}
    assert squares["e2"].label == "e2，白兵"
    assert squares["g8"].label == "g8，黑馬"
    assert squares["d1"].label == "d1，白后"
    assert squares["e4"].label == "e4，空格"


def test_the_board_itself_is_named_as_a_board_not_after_its_last_square():
    # the square loop once reused the name `label`, so every board was called 「h1，…」
    assert board_context(START).label == "棋盤"
    assert board_context(START, label="白方的棋盤").label == "白方的棋盤"
    html = board_frame(board_context(START))
    assert 'role="group" aria-label="棋盤"' in html


def test_square_names_follow_the_language_of_each_request():
    from django.utils import translation

    with translation.override("en"):
        english = {s.name: s.label for s in board_context(START).squares}
    chinese = {s.name: s.label for s in board_context(START).squares}
    assert english["e2"] == "e2, white pawn"
    assert chinese["e2"] == "e2，白兵"


def test_a1_is_dark_and_h1_is_light():
    squares = {s.name: s for s in board_context(START).squares}
    assert not squares["a1"].light
    assert squares["h1"].light
    assert squares["d1"].light is True  # the queen on her own colour


def test_it_marks_highlights_selection_marks_and_last_move():
    board = board_context(
        KNIGHT,
        selected="g1",
        highlights=["f3", "e1"],
        marked=["h3"],
        last_move="e7e8",
        mode="mark",
    )
    squares = {s.name: s for s in board.squares}
    assert {n for n, s in squares.items() if s.highlighted} == {"e1", "f3"}
    assert {n for n, s in squares.items() if s.selected} == {"g1"}
    assert {n for n, s in squares.items() if s.marked} == {"h3"}
    assert {n for n, s in squares.items() if s.last_move} == {"e7", "e8"}


def test_a_board_that_shows_moves_carries_them_and_dots_the_piece_picked_up():
    board = board_context(START, selected="g1", shows_moves=True)
    assert len(board.moves.split()) == 20 and "g1f3" in board.moves.split()
    assert {s.name for s in board.squares if s.reachable} == {"f3", "h3"}
    html = str(board_frame(board))
    assert 'data-moves="' in html
    assert html.count("data-reachable") == 2


def test_a_board_shows_no_moves_unless_asked_nor_on_a_read_only_board():
    assert board_context(START, selected="g1").moves == ""
    assert not any(s.reachable for s in board_context(START, selected="g1").squares)
    assert board_context(START, mode="view", shows_moves=True).moves == ""
    assert "data-moves" not in str(board_frame(board_context(START)))


def test_it_refuses_an_unknown_mode():
    with pytest.raises(ValueError):
        board_context(KNIGHT, mode="dance")


def test_the_frame_draws_64_named_square_buttons_with_data_attributes():
    html = board_frame(board_context(KNIGHT, highlights=["f3"], selected="g1"))
    assert html.count('name="square"') == 64
    assert 'data-board data-fen="4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"' in html
    assert 'data-orientation="white"' in html
    assert 'data-mode="move"' in html
    assert (
        '<button type="submit" name="square" value="g1" data-square="g1" class="square dark" '
        'aria-label="g1，白馬" data-piece="N" aria-pressed="true" data-selected>'
    ) in html
    assert 'data-square="f3" class="square light" aria-label="f3，空格" data-highlight>' in html
    assert '<img src="/static/pieces/wN.svg" alt=""' in html
    assert '<input type="hidden" name="selected" value="g1">' in html
    assert "<form" not in html
    assert "輸入棋步，例如 Nf3 或 e2e4" in html


def test_the_frame_in_mark_mode_presses_marked_squares_and_carries_them():
    html = board_frame(board_context(KNIGHT, marked=["f3"], mode="mark"))
    assert html.count('aria-pressed="false"') == 63
    assert 'data-square="f3" class="square light" aria-label="f3，空格" aria-pressed="true"' in html
    assert '<input type="hidden" name="marked" value="f3">' in html
    assert 'name="typed"' not in html


def test_the_frame_in_view_mode_disables_the_squares():
    html = board_frame(board_context(KNIGHT, mode="view"))
    assert html.count(" disabled>") == 64


def test_the_piece_images_are_shipped_with_the_app():
    from django.contrib.staticfiles import finders

    for name in ("wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"):
        path = finders.find(f"pieces/{name}.svg")
        assert path is not None, name
        with open(path, encoding="utf-8") as svg:
            assert svg.read().startswith("<svg")


def test_the_promotion_picker_offers_four_pieces_in_the_movers_colour():
    picker = promotion_context("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8")
    assert picker.pending == "e7e8"
    assert [(c.value, c.label) for c in picker.choices] == [
        ("q", "升變為后"),
        ("r", "升變為車"),
        ("b", "升變為象"),
        ("n", "升變為馬"),
    ]
    assert picker.choices[0].image == "/static/pieces/wQ.svg"
    html = promotion_picker(picker)
    assert '<input type="hidden" name="pending" value="e7e8">' in html
    assert 'name="promotion" value="n"' in html


def test_the_feedback_is_always_present_and_carries_its_verdict():
    empty = feedback_box(None)
    assert "data-feedback>" in empty
    assert "data-verdict" not in empty
    html = feedback_box(Feedback("illegal", "不行", ("馬走 L 形。",)))
    assert 'data-verdict="illegal"' in html
    assert "<p>馬走 L 形。</p>" in html


def test_a_tap_on_a_piece_with_nothing_picked_up_selects_it():
    assert read_board_post(KNIGHT, post(square="g1", selected="")) == BoardInput(
        kind="select", selected="g1"
    )


def test_a_tap_on_an_empty_square_with_nothing_picked_up_does_nothing():
    assert read_board_post(KNIGHT, post(square="d4")).kind == "none"


def test_a_second_tap_on_another_square_is_a_move():
    assert read_board_post(KNIGHT, post(square="f3", selected="g1")) == BoardInput(
        kind="move", move="g1f3"
    )


def test_a_second_tap_on_an_enemy_piece_is_a_capture_attempt():
    assert read_board_post(KNIGHT, post(square="e8", selected="g1")).move == "g1e8"


def test_a_second_tap_on_the_same_square_puts_the_piece_down():
    assert read_board_post(KNIGHT, post(square="g1", selected="g1")) == BoardInput(
        kind="select", selected=None
    )


def test_a_tap_on_another_piece_of_the_same_side_picks_that_one_up():
    assert read_board_post(KNIGHT, post(square="e1", selected="g1")) == BoardInput(
        kind="select", selected="e1"
    )


def test_a_drop_on_a_piece_of_the_same_side_is_a_move_to_be_judged():
    assert read_board_post(KNIGHT, post(square="e1", selected="g1", dropped="1")).move == "g1e1"


def test_a_promotion_choice_completes_the_pending_move():
    result = read_board_post(
        "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", post(promotion="n", pending="e7e8", selected="e7")
    )
    assert result == BoardInput(kind="move", move="e7e8n")


def test_cancelling_the_promotion_puts_the_pawn_down():
    assert read_board_post(KNIGHT, post(cancel="1", pending="e7e8")).selected is None


@pytest.mark.parametrize(
    "fields",
    [
        {"square": "i9"},
        {"square": "e4", "selected": "z1"},
        {"promotion": "k", "pending": "e7e8"},
        {"promotion": "q", "pending": "e7"},
        {"promotion": "q", "pending": "e7x9"},
        {"mode": "fly"},
        {"mode": "mark", "marked": ["e4", "e44"]},
    ],
)
def test_a_malformed_board_post_raises_a_board_input_error(fields):
    with pytest.raises(BoardInputError) as error:
        read_board_post(KNIGHT, post(**fields))
    assert str(error.value)


def test_in_mark_mode_a_tap_toggles_the_square():
    added = read_board_post(KNIGHT, post(mode="mark", square="f3", marked=["h3"]))
    assert added == BoardInput(kind="mark", marked=frozenset({"f3", "h3"}))
    removed = read_board_post(KNIGHT, post(mode="mark", square="h3", marked=["h3"]))
    assert removed == BoardInput(kind="mark", marked=frozenset())


def test_in_mark_mode_done_hands_in_the_marked_squares():
    done = read_board_post(KNIGHT, post(mode="mark", done="1", marked=["f3", "h3", "e2"]))
    assert done == BoardInput(kind="marks_done", marked=frozenset({"f3", "h3", "e2"}))


def test_a_typed_move_in_san_or_uci_is_read_by_the_engine():
    assert read_board_post(START, post(typed="Nf3")) == BoardInput(kind="move", move="g1f3")
    assert read_board_post(START, post(typed=" e2e4 ")) == BoardInput(kind="move", move="e2e4")


def test_a_typed_move_wins_over_the_square_that_submitted_the_form():
    # Enter in the text field submits with the first square button as the submitter.
    assert read_board_post(START, post(typed="Nc3", square="a8")).move == "b1c3"


def test_typed_text_that_is_no_move_is_unreadable():
    assert read_board_post(START, post(typed="horse")) == BoardInput(
        kind="unreadable", typed="horse"
    )


def test_the_post_is_read_in_the_position_after_the_moves():
    moves = ["g1f3", "g8f6"]
    assert read_board_post(START, post(square="f3"), moves).selected == "f3"
    assert read_board_post(START, post(typed="Ng1"), moves).move == "f3g1"


def test_a_read_only_board_still_shows_the_marks():
    html = board_frame(board_context(KNIGHT, marked=["f3"], mode="view"))
    assert 'aria-label="f3，空格，已標記" data-marked disabled>' in html
    assert "aria-pressed" not in html
