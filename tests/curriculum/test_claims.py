"""A question's words are checked against its board: the learner is the side to move."""

import pytest

from curriculum.claims import problems
from curriculum.puzzles import Option, Puzzle
from curriculum.validator import puzzle_problems

LONE_KING_AGAINST_QUEEN = "4k3/8/8/8/8/8/8/Q3K3 {side} - - 0 1"


def text_puzzle(prompt: str, fen: str, explanation: str = "和棋！") -> Puzzle:
    return Puzzle(
        id="game-endings-x",
        lesson="game-endings",
        kind="text",
        prompt=prompt,
        fen=fen,
        hint="想一想。",
        explanation=explanation,
        options=(Option("a", "和棋"), Option("b", "我輸了", "不會輸。")),
        answer=("a",),
    )


def test_the_flag_fall_draw_seen_from_the_side_with_the_lone_king_is_refused():
    puzzle = text_puzzle(
        "你的時間用完了，可是對手只剩一個王。", LONE_KING_AGAINST_QUEEN.format(side="b")
    )
    assert problems(puzzle) == ["prompt: 「對手只剩一個王」 but white (the opponent) has more"]
    assert puzzle_problems(puzzle) == [
        "the board contradicts the prompt: 「對手只剩一個王」 but white (the opponent) has more"
    ]


def test_the_same_words_with_white_to_move_agree_with_the_board():
    puzzle = text_puzzle(
        "你的時間用完了，可是對手只剩一個王。", LONE_KING_AGAINST_QUEEN.format(side="w")
    )
    assert problems(puzzle) == []


@pytest.mark.parametrize(
    ("prompt", "message"),
    [
        ("白車在 e1 將軍黑王。", "prompt: 「白車在 e1」 but the board has K there"),
        ("白車在 d4。", "prompt: 「白車在 d4」 but the board has nothing there"),
        ("白后在 a1。", None),
        ("輪到黑方。", "prompt: 「輪到黑方」 but white is to move"),
        ("輪到白方。", None),
        (
            "你只剩一個王。",
            "prompt: 「你只剩一個王」 but white (the learner, the side to move) has more",
        ),
        ("對手有后和車。", "prompt: 「對手有后和車」 but black (the opponent) has no q, r"),
        ("你有后。", None),
    ],
)
def test_each_kind_of_claim_is_read_and_checked(prompt, message):
    found = problems(text_puzzle(prompt, LONE_KING_AGAINST_QUEEN.format(side="w")))
    assert found == ([message] if message else [])


def test_an_explanation_after_a_move_is_not_read_as_the_first_position():
    puzzle = Puzzle(
        id="capture-x",
        lesson="capture",
        kind="move",
        prompt="請吃掉黑后！",
        fen="3qk3/8/8/8/8/8/8/3RK3 w - - 0 1",
        hint="白車在 d1。",
        explanation="白車在 d8 了。",
        goal={"type": "capture", "piece": "q"},
    )
    assert problems(puzzle) == []
