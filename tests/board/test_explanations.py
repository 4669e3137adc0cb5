"""Every reason the engine gives is told to the child as a Traditional Chinese sentence."""

import re

import pytest
from django.utils import translation

import rules
from board.explanations import (
    describe_claim,
    describe_termination,
    explain,
    explain_why,
    piece_name,
)
from rules import Claim, Reason, Termination

CJK = re.compile(r"[\u4e00-\u9fff]")

# One position per reason (FEN, move, history), each breaking that rule.
EXAMPLES = {
    Reason.NO_PIECE: ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d2d3", ()),
    Reason.OPPONENT_PIECE: ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e8e7", ()),
    Reason.OWN_PIECE_ON_TARGET: ("4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1", "d1d2", ()),
    Reason.NOT_HOW_IT_MOVES: ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1e3", ()),
    Reason.PATH_BLOCKED: ("4k3/8/8/R2p4/8/8/8/4K3 w - - 0 1", "a5h5", ()),
    Reason.PAWN_FORWARD_OCCUPIED: ("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", "e4e5", ()),
    Reason.PAWN_DIAGONAL_NEEDS_CAPTURE: ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4d5", ()),
    Reason.EN_PASSANT_EXPIRED: (
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        "e5d6",
        ("d7d5", "e1e2", "e8f8"),
    ),
    Reason.EN_PASSANT_NEEDS_TWO_STEP: ("4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1", "e5d6", ("d6d5",)),
    Reason.CASTLING_KING_TWO_SQUARES: ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1b1", ()),
    Reason.CASTLING_RIGHTS_LOST: ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", ()),
    Reason.CASTLING_NO_ROOK: ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1g1", ()),
    Reason.CASTLING_BLOCKED: ("4k3/8/8/8/8/8/8/4KBNR w K - 0 1", "e1g1", ()),
    Reason.CASTLING_IN_CHECK: ("k3r3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", ()),
    Reason.CASTLING_THROUGH_ATTACK: ("k4r2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", ()),
    Reason.CASTLING_INTO_ATTACK: ("k5r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", ()),
    Reason.KING_INTO_ATTACK: ("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d2", ()),
    Reason.PINNED: ("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2f3", ()),
    Reason.IGNORES_CHECK: ("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1", "d2f3", ()),
    Reason.PROMOTION_REQUIRED: ("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7a8", ()),
    Reason.BAD_PROMOTION: ("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7a8k", ()),
    Reason.GAME_OVER: ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "h8g8", ()),
}


def chinese(verdict):
    with translation.override("zh-hant"):
        return explain(verdict)


def english(verdict):
    with translation.override("en"):
        return explain(verdict)


def why_in(language, verdict):
    with translation.override(language):
        return explain_why(verdict)


def test_every_reason_has_an_example_here():
    assert set(EXAMPLES) == set(Reason)


@pytest.mark.parametrize("reason", list(Reason), ids=lambda reason: reason.name)
def test_every_reason_has_a_sentence_translated_into_chinese(reason):
    fen, move, moves = EXAMPLES[reason]
    verdict = rules.check_move(fen, move, moves)
    assert reason in verdict.reasons
    index = verdict.reasons.index(reason)
    # The primary reason is said; the others are behind 「為什麼？」 (after a piece's rule).
    detail = 1 if verdict.reason is Reason.NOT_HOW_IT_MOVES else 0
    told = [*chinese(verdict), *why_in("zh-hant", verdict)[detail:]]
    told_en = [*english(verdict), *why_in("en", verdict)[detail:]]
    sentence = told[index]
    assert CJK.search(sentence), sentence
    assert sentence != told_en[index]
    assert "%(" not in sentence
    assert len(chinese(verdict)) == 1


def test_castling_through_attack_names_the_square_and_the_attacking_rook():
    verdict = rules.check_move(*EXAMPLES[Reason.CASTLING_THROUGH_ATTACK][:2])
    assert chinese(verdict) == ["不能王車易位：f1 被 f8 的黑車攻擊，王不能經過被攻擊的格。"]


