"""Every wrong answer teaches: each wrong option of every choice and assess puzzle, and a
wrong mark in every squares puzzle, gets a reason computed for that answer from the
position, and each reason's sentence names the squares the engine points at."""

import chess
import pytest
from django.utils import translation

from board.explanations import explain
from board.refutations import named_squares, refutation_sentence
from curriculum.judging import judge
from curriculum.kinds import assess, choice, squares
from curriculum.loading import get_curriculum

PUZZLES = [p for lesson in get_curriculum().lessons for p in lesson.puzzles]
GENERIC = "不對喔。再讀一次題目。"


def wrong_answers(puzzle):
    """Each single wrong option (choice, assess), or one wrong mark (squares)."""
    if puzzle.kind == "choice":
        truth = choice.truth(puzzle)
        return [[o.value] for o in puzzle.options if o.value not in truth]
    if puzzle.kind == "assess":
        truth = assess.truth(puzzle)
        return [o.value for o in puzzle.options if o.value not in truth]
    truth = squares.truth(puzzle)
    if puzzle.target == "attacks":
        return []
    origin = chess.parse_square(puzzle.square)
    near = sorted(
        (s for s in chess.SQUARES if chess.square_name(s) not in truth and s != origin),
        key=lambda s: (chess.square_distance(s, origin), s),
    )
    return [[chess.square_name(near[0])]]


CASES = [
    (puzzle, answer)
    for puzzle in PUZZLES
    if puzzle.kind in ("choice", "assess", "squares")
    for answer in wrong_answers(puzzle)
]


def said(miss):
    if miss.refutation is not None:
        return refutation_sentence(miss.refutation)
    return explain(miss.verdict)[0]


@pytest.mark.parametrize(("puzzle", "answer"), CASES, ids=[f"{p.id}-{a}" for p, a in CASES])
def test_a_wrong_answer_gets_its_own_reason_naming_its_squares(puzzle, answer):
    outcome = judge(puzzle, answer)
    assert outcome.result == "incorrect"
    assert outcome.wrong, "no reason for this wrong answer"
    with translation.override("zh-hant"):
        for miss in outcome.wrong:
            sentence = said(miss)
            assert GENERIC not in sentence
            assert "%(" not in sentence
            assert set(miss.squares) <= set(named_squares(sentence)), sentence


def test_every_choice_assess_and_squares_puzzle_but_attacks_is_covered():
    covered = {p.id for p, _ in CASES}
    expected = {
        p.id
        for p in PUZZLES
        if p.kind in ("choice", "assess") or (p.kind == "squares" and p.target != "attacks")
    }
    assert covered == expected


def test_two_wrong_options_of_one_question_get_different_reasons():
    puzzle = get_curriculum().puzzle("en-passant-not-a-pawn")
    with translation.override("zh-hant"):
        rook = [said(m) for m in judge(puzzle, ["c5", "e5"]).wrong]
        pawn = [said(m) for m in judge(puzzle, ["b5", "e5"]).wrong]
    assert rook == ["只有兵能吃過路兵；c5 上是白車。"]
    assert pawn == ["b5 的白兵不在剛走兩格的 d5 黑兵旁邊。"]


@pytest.mark.parametrize("far", ["a1", "h8", "e4"])
def test_a_mark_far_from_the_king_in_a_king_cannot_go_puzzle_says_how_a_king_moves(far):
    puzzle = get_curriculum().puzzle("king-rook-guards-rank")
    outcome = judge(puzzle, [far])
    assert outcome.result == "incorrect"
    with translation.override("zh-hant"):
        assert said(outcome.wrong[0]).endswith("王一次只走一格。")


def test_marking_the_piece_s_own_square_is_wrong_without_a_move_to_judge():
    puzzle = get_curriculum().puzzle("king-in-the-corner")
    outcome = judge(puzzle, ["a1", "d7"])
    assert outcome.result == "incorrect"
    assert len(outcome.wrong) == 1  # d7's reason; a1 is where the king stands
