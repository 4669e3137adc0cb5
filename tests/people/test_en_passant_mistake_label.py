"""A wrong 「不可以」 to a legal en passant capture is the en passant rule, as grown-ups read
it (「什麼時候可以吃過路兵」), not 「棋子可以怎麼走」; the child is told the pawn it takes."""

from django.utils import translation

import rules
from board.refutations import refutation_sentence
from curriculum.puzzles import Option, Puzzle
from curriculum.wrong_answers import wrong_parts
from people.reports.misconceptions import misconception_for

# White's pawn on e5 beside Black's pawn just moved d7d5: e5d6 takes it en passant.
FEN, HISTORY = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", ("d7d5",)


def test_a_legal_en_passant_capture_is_refuted_by_the_en_passant_rule():
    refutation = rules.why_legal(FEN, "e5d6", HISTORY)
    assert refutation.fact == rules.Fact.CAN_CAPTURE_EN_PASSANT
    assert refutation.squares == ("e5", "d5")


def test_a_wrong_no_is_labelled_with_the_en_passant_rule():
    puzzle = Puzzle(
        "ep-x", "en-passant", "choice", "可以吃嗎？", FEN, "提示", "說明",
        moves=HISTORY, question="move_legal", params={"move": "e5d6"},
        options=(Option("yes", "可以"), Option("no", "不可以")), answer=("yes",),
    )  # fmt: skip
    [wrong] = wrong_parts(puzzle, frozenset({"no"}), frozenset({"yes"}))
    with translation.override("zh-hant"):
        assert str(misconception_for(wrong.refutation.fact.name).title) == "什麼時候可以吃過路兵"
        assert refutation_sentence(wrong.refutation) == (
            "e5 的白兵就在剛走兩格的 d5 黑兵旁邊：可以吃過路兵。"
        )
