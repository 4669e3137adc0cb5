"""Forced sequences: checkmate or stalemate within n moves, the defender's best reply,
and the visit search where the other side passes."""

import doctest

import pytest

import rules.search
from rules import (
    IllegalHistory,
    Progress,
    VisitSearch,
    can_collect,
    forced,
    goal_holds_after,
    pass_turn,
    progress_after,
    visit_search,
)

BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
TWO_ROOKS = "6k1/8/8/8/8/8/R7/1R2K3 w - - 0 1"  # 1.Ra7 and 2.Rb8#
QUEEN_CORNER = "k7/8/8/1Q6/8/8/8/K7 w - - 0 1"  # 1.Qb6 is stalemate


def test_a_back_rank_mate_in_one_is_forced():
    assert forced(BACK_RANK, (), "mate", within=1) is True


def test_a_lone_rook_far_from_its_king_forces_no_mate_in_one():
    assert forced("7k/8/8/8/8/8/8/R3K3 w - - 0 1", (), "mate", within=1) is False


def test_two_rooks_force_mate_in_two_but_not_in_one():
    assert forced(TWO_ROOKS, (), "mate", within=2) is True
    assert forced(TWO_ROOKS, (), "mate", within=1) is False


def test_forced_reads_the_history_played_from_the_fen():
    # After 1.Ra7 Kf8 it is White to move, with mate in one (Rb8#).
    assert forced(TWO_ROOKS, ("a2a7", "g8f8"), "mate", within=1) is True


def test_the_mating_move_meets_the_goal_at_once():
    assert progress_after(BACK_RANK, (), "a1a8", "mate", 1) == Progress("met", None)


def test_a_move_that_does_not_mate_in_one_is_off():
    assert progress_after(BACK_RANK, (), "a1a7", "mate", 1) == Progress("off", None)


def test_a_good_first_move_of_a_mate_in_two_is_on_track_with_the_first_reply_in_uci_order():
    # After 1.Ra7 the king may go to f8 or h8; Rb8 mates after either: f8 comes first.
    assert progress_after(TWO_ROOKS, (), "a2a7", "mate", 2) == Progress("on_track", "g8f8")


def test_a_first_move_that_lets_the_king_escape_is_off():
    assert progress_after(TWO_ROOKS, (), "e1e2", "mate", 2) == Progress("off", None)
    assert goal_holds_after(TWO_ROOKS, (), "e1e2", "mate", 2) is False
    assert goal_holds_after(TWO_ROOKS, (), "a2a7", "mate", 2) is True


def test_the_defender_chooses_the_reply_that_resists_longest_before_uci_order():
    # Mate within 3 after 1.Qb2+: Ke1 allows Qe2# at once, Kg1 holds out one move more.
    fen = "8/6Q1/8/8/8/4K3/8/5k2 w - - 0 1"
    assert progress_after(fen, (), "g7b2", "mate", 3) == Progress("on_track", "f1g1")


def test_the_stalemating_move_meets_a_stalemate_goal():
    assert progress_after(QUEEN_CORNER, (), "b5b6", "stalemate", 1) == Progress("met", None)
    assert forced(QUEEN_CORNER, (), "stalemate", within=1) is True


def test_a_move_that_leaves_the_king_a_square_misses_stalemate():
    assert progress_after(QUEEN_CORNER, (), "b5b4", "stalemate", 1) == Progress("off", None)


def test_checkmate_is_not_a_stalemate():
    assert forced(BACK_RANK, (), "stalemate", within=1) is False


def test_an_unknown_goal_is_refused():
    with pytest.raises(ValueError, match="unknown goal 'check'"):
        forced(BACK_RANK, (), "check", within=1)


@pytest.mark.parametrize("within", [0, -1, True, "2"])
def test_within_must_be_one_or_more_moves(within):
    with pytest.raises(ValueError, match="`within` must be a whole number"):
        forced(BACK_RANK, (), "mate", within=within)


def test_an_illegal_move_is_refused_with_the_position():
    with pytest.raises(ValueError, match="a1b3 is not legal in the position 6k1/5ppp"):
        progress_after(BACK_RANK, (), "a1b3", "mate", 1)


def test_an_illegal_history_is_refused():
    with pytest.raises(IllegalHistory):
        forced(BACK_RANK, ("a1a9",), "mate", within=1)


# --- visits: the other side passes -----------------------------------------------

LONE_ROOK = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"


def test_a_rook_can_visit_two_squares_in_two_moves_but_not_in_one():
    assert can_collect(LONE_ROOK, ["a5", "h5"], 2) is True
    assert can_collect(LONE_ROOK, ["a5", "h5"], 1) is False


def test_a_move_that_gives_check_does_not_count_as_a_visit():
    # Ra8 would reach the star but checks the king on e8.
    assert can_collect(LONE_ROOK, ["a8"], 1) is False
    assert can_collect(LONE_ROOK, ["a7"], 1) is True


def test_visit_search_says_whether_a_visit_can_succeed_and_whether_it_can_fail():
    assert visit_search(LONE_ROOK, ["a5"], 1) == VisitSearch(can_succeed=True, can_fail=True)


def test_visit_search_cannot_fail_when_every_move_lands_on_the_only_target():
    # The black rook holds the b-file: Ka2 is the white king's only move.
    fen = "1r5k/8/8/8/8/8/8/K7 w - - 0 1"
    assert visit_search(fen, ["a2"], 1) == VisitSearch(can_succeed=True, can_fail=False)


def test_pass_turn_gives_the_move_to_the_other_side_and_clears_en_passant():
    fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
    assert pass_turn(fen) == "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"


def test_the_examples_in_the_search_docstring_hold():
    result = doctest.testmod(rules.search)
    assert result.attempted >= 5
    assert result.failed == 0
