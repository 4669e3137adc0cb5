"""Every puzzle of the real curriculum can be solved through `judge`, as a learner would."""

from curriculum.judging import judge
from curriculum.kinds.squares import truth as squares_truth
from curriculum.loading import get_curriculum
from tests.curriculum.conftest import solve

PUZZLES = [puzzle for lesson in get_curriculum().lessons for puzzle in lesson.puzzles]


def test_every_move_puzzle_can_be_solved_through_judge():
    unsolved = [p.id for p in PUZZLES if p.kind == "move" and not solve(p)]
    assert unsolved == []


def test_every_stated_answer_is_judged_correct():
    wrong = []
    for puzzle in PUZZLES:
        if puzzle.kind == "squares":
            answer = squares_truth(puzzle)
        elif puzzle.kind == "assess":
            answer = puzzle.answer[0]
        elif puzzle.kind in ("choice", "text"):
            answer = puzzle.answer
        else:
            continue
        if judge(puzzle, answer).result != "correct":
            wrong.append(puzzle.id)
    assert wrong == []


def test_promotion_to_a_knight_where_a_rook_is_asked_says_king_and_knight_cannot_mate():
    puzzle = get_curriculum().puzzle("promotion-rook-not-queen")
    outcome = judge(puzzle, "b7b8n")
    assert outcome.result == "incorrect"
    assert outcome.message == "不會逼和，可是只剩王和馬，不可能將死對方：這是死局，和棋。"
    assert judge(puzzle, "b7b8r").result == "correct"
