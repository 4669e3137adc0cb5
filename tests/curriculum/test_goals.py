"""Judging answers: every goal accepts any move that meets it and says what a wrong move missed."""

from types import MappingProxyType

import pytest
from django.utils import translation

from curriculum.judging import AnswerError, judge
from curriculum.loading import Option, Puzzle
from rules import Reason, RulesError
from rules import pass_turn as passed
from tests.curriculum.conftest import assert_correct, assert_illegal, assert_incorrect, move_puzzle


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


# --- mate ----------------------------------------------------------------------

BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def test_mate_in_one_accepts_the_mating_move():
    assert_correct(move_puzzle(BACK_RANK, {"type": "mate"}), "a1a8")


def test_mate_in_one_refuses_a_legal_move_that_does_not_mate():
    assert_incorrect(
        move_puzzle(BACK_RANK, {"type": "mate"}),
        "a1a7",
        "This move is legal, but it does not checkmate.",
    )


def test_mate_in_one_reports_an_illegal_move_with_the_engines_reason():
    assert_illegal(move_puzzle(BACK_RANK, {"type": "mate"}), "a1b3", Reason.NOT_HOW_IT_MOVES)


def test_mate_accepts_every_mating_move_not_only_one():
    # Two rooks: Ra8# and Rb8# both mate.
    puzzle = move_puzzle("6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1", {"type": "mate"})
    assert_correct(puzzle, "a1a8")
    assert_correct(puzzle, "b1b8")


def test_mate_in_two_continues_with_the_defenders_reply_then_accepts_the_mate():
    puzzle = move_puzzle("7k/8/8/8/8/8/R7/1R2K3 w - - 0 1", {"type": "mate", "within": 2})
    first = judge(puzzle, "a2a7")
    assert first.result == "continue"
    assert first.message == "Good move! Now find the next one."
    assert first.reply == "h8g8"  # the only reply
    assert first.played == ("a2a7", "h8g8")
    assert first.fen.startswith("6k1/R7/8/8/8/8/8/1R2K3 w")
    second = judge(puzzle, "b1b8", first.played)
    assert second.result == "correct"
    assert second.played == ("a2a7", "h8g8", "b1b8")


def test_mate_in_two_refuses_a_first_move_after_which_no_mate_follows():
    puzzle = move_puzzle("7k/8/8/8/8/8/R7/1R2K3 w - - 0 1", {"type": "mate", "within": 2})
    assert_incorrect(
        puzzle, "e1e2", "This move is legal, but now the other side can escape checkmate."
    )


def test_mate_in_two_second_move_that_misses_the_mate_says_it_does_not_checkmate():
    puzzle = move_puzzle("7k/8/8/8/8/8/R7/1R2K3 w - - 0 1", {"type": "mate", "within": 2})
    first = judge(puzzle, "a2a7")
    second = judge(puzzle, "b1b7", first.played)
    assert second.result == "incorrect"
    assert second.message == "This move is legal, but it does not checkmate."
    assert second.played == first.played


def test_mate_in_two_accepts_a_quicker_mate():
    puzzle = move_puzzle("7k/6pp/8/8/8/8/8/5QK1 w - - 0 1", {"type": "mate", "within": 2})
    outcome = judge(puzzle, "f1f8")
    assert (outcome.result, outcome.played, outcome.reply) == ("correct", ("f1f8",), None)


def test_among_equally_good_replies_the_defender_plays_the_first_in_uci_order():
    # After 1.Ra7 the king may go to f8 or h8; Rb8 mates after either.
    puzzle = move_puzzle("6k1/8/8/8/8/8/R7/1R2K3 w - - 0 1", {"type": "mate", "within": 2})
    outcome = judge(puzzle, "a2a7")
    assert (outcome.result, outcome.reply) == ("continue", "g8f8")


# --- check ---------------------------------------------------------------------