def test_castling_says_the_first_broken_condition_and_the_others_behind_why():
    verdict = rules.check_move("k3rrq1/8/8/8/8/8/8/4K1NR w - - 0 1", "e1g1")
    assert chinese(verdict) == ["不能王車易位：王或這一邊的車已經走過了，這一邊再也不能王車易位。"]
    with translation.override("zh-hant"):
        why = explain_why(verdict)
    assert why == [
        "不能王車易位：你的王正被 e8 的黑車將軍，被將軍時不能王車易位。",
        "不能王車易位：王和車之間還有棋子（g1）。",
        "不能王車易位：f1 被 f8 的黑車攻擊，王不能經過被攻擊的格。",
        "不能王車易位：g1 被 g8 的黑后攻擊，王不能停在被攻擊的格。",
    ]


def test_one_piece_in_the_way_of_castling_is_said_in_the_singular():
    one = rules.check_move("4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "e1g1")
    two = rules.check_move(*EXAMPLES[Reason.CASTLING_BLOCKED][:2])
    assert english(one) == [
        "You cannot castle: there is a piece between the king and the rook (g1)."
    ]
    assert english(two) == [
        "You cannot castle: there are pieces between the king and the rook (f1, g1)."
    ]
    assert chinese(one) == ["不能王車易位：王和車之間還有棋子（g1）。"]


def test_the_rook_that_moved_and_came_back_is_named():
    history = ["h1h2", "e8e7", "h2h1", "e7e8"]
    verdict = rules.check_move("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", history)
    assert chinese(verdict) == ["不能王車易位：h1 的白車已經走過了，就算走回原位也不行。"]


def test_the_pinned_piece_and_the_pinning_piece_are_named():
    verdict = rules.check_move(*EXAMPLES[Reason.PINNED][:2])
    assert chinese(verdict) == ["白馬不能這樣走：它一離開，b4 的黑象就會攻擊你的王。"]


def test_a_knight_moved_the_wrong_way_hears_how_a_knight_moves_and_its_squares():
    verdict = rules.check_move(*EXAMPLES[Reason.NOT_HOW_IT_MOVES][:2])
    assert chinese(verdict) == ["白馬不能從 g1 走到 e3：馬走 L 形。"]
    with translation.override("zh-hant"):
        assert explain_why(verdict) == [
            "馬的 L 形：先直走或橫走兩格，再轉彎走一格。馬可以跳過別的棋子。"
        ]


def test_the_king_walking_into_attack_hears_the_square_and_the_attacker():
    verdict = rules.check_move(*EXAMPLES[Reason.KING_INTO_ATTACK][:2])
    assert chinese(verdict) == ["白王不能走到 d2：那裡會被 d8 的黑車攻擊。"]


def test_ignoring_check_names_the_checker():
    verdict = rules.check_move(*EXAMPLES[Reason.IGNORES_CHECK][:2])
    assert chinese(verdict) == ["你的王正被 e8 的黑車將軍：要吃掉它、擋住它，或是把王移開。"]


def test_moving_the_opponents_piece_says_whose_turn_it_is():
    verdict = rules.check_move(*EXAMPLES[Reason.OPPONENT_PIECE][:2])
    assert chinese(verdict) == ["e8 的黑王不是你的棋子：現在輪到白方走。"]


def test_a_legal_move_has_nothing_to_explain():
    assert chinese(rules.check_move("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3")) == []


@pytest.mark.parametrize(
    ("symbol", "name"), [("N", "白馬"), ("q", "黑后"), ("R", "白車"), ("b", "黑象"), ("P", "白兵")]
)
def test_piece_names_say_colour_and_piece(symbol, name):
    with translation.override("zh-hant"):
        assert piece_name(symbol) == name


def test_checkmate_names_the_winner_when_told():
    with translation.override("zh-hant"):
        assert describe_termination(Termination.CHECKMATE, "white") == "將死！白方獲勝。"
        assert describe_termination(Termination.CHECKMATE) == "將死！這盤棋結束了。"


def test_stalemate_is_explained_as_a_draw():
    with translation.override("zh-hant"):
        assert describe_termination(Termination.STALEMATE) == (
            "逼和：輪到走棋的一方沒有被將軍，卻一步都不能走。這盤棋是和棋。"
        )


@pytest.mark.parametrize("termination", list(Termination), ids=lambda t: t.name)
def test_every_termination_is_described_in_chinese(termination):
    with translation.override("zh-hant"):
        sentence = describe_termination(termination)
    with translation.override("en"):
        assert sentence != describe_termination(termination)
    assert CJK.search(sentence)


@pytest.mark.parametrize("claim", list(Claim), ids=lambda c: c.name)
def test_every_claim_is_described_in_chinese(claim):
    with translation.override("zh-hant"):
        sentence = describe_claim(claim)
    with translation.override("en"):
        assert sentence != describe_claim(claim)
    assert CJK.search(sentence)


def test_after_checkmate_only_the_game_over_is_said():
    # "Capture it, block it, or move your king" would be false in a checkmate.
    verdict = rules.check_move("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "h8h7")
    assert verdict.reasons == (Reason.GAME_OVER, Reason.KING_INTO_ATTACK)
    assert chinese(verdict) == ["這盤棋已經結束了，不能再走棋。"]


def test_castling_without_a_rook_says_there_is_no_rook_in_that_corner():
    verdict = rules.check_move("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1c1")
    assert chinese(verdict) == ["不能王車易位：a1 上沒有你的車。"]


def test_castling_after_the_rook_was_captured_says_there_is_no_rook_there():
    verdict = rules.check_move("4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1", "e1g1", ["g2h1"])
    assert chinese(verdict) == ["不能王車易位：h1 上沒有你的車。"]


def test_the_king_that_moved_and_came_back_is_named():
    history = ["e1f1", "e8d8", "f1e1", "d8e8"]
    verdict = rules.check_move("r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", history)
    assert chinese(verdict) == ["不能王車易位：e1 的白王已經走過了，就算走回原位也不行。"]


def test_a_knights_check_cannot_be_blocked_so_blocking_is_not_offered():
    verdict = rules.check_move("4k3/8/8/8/8/3n4/8/R3K3 w - - 0 1", "a1a2")
    assert chinese(verdict) == ["你的王正被 d3 的黑馬將軍：要吃掉它，或是把王移開。"]


def test_a_pawns_check_ignored_offers_capture_or_king_move():
    verdict = rules.check_move("4k3/8/8/8/8/8/3p4/R3K3 w - - 0 1", "a1a2")
    assert chinese(verdict) == ["你的王正被 d2 的黑兵將軍：要吃掉它，或是把王移開。"]


def test_a_double_check_says_only_the_king_can_move_even_for_a_capture_of_one_checker():
    verdict = rules.check_move("4r1k1/8/8/8/7b/5N2/8/4K3 w - - 0 1", "f3h4")
    assert chinese(verdict) == ["你的王同時被兩個棋子將軍（h4、e8）：只能把王移開。"]


def test_en_passant_uncovering_a_rank_attack_names_the_rook_and_the_pawn_taken():
    verdict = rules.check_move("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6")
    assert chinese(verdict) == [
        "白兵不能在這裡吃過路兵：d5 的黑兵一被吃掉，h5 的黑車就會攻擊你的王。"
    ]


def test_path_blocked_names_the_first_blocker_of_a_pawns_two_square_move():
    verdict = rules.check_move("4k3/8/8/8/4n3/4n3/4P3/R3K3 w - - 0 1", "e2e4")
    assert chinese(verdict) == ["白兵不能跳過棋子：e3 的黑馬擋住了路。"]


def test_the_king_capturing_a_protected_piece_names_the_protector():
    verdict = rules.check_move("3rk3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2")
    assert chinese(verdict) == ["白王不能走到 d2：那裡會被 d8 的黑車攻擊。"]


@pytest.mark.parametrize(
    ("fen", "move"),
    [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8k"),  # a rook reaching the last rank
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e3k"),  # a pawn far from the last rank
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4q"),
    ],
)
def test_a_suffix_on_a_move_that_is_no_promotion_says_only_pawns_on_the_last_rank_promote(
    fen, move
):
    assert chinese(rules.check_move(fen, move)) == ["只有走到最後一排的兵才能升變。"]


@pytest.mark.parametrize("move", ["a7a8k", "a7a8p"])
def test_a_pawn_promoting_to_a_king_or_pawn_hears_which_pieces_it_may_become(move):
    verdict = rules.check_move("8/P7/8/8/8/8/8/k3K3 w - - 0 1", move)
    assert chinese(verdict) == ["兵只能升變成后、車、象或馬，不能變成王或兵。"]


def test_a_bishop_checking_from_beside_the_king_cannot_be_blocked_so_blocking_is_not_offered():
    verdict = rules.check_move("4k3/8/8/8/8/8/3b4/R3K3 w - - 0 1", "a1a2")
    assert chinese(verdict) == ["你的王正被 d2 的黑象將軍：要吃掉它，或是把王移開。"]


def test_a_pawn_moved_the_wrong_way_hears_the_one_rule_and_the_whole_rule_behind_why():
    verdict = rules.check_move("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4g6")
    assert chinese(verdict) == ["白兵不能從 e4 走到 g6：兵只能往前走。"]
    with translation.override("zh-hant"):
        assert explain_why(verdict) == [
            "兵往前走一格，第一步可以走兩格；吃子時斜著往前吃。兵不能後退，也不能橫走。"
        ]


@pytest.mark.parametrize(
    ("fen", "move", "sentence"),
    [
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4e3", "白兵不能從 e4 走到 e3：兵不能後退。"),
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4d4", "白兵不能從 e4 走到 d4：兵不能橫著走。"),
        (
            "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1",
            "e3e5",
            "白兵不能從 e3 走到 e5：兵只有第一步可以走兩格。",
        ),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e5", "白兵不能從 e2 走到 e5：兵一次只走一格。"),
        ("4k3/8/4p3/8/8/8/8/4K3 b - - 0 1", "e6e7", "黑兵不能從 e6 走到 e7：兵不能後退。"),
    ],
)
def test_each_pawn_mistake_hears_the_pawn_rule_it_breaks(fen, move, sentence):
    assert chinese(rules.check_move(fen, move)) == [sentence]


def test_castling_before_the_castling_lesson_hears_that_a_king_steps_one_square():
    verdict = rules.check_move("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1c1")
    with translation.override("zh-hant"):
        said = explain(verdict, taught=lambda slug: slug != "castling")
    assert said == ["白王不能從 e1 走到 c1：王一次只走一格。"]


def test_en_passant_before_its_lesson_hears_that_a_pawn_goes_diagonally_only_to_capture():
    verdict = rules.check_move("4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1", "e5d6", ["d6d5"])
    with translation.override("zh-hant"):
        assert explain(verdict, taught=lambda slug: slug != "en-passant") == [
            "白兵只有吃子時才能斜著走，可是 d6 上沒有可以吃的棋子。"
        ]
        assert explain(verdict) == ["d5 的黑兵不是剛走兩格：吃過路兵只能吃剛走兩格的兵。"]


def test_the_king_taken_three_squares_in_the_castling_lesson_hears_it_goes_two():
    verdict = rules.check_move("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1b1")
    assert chinese(verdict) == ["王車易位時，王只走兩格，走到 c1。"]


@pytest.mark.parametrize(
    ("fen", "move"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1c3"),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1e3"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1b3"),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1c4"),
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1g3"),
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4g6"),
    ],
)
def test_why_tells_the_whole_rule_without_saying_the_first_line_again(fen, move):
    verdict = rules.check_move(fen, move)
    assert verdict.reason is Reason.NOT_HOW_IT_MOVES
    (short,) = chinese(verdict)
    with translation.override("zh-hant"):
        (why,) = explain_why(verdict)
    # the first line already said the piece and the move (「白馬不能從 g1 走到 g3：…」):
    # behind 為什麼？ comes the piece's whole rule, not the same start again
    assert "不是這樣走的" not in why
    assert not why.startswith(short[:2]), (short, why)  # not 「白馬…」 again
    assert len(why) > len(short.split("：", 1)[1]), (short, why)
