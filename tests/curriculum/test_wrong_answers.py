"""Every wrong answer teaches: each wrong option of every choice and assess puzzle, and a
wrong mark in every squares puzzle, gets a reason computed for that answer from the
position, and each reason's sentence names the squares the engine points at; each wrong
option of every text puzzle gets the reason its author wrote for it, in every language.
No wrong answer gets the shared generic line."""

from dataclasses import replace

import chess
import pytest
from django.utils import translation

from board.explanations import explain
from board.refutations import named_squares, refutation_sentence
from curriculum.judging import judge
from curriculum.kinds import assess, choice, squares
from curriculum.loading import curriculum_in, get_curriculum
from lessons.answering import _said
from rules import setup as rules_setup

PUZZLES = [p for lesson in get_curriculum().lessons for p in lesson.puzzles]
GENERIC = "不對喔。再讀一次題目。"
GENERIC_ENGLISH = "That is not right. Read the question again."


def wrong_answers(puzzle):
    """Each single wrong option (choice, assess), or one wrong mark (squares)."""
    if puzzle.kind == "choice":
        truth = choice.truth(puzzle)
        return [[o.value] for o in puzzle.options if o.value not in truth]
    if puzzle.kind == "assess":
        truth = assess.truth(puzzle)
        return [o.value for o in puzzle.options if o.value not in truth]
    truth = squares.truth(puzzle)
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


def test_every_choice_assess_and_squares_puzzle_is_covered():
    covered = {p.id for p, _ in CASES}
    assert covered == {p.id for p in PUZZLES if p.kind in ("choice", "assess", "squares")}


TEXT_CASES = [
    (puzzle.id, option.value)
    for puzzle in PUZZLES
    if puzzle.kind == "text"
    for option in puzzle.options
    if option.value not in puzzle.answer
]


@pytest.mark.parametrize(
    ("puzzle_id", "value"), TEXT_CASES, ids=[f"{p}-{v}" for p, v in TEXT_CASES]
)
@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_a_wrong_option_of_a_text_puzzle_gets_its_own_reason(puzzle_id, value, language):
    puzzle = curriculum_in(language).puzzle(puzzle_id)
    [why] = [option.why for option in puzzle.options if option.value == value]
    with translation.override(language):
        outcome = judge(puzzle, [value])
    assert outcome.result == "incorrect"
    assert why and outcome.message == why
    assert outcome.message not in (GENERIC, GENERIC_ENGLISH)


def test_every_text_puzzle_is_covered():
    covered = {p for p, _ in TEXT_CASES}
    assert covered == {p.id for p in PUZZLES if p.kind == "text"}
    assert len(TEXT_CASES) >= 50


def test_the_generic_miss_count_is_zero():
    # issue 11's figure, as tests/benchmarks/generic_misses.py prints it.
    with translation.override("zh-hant"):
        generic = [
            puzzle.id
            for puzzle in PUZZLES
            if puzzle.kind != "move"
            for answer in _every_wrong_answer(puzzle)
            if GENERIC in (judge(puzzle, answer).message or "") and not judge(puzzle, answer).wrong
        ]
    assert generic == []


def _every_wrong_answer(puzzle):
    if puzzle.kind == "setup":  # the first piece to put on swapped with another kind, or off
        target = rules_setup.pieces_of(puzzle.fen)
        placed = {square: target[square] for square in puzzle.place}
        first = puzzle.place[0]
        other = next((s for s in puzzle.place if target[s] != target[first]), None)
        if other is None:
            placed["e4"] = placed.pop(first)
        else:
            placed[first], placed[other] = placed[other], placed[first]
        return [placed]
    if puzzle.kind == "text":
        return [[o.value] for o in puzzle.options if o.value not in puzzle.answer]
    return wrong_answers(puzzle)


@pytest.mark.parametrize(
    ("fen", "tapped", "said_zh"),
    [
        # The bishop's way of moving does not reach c4.
        ("4k3/8/8/2b5/8/8/8/3RK3 w - - 0 1", "c4", "c5 的黑象只攻擊斜線，c4 不在它的斜線上。"),
        # The white pawn on e3 stands in the bishop's diagonal: f2 behind it is not attacked.
        ("4k3/8/8/2b5/8/4P3/8/3RK3 w - - 0 1", "f2", "e3 的白兵擋在 c5 的黑象前面。"),
    ],
)
def test_a_wrong_tap_in_an_attacks_puzzle_names_how_the_piece_attacks(fen, tapped, said_zh):
    puzzle = replace(get_curriculum().puzzle("bishop-attacks"), fen=fen)
    outcome = judge(puzzle, [tapped])
    assert outcome.result == "incorrect"
    with translation.override("zh-hant"):
        assert [said(miss) for miss in outcome.wrong] == [said_zh]


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


SEVERAL = [
    puzzle
    for puzzle in PUZZLES
    if puzzle.kind in ("choice", "text", "assess") and len(puzzle.answer) > 1
]


@pytest.mark.parametrize("puzzle", SEVERAL, ids=[p.id for p in SEVERAL])
def test_leaving_out_a_right_answer_is_said_with_how_many_are_left(puzzle):
    chosen = sorted(puzzle.answer)[:1]  # one right answer of several, nothing wrong
    with translation.override("zh-hant"):
        outcome = judge(puzzle, chosen if puzzle.kind != "assess" else chosen[0])
        message = str(outcome.message)
    assert outcome.result == "incorrect"
    left = len(puzzle.answer) - 1
    assert GENERIC not in message
    assert message == f"你選的都對，可是還有 {left} 個答案也是對的。再看看！"
    others = set(puzzle.answer) - set(chosen)
    texts = {o.value: o.text for o in puzzle.options}
    assert not any(texts[value] in message for value in others)  # the answer is not given away
    with translation.override("zh-hant"):
        shown = _said(outcome)[0] or [message]  # what the lesson page says under the board
    assert shown and not any(GENERIC in line for line in shown)


def test_there_are_puzzles_with_several_right_answers():
    assert len(SEVERAL) >= 3