def test_check_goal():
    puzzle = move_puzzle("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", {"type": "check"})
    assert_correct(puzzle, "a1a8")
    assert_incorrect(puzzle, "a1a7", "This move is legal, but it does not give check.")
    assert_illegal(puzzle, "a1b2", Reason.NOT_HOW_IT_MOVES)


# --- escape_check ----------------------------------------------------------------

# The black rook on e5 checks the white king on e1: the white rook on a5 can capture it,
# the knight on f4 can block on e2, the king can step aside.
ESCAPE = "4k3/8/8/R3r3/5N2/8/8/4K3 w - - 0 1"


def test_escape_check_by_capture():
    puzzle = move_puzzle(ESCAPE, {"type": "escape_check", "by": "capture"})
    assert_correct(puzzle, "a5e5")
    assert_incorrect(
        puzzle, "e1d1", "You are out of check, but the checking piece was not captured."
    )
    assert_illegal(puzzle, "a5a6", Reason.IGNORES_CHECK)


def test_escape_check_by_block():
    puzzle = move_puzzle(ESCAPE, {"type": "escape_check", "by": "block"})
    assert_correct(puzzle, "f4e2")
    assert_incorrect(puzzle, "a5e5", "You are out of check, but the check was not blocked.")


def test_escape_check_by_king():
    puzzle = move_puzzle(ESCAPE, {"type": "escape_check", "by": "king"})
    assert_correct(puzzle, "e1d2")
    assert_incorrect(puzzle, "f4e2", "You are out of check, but the king did not move.")
    assert_illegal(puzzle, "e1e2", Reason.KING_INTO_ATTACK)


# --- castle --------------------------------------------------------------------

BOTH_SIDES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def test_castle_short():
    puzzle = move_puzzle(BOTH_SIDES, {"type": "castle", "side": "short"})
    assert_correct(puzzle, "e1g1")
    assert_incorrect(puzzle, "e1c1", "This move is legal, but it is not castling kingside.")


