"""Setup puzzles (curriculum/kinds/setup.py) on the real setup lesson: the pieces taken from
the palette and put on, taken off, judged by the engine once all are on, each misplaced
piece said by the rule it breaks; bad posts are 400s; the placement rules themselves."""

import re
from html import unescape

import pytest

from curriculum.kinds import setup as setup_kind
from curriculum.loading import get_curriculum
from curriculum.puzzles import Problem
from lessons.models import Attempt, PuzzleResult
from rules import setup
from rules.setup import START_FEN, Mistake

pytestmark = pytest.mark.django_db
KING_QUEEN = "/lessons/setup/setup-place-king-queen/"
ROOKS = "/lessons/setup/setup-place-rooks/"


def post(client, url: str, **data):
    return client.post(url, {"asked": url.strip("/").split("/")[-1], **data})


def board_of(response) -> dict[str, str]:
    html = response.content.decode()
    return dict(re.findall(r'data-square="(\w\d)"[^>]*data-piece="(\w)"', html))


def feedback(response) -> str:
    html = response.content.decode()
    box = re.search(r'<div class="feedback".*?</div>', html, re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unescape(box))).strip()


def played(response) -> str:
    return re.search(r'name="played" value="([^"]*)"', response.content.decode()).group(1)


def test_the_board_shows_the_position_without_the_pieces_to_put_on(client):
    page = client.get("/lessons/setup/?puzzle=setup-place-king-queen").content.decode()
    assert 'data-mode="place"' in page
    squares = dict(re.findall(r'data-square="(\w\d)"[^>]*data-piece="(\w)"', page))
    assert "d1" not in squares and "e1" not in squares and squares["d8"] == "q"
    palette = re.findall(
        r'name="take" value="(\w)"[^>]*aria-label="([^"]+)" aria-pressed="(\w+)"', page
    )
    assert palette == [("K", "白王", "true"), ("Q", "白后", "false")]


def test_a_piece_is_put_on_and_taken_off_and_nothing_is_judged_before_all_are_on(client):
    response = post(client, KING_QUEEN, take="Q")
    assert 'id="take-Q" class="setup-piece" aria-label="白后" aria-pressed="true"' in (
        response.content.decode()
    )
    response = post(client, KING_QUEEN, tool="Q", square="d1")
    assert board_of(response)["d1"] == "Q" and played(response) == "d1Q"
    assert feedback(response) == "d1 放了白后。"
    response = post(client, KING_QUEEN, tool="Q", square="d1", played="d1Q")
    assert "d1" not in board_of(response) and played(response) == ""
    assert feedback(response) == "拿走了 d1 的白后。"
    # a piece already standing is not the learner's to take off
    response = post(client, KING_QUEEN, tool="Q", square="c1")
    assert feedback(response) == "c1 已經有棋子了。" and board_of(response)["c1"] == "B"
    assert Attempt.objects.count() == 0


def test_the_right_placement_solves_the_puzzle(client):
    response = post(client, KING_QUEEN, tool="Q", square="d1")
    response = post(client, KING_QUEEN, tool="K", square="e1", played="d1Q")
    html = response.content.decode()
    assert "data-solved" in html and "對！白后在淺色的 d1" in html
    attempt = Attempt.objects.get()
    assert (attempt.puzzle, attempt.verdict, attempt.answer) == (
        "setup-place-king-queen",
        "correct",
        "d1Q e1K",
    )
    assert PuzzleResult.objects.get().puzzle == "setup-place-king-queen"


def test_king_and_queen_swapped_are_each_told_their_rule(client):
    response = post(client, KING_QUEEN, tool="K", square="d1")
    response = post(client, KING_QUEEN, tool="Q", square="e1", played="d1K")
    assert feedback(response) == (
        "還差一點！ 王站在后的旁邊：白王要放在 e1。 后站在自己的顏色上：白后要放在 d1。"
    )
    html = response.content.decode()
    assert set(re.findall(r'data-square="(\w\d)"[^>]*data-highlight', html)) == {"d1", "e1"}
    # the pieces stay on: take the king off, put it right, then the queen
    assert played(response) == "d1K e1Q"
    assert Attempt.objects.get().verdict == "incorrect"


def test_two_rooks_may_go_either_way_round(client):
    steps = [("R", "h1"), ("R", "a1"), ("r", "h8"), ("r", "a8")]
    so_far = ""
    for piece, square in steps:
        response = post(client, ROOKS, tool=piece, square=square, played=so_far)
        so_far = played(response) if "data-solved" not in response.content.decode() else so_far
    assert "data-solved" in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"played": "d1X"},
        {"played": "d1Q d1K"},
        {"played": "c1Q"},  # a square a piece already stands on
        {"played": "a3R"},  # not a piece of this puzzle's palette
        {"take": "R"},
        {"tool": "Q", "square": "z9"},
    ],
)
def test_a_post_no_page_sends_is_a_400(client, data):
    response = post(client, KING_QUEEN, **data)
    assert response.status_code == 400


def test_the_validator_refuses_a_place_with_no_piece_and_a_history():
    puzzle = get_curriculum().puzzle("setup-place-king-queen")
    from dataclasses import replace

    with pytest.raises(Problem, match="no piece in `fen`: d4"):
        setup_kind.validate(replace(puzzle, place=("d1", "d4")))
    with pytest.raises(Problem, match="no `moves`"):
        setup_kind.validate(replace(puzzle, moves=("e2e4",)))


def test_each_piece_breaks_its_own_rule_of_the_starting_position():
    def codes(placed):
        return [(m.code, m.squares) for m in setup.placement_mistakes(START_FEN, placed)]

    assert codes({"a3": "R"}) == [(Mistake.ROOK_IN_CORNER, ("a3", "a1", "h1"))]
    assert codes({"c1": "N"}) == [(Mistake.KNIGHT_BESIDE_ROOK, ("c1", "b1", "g1"))]
    assert codes({"e8": "q"}) == [(Mistake.QUEEN_OWN_COLOUR, ("e8", "d8"))]
    assert codes({"d3": "P"})[0][0] is Mistake.PAWN_ROW
    assert codes({"d1": "Q", "e1": "K", "a1": "R"}) == []
    # a rook whose square is not a corner: it only belongs somewhere else
    assert setup.placement_mistakes("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"b1": "R"})[0].code is (
        Mistake.ROOK_IN_CORNER
    )
    other = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1"
    assert setup.placement_mistakes(other, {"b1": "R"})[0].code is Mistake.WRONG_SQUARE


def test_the_live_lessons_picker_leaves_the_setup_puzzles_out():
    from live.puzzles import choices

    offered = [choice.value for _title, group in choices() for choice in group]
    assert "setup/setup-corner-a1" in offered
    assert not [value for value in offered if value.startswith("setup/setup-place-")]
