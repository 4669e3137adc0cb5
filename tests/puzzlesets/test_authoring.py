"""A grown-up's own question: proved by the validator, refused with a reason to act on."""

import pytest
from django.utils import translation

from curriculum import authoring
from curriculum.authoring import Code, Draft
from curriculum.loading import get_curriculum
from puzzlesets.questions import refusal_text
from tests.people.conftest import signed_in
from tests.puzzlesets.helpers import make_puzzle

KNIGHT = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"


def _everything():
    return [p for lesson in get_curriculum().lessons for p in lesson.puzzles]


def _refused(draft: Draft) -> list:
    with pytest.raises(authoring.Refused) as refused:
        authoring.completed(draft, _everything())
    return refused.value.refusals


def test_a_queen_two_pieces_can_take_is_refused_as_two_answers():
    draft = Draft("capture", "4k3/8/8/3q4/4K3/8/8/3R4 w - - 0 1", move="d1d5")
    [refusal] = _refused(draft)
    assert refusal.code == Code.ALSO_CAPTURES
    with translation.override("zh-hant"):
        assert refusal_text(refusal) == "白王也可以吃掉 d5 的黑后，所以這題有兩個答案。"


def test_a_capture_that_wins_no_more_than_another_is_refused():
    # The rook takes a knight on d5 or a knight on a1: both win 3.
    draft = Draft("capture", "4k3/8/8/3n4/8/8/8/nR2K3 w - - 0 1", move="b1b8")
    assert _refused(draft)[0].code in (Code.NOT_A_CAPTURE,)
    draft = Draft("capture", "4k3/8/8/1n6/8/8/8/nR2K3 w - - 0 1", move="b1b5")
    assert [r.code for r in _refused(draft)] == [Code.BETTER_CAPTURE]


def test_the_best_capture_is_accepted_as_a_capture_goal_on_its_square():
    draft = authoring.completed(
        Draft("capture", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", move="d1d5"), _everything()
    )
    puzzle = authoring.puzzle_of(draft, "x", "sets", authoring.PROOF_WORDS)
    assert dict(puzzle.goal) == {"type": "capture", "square": "d5"}


def test_a_star_the_king_can_collect_too_is_refused_naming_the_other_piece():
    [refusal] = _refused(Draft("star", KNIGHT, square="g1", targets=("e2",)))
    assert refusal.code == Code.OTHER_PIECE_COLLECTS and refusal.squares == ("e1",)


def test_a_star_gets_the_fewest_moves_that_collect_it_as_its_budget():
    draft = authoring.completed(Draft("star", KNIGHT, square="g1", targets=("g5",)), [])
    assert draft.budget == 2


@pytest.mark.parametrize(
    ("draft", "code"),
    [
        (Draft("squares", "not a fen"), Code.NOT_A_FEN),
        (Draft("squares", "8/8/8/8/8/8/8/4K3 w - - 0 1", square="e1"), Code.ILLEGAL_POSITION),
        (Draft("squares", KNIGHT, moves=("e1e3",), square="g1"), Code.ILLEGAL_HISTORY),
        (Draft("squares", KNIGHT, square="d4"), Code.EMPTY_SQUARE),
        (Draft("squares", KNIGHT, square="e8"), Code.NOT_TO_MOVE),
        (Draft("mate", KNIGHT), Code.NO_MATE),
        (Draft("legal", KNIGHT, move="g1"), Code.NOT_A_MOVE),
        (Draft("legal", KNIGHT, move="g1g1"), Code.NOT_A_MOVE),
        (Draft("state", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Code.STATE_NOT_OFFERED),
    ],
    ids=["fen", "one-king", "history", "empty", "not-to-move", "no-mate", "move", "same", "dead"],
)
def test_each_refusal_names_what_to_fix(draft, code):
    assert [r.code for r in _refused(draft)] == [code]
    with translation.override("zh-hant"):
        assert all(refusal_text(r) for r in _refused(draft))


def test_a_yes_no_question_without_a_partner_in_the_lessons_is_refused():
    draft = Draft("legal", KNIGHT, move="g1f3")
    assert [r.code for r in _refused_among(draft, [])] == [Code.NO_PARTNER]
    assert authoring.completed(draft, _everything()) == draft  # the lessons have partners


def _refused_among(draft, puzzles):
    with pytest.raises(authoring.Refused) as refused:
        authoring.completed(draft, puzzles)
    return refused.value.refusals


def test_the_answer_is_computed_by_the_engine_never_stated():
    castle = Draft(
        "castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", moves=("e1e2", "e8e7", "e2e1", "e7e8")
    )
    puzzle = authoring.puzzle_of(castle, "x", "sets", authoring.PROOF_WORDS)
    assert puzzle.question == "can_castle" and puzzle.answer == ("no",)
    mate = Draft("state", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", moves=("a1a8",))
    assert authoring.puzzle_of(mate, "x", "sets", authoring.PROOF_WORDS).answer == ("checkmate",)


def test_a_bad_history_is_refused_with_its_move_and_why_and_the_form_keeps_the_board(owner):
    """4k3/3p4/8/4P3/8/8/8/4K3 b with d7d5 e5d6 d8d7: the third move cannot be played (the
    en passant capture took the pawn; no piece stands on d8)."""
    fields = {"question": "check", "fen": "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"}
    response = make_puzzle(signed_in(owner), {**fields, "moves": "d7d5 e5d6 d8d7"})
    assert response.status_code == 400
    html = response.content.decode()
    refusals = html.split("data-refusals")[1].split("</ul>")[0]
    assert "<li>走過的棋裡，第 3 步 d8d7 不能走：d8 上沒有棋子可以走。</li>" in refusals
    assert "data-editor " in html and 'value="d7d5 e5d6 d8d7"' in html