def test_castle_long_refuses_castling_through_an_attacked_square():
    puzzle = move_puzzle("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {"type": "castle", "side": "long"})
    assert_illegal(puzzle, "e1c1", Reason.CASTLING_THROUGH_ATTACK)
    assert_incorrect(puzzle, "e1g1", "This move is legal, but it is not castling queenside.")


def test_castle_any_accepts_either_side():
    puzzle = move_puzzle(BOTH_SIDES, {"type": "castle", "side": "any"})
    assert_correct(puzzle, "e1g1")
    assert_correct(puzzle, "e1c1")
    assert_incorrect(puzzle, "e1e2", "This move is legal, but it is not castling.")


# --- en passant ----------------------------------------------------------------

# Black has just played d7-d5 beside the white pawn on e5.
EN_PASSANT = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"


def test_en_passant_right_after_the_two_square_advance():
    puzzle = move_puzzle(EN_PASSANT, {"type": "en_passant"}, moves=("d7d5",))
    assert_correct(puzzle, "e5d6")
    assert_incorrect(puzzle, "e5e6", "This move is legal, but it does not capture en passant.")


def test_en_passant_is_too_late_one_move_later():
    puzzle = move_puzzle(EN_PASSANT, {"type": "en_passant"}, moves=("d7d5", "e1e2", "e8e7"))
    assert_illegal(puzzle, "e5d6", Reason.EN_PASSANT_EXPIRED)


# --- promote -------------------------------------------------------------------

PROMOTION = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"


def test_promote_to_the_named_piece():
    puzzle = move_puzzle(PROMOTION, {"type": "promote", "piece": "n"})
    assert_correct(puzzle, "e7e8n")
    assert_incorrect(puzzle, "e7e8q", "The pawn is promoted, but not to the piece asked for.")
    assert_incorrect(puzzle, "e1d1", "This move is legal, but no pawn is promoted.")
    assert_illegal(puzzle, "e7e8", Reason.PROMOTION_REQUIRED)
    assert_illegal(puzzle, "e7e8k", Reason.BAD_PROMOTION)


def test_promote_any_piece():
    puzzle = move_puzzle(PROMOTION, {"type": "promote", "piece": "any"})
    assert_correct(puzzle, "e7e8r")
    assert_correct(puzzle, "e7e8b")


def test_promote_and_mate_only_with_the_knight():
    # The black king on h7 is boxed in by its own pieces: f8=N is mate, f8=Q is not even check.
    puzzle = move_puzzle("6nb/5Ppk/6pp/8/8/8/8/4K3 w - - 0 1", {"type": "promote", "mate": True})
    assert_correct(puzzle, "f7f8n")
    assert_incorrect(puzzle, "f7f8q", "The pawn is promoted, but it is not checkmate.")


def test_promote_avoiding_stalemate():
    # Black king a7, white king c6: c8=Q takes every square from the king, c8=R leaves a6.
    puzzle = move_puzzle(
        "8/k1P5/2K5/8/8/8/8/8 w - - 0 1", {"type": "promote", "avoid_stalemate": True}
    )
    assert_incorrect(
        puzzle, "c7c8q", "Careful: this promotion is stalemate, and the game is a draw."
    )
    assert_correct(puzzle, "c7c8r")


# --- capture -------------------------------------------------------------------

CAPTURES = "4k3/8/8/3n4/q7/8/3R4/3QK3 w - - 0 1"


def test_capture_a_named_piece():
    puzzle = move_puzzle(CAPTURES, {"type": "capture", "piece": "q"})
    assert_correct(puzzle, "d1a4")
    assert_incorrect(puzzle, "d2d5", "This move captures, but not the piece asked for.")
    assert_incorrect(puzzle, "d2d3", "This move is legal, but it does not capture anything.")
    assert_illegal(puzzle, "d1d5", Reason.PATH_BLOCKED)


def test_capture_on_a_named_square():
    puzzle = move_puzzle(CAPTURES, {"type": "capture", "square": "d5"})
    assert_correct(puzzle, "d2d5")


# --- visit ---------------------------------------------------------------------

ROOK_TOUR = "8/8/8/4k3/8/8/4K3/R7 w - - 0 1"


def test_visit_collects_stars_with_the_other_side_passing():
    puzzle = move_puzzle(
        ROOK_TOUR, {"type": "visit", "targets": ["a8", "h8"], "budget": 2, "piece": "R"}
    )
    first = judge(puzzle, "a1a8")
    assert (first.result, first.message) == ("continue", "Good! Keep collecting the stars.")
    assert first.played == ("a1a8",)
    assert first.reply is None
    assert first.fen == "R7/8/8/4k3/8/8/4K3/8 w - - 1 1"  # white to move again
    second = judge(puzzle, "a8h8", first.played)
    assert second.result == "correct"
    assert second.played == ("a1a8", "a8h8")


def test_visit_refuses_a_move_after_which_the_stars_cannot_be_collected_in_time():
    puzzle = move_puzzle(
        ROOK_TOUR, {"type": "visit", "targets": ["a8", "h8"], "budget": 2, "piece": "R"}
    )
    assert_incorrect(
        puzzle, "a1a2", "This move is legal, but then the stars cannot all be collected in time."
    )


def test_visit_refuses_a_move_that_gives_check():
    puzzle = move_puzzle(
        ROOK_TOUR, {"type": "visit", "targets": ["a8", "h8"], "budget": 2, "piece": "R"}
    )
    assert_incorrect(puzzle, "a1a5", "In this puzzle, collect the stars without giving check.")


def test_visit_reports_an_illegal_move():
    puzzle = move_puzzle(
        ROOK_TOUR, {"type": "visit", "targets": ["a8", "h8"], "budget": 2, "piece": "R"}
    )
    assert_illegal(puzzle, "a1b2", Reason.NOT_HOW_IT_MOVES)


def test_a_pass_flips_the_side_to_move_and_clears_en_passant():
    assert passed("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1") == "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"


# --- stalemate -----------------------------------------------------------------


def test_stalemate_goal_is_met_by_the_move_that_stalemates():
    puzzle = move_puzzle("k7/8/1K6/2Q5/8/8/8/8 w - - 0 1", {"type": "stalemate", "within": 1})
    assert_correct(puzzle, "c5c7")
    assert_incorrect(puzzle, "c5c8", "This move is legal, but it does not lead to stalemate.")


# --- threefold -----------------------------------------------------------------

SHUFFLE = ("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_threefold_by_repeating_the_position_a_third_time():
    puzzle = move_puzzle(START, {"type": "threefold"}, moves=SHUFFLE)
    assert_correct(puzzle, "f6g8")
    assert_incorrect(
        puzzle,
        "e7e5",
        "This move is legal, but nobody may claim threefold repetition after it.",
    )


# --- avoid_stalemate -----------------------------------------------------------

# Black king a8, white king b6, white queen c5: Qc7 is stalemate, Qa5+/Qc8+/... are not.
AVOID = "k7/8/1K6/2Q5/8/8/8/8 w - - 0 1"


def test_avoid_stalemate():
    puzzle = move_puzzle(AVOID, {"type": "avoid_stalemate"})
    assert_incorrect(puzzle, "c5c7", "Careful: this move is stalemate, and the game is a draw.")
    assert_correct(puzzle, "c5c8")


def test_avoid_stalemate_and_mate():
    puzzle = move_puzzle(AVOID, {"type": "avoid_stalemate", "mate": True})
    assert_correct(puzzle, "c5c8")
    assert_incorrect(puzzle, "c5d5", "This move is legal, but it does not checkmate.")


# --- reach ---------------------------------------------------------------------


def test_reach_needs_the_named_piece_on_the_square():
    puzzle = move_puzzle(
        "4k3/8/8/8/8/8/PPP5/NRK5 w - - 0 1", {"type": "reach", "piece": "N", "square": "b3"}
    )
    assert_correct(puzzle, "a1b3")
    assert_incorrect(puzzle, "b2b3", "This move is legal, but the piece asked for must reach b3.")


# --- other kinds ---------------------------------------------------------------


def squares_puzzle(fen: str, target: str, square: str) -> Puzzle:
    return Puzzle(
        id="test-squares",
        lesson="test",
        kind="squares",
        prompt="題目",
        fen=fen,
        hint="提示",
        explanation="說明",
        target=target,
        square=square,
    )


def test_squares_are_correct_only_when_every_square_is_chosen():
    puzzle = squares_puzzle("k7/8/8/8/8/8/8/K6N w - - 0 1", "destinations", "h1")
    outcome = judge(puzzle, ["f2", "g3"])
    assert (outcome.result, outcome.truth) == ("correct", frozenset({"f2", "g3"}))
    assert judge(puzzle, ["f2"]).message == "Some squares are still missing."
    assert judge(puzzle, ["f2", "g3", "h3"]).message == "Some squares you chose are wrong."
    assert (
        judge(puzzle, ["f2", "h3"]).message
        == "Some squares you chose are wrong, and some are missing."
    )


def test_king_cannot_go_lists_the_attacked_squares_next_to_the_king():
    puzzle = squares_puzzle("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "king_cannot_go", "e1")
    assert judge(puzzle, ["d2", "e2", "f2"]).result == "correct"


def choice_puzzle(fen: str, question: str, params: dict, options: list[str], moves=()) -> Puzzle:
    return Puzzle(
        id="test-choice",
        lesson="test",
        kind="choice",
        prompt="題目",
        fen=fen,
        hint="提示",
        explanation="說明",
        moves=moves,
        question=question,
        params=MappingProxyType(params),
        options=tuple(Option(value, "選項") for value in options),
    )


def test_choice_can_castle_is_computed_from_the_history():
    puzzle = choice_puzzle(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "can_castle",
        {"side": "short"},
        ["yes", "no"],
        moves=("e1f1", "e8d8", "f1e1", "d8e8"),
    )
    outcome = judge(puzzle, ["no"])
    assert (outcome.result, outcome.truth) == ("correct", frozenset({"no"}))
    assert judge(puzzle, ["yes"]).message == "That is not right. Read the question again."


def test_choice_illegal_reason_names_the_engines_reasons():
    puzzle = choice_puzzle(
        "k4r2/8/8/8/8/8/8/4K2R w K - 0 1",
        "castling_reasons",
        {"side": "short"},
        ["castling_through_attack", "castling_in_check"],
    )
    assert judge(puzzle, ["castling_through_attack"]).result == "correct"


def test_assess_compares_one_value_with_the_engines_assessment():
    puzzle = Puzzle(
        id="test-assess",
        lesson="test",
        kind="assess",
        prompt="題目",
        fen="k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
        hint="提示",
        explanation="說明",
        options=(Option("stalemate", "逼和"), Option("checkmate", "將死")),
        answer=("stalemate",),
    )
    assert judge(puzzle, "stalemate").result == "correct"
    assert judge(puzzle, "checkmate").result == "incorrect"


def test_text_uses_the_authors_answer_key():
    puzzle = Puzzle(
        id="test-text",
        lesson="test",
        kind="text",
        prompt="題目",
        fen="",
        hint="提示",
        explanation="說明",
        options=(Option("a", "一定要走這個馬"), Option("b", "可以改走別的棋子")),
        answer=("a",),
    )
    assert judge(puzzle, ["a"]).result == "correct"
    assert judge(puzzle, ["b"]).result == "incorrect"


# --- malformed answers ----------------------------------------------------------------


@pytest.mark.parametrize("answer", ["", "e2", "e2e9", "Nf3", None, ["e2e4"]])
def test_a_malformed_move_raises_a_value_error(answer):
    with pytest.raises(AnswerError):
        judge(move_puzzle(BACK_RANK, {"type": "mate"}), answer)


def test_an_impossible_history_raises_a_value_error():
    with pytest.raises(RulesError):
        judge(move_puzzle(BACK_RANK, {"type": "mate", "within": 2}), "a1a7", ("h1h8", "g8h8"))


@pytest.mark.parametrize(
    ("goal", "played"),
    [
        ({"type": "mate", "within": 2}, ("a1a7",)),  # the defender's reply is missing
        ({"type": "mate", "within": 2}, ("a1a7", "g8h8", "a7b7", "h8g8")),  # beyond `within`
        ({"type": "check"}, ("a1a7", "g8h8")),  # a one-move goal
        (
            {"type": "visit", "targets": ["a8"], "budget": 1, "piece": "R"},
            ("a1a2",),
        ),  # beyond the budget
    ],
)
def test_moves_played_that_do_not_fit_the_puzzle_raise_a_value_error(goal, played):
    with pytest.raises(AnswerError):
        judge(move_puzzle(BACK_RANK, goal), "a1a8", played)


def test_squares_outside_the_board_raise_a_value_error():
    puzzle = squares_puzzle("k7/8/8/8/8/8/8/K6N w - - 0 1", "destinations", "h1")
    with pytest.raises(AnswerError):
        judge(puzzle, ["i9"])


def test_a_value_that_is_not_an_option_raises_a_value_error():
    puzzle = choice_puzzle("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "in_check", {}, ["yes", "no"])
    with pytest.raises(AnswerError):
        judge(puzzle, ["maybe"])


def test_messages_are_translated_into_traditional_chinese():
    with translation.override("zh-hant"):
        outcome = judge(move_puzzle(BACK_RANK, {"type": "mate"}), "a1a7")
    assert outcome.message == "這步可以走，但還沒有將死。"


def test_visit_refuses_a_move_of_a_piece_the_goal_does_not_name():
    # The king walking to the rook's star earns nothing: the goal names the rook.
    puzzle = move_puzzle(
        ROOK_TOUR, {"type": "visit", "targets": ["a8", "h8"], "budget": 2, "piece": "R"}
    )
    outcome = judge(puzzle, "e2d3")
    assert (outcome.result, outcome.played) == ("incorrect", ())
    assert outcome.miss.code == "only_rook"
