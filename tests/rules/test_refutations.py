"""Why a wrong answer is wrong: the engine names the fact of the position, with its squares."""

import doctest

import chess
import pytest

import rules
from rules import Fact, Reason, check_move, parse_move
from rules.notation import customary_marks
from rules.refute import (
    why_castling_allowed,
    why_condition_holds,
    why_en_passant,
    why_in_check,
    why_legal,
    why_no_en_passant,
    why_not_checking,
    why_not_destination,
    why_not_ending,
    why_not_in_check,
    why_san_wrong,
)


def said(refutation):
    return refutation.fact, refutation.squares


# --- castling -------------------------------------------------------------------------


def test_castling_long_is_allowed_when_only_the_rook_crosses_the_attacked_square():
    assert said(why_castling_allowed("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "long")) == (
        Fact.ROOK_MAY_CROSS_ATTACK,
        ("b1", "b8"),
    )


def test_castling_is_allowed_when_the_rook_is_attacked():
    assert said(why_castling_allowed("4k2r/8/8/8/8/8/8/4K2R w K - 0 1", "short")) == (
        Fact.ROOK_MAY_BE_ATTACKED,
        ("h1", "h8"),
    )


def test_castling_long_is_kept_when_only_the_other_rook_moved():
    history = ["h1h2", "e8d8", "h2h1", "d8e8"]
    refutation = why_castling_allowed("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "long", history)
    assert said(refutation) == (Fact.RIGHTS_KEPT, ("e1", "a1"))


def test_castling_with_every_condition_met_names_king_and_rook():
    assert said(why_castling_allowed("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "short")) == (
        Fact.CASTLING_ALLOWED,
        ("e1", "h1"),
    )


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        (Reason.CASTLING_RIGHTS_LOST, (Fact.RIGHTS_KEPT, ("e1", "h1"))),
        (Reason.CASTLING_BLOCKED, (Fact.NOTHING_BETWEEN, ("f1", "g1"))),
        (Reason.CASTLING_THROUGH_ATTACK, (Fact.SQUARE_NOT_ATTACKED, ("f1",))),
        (Reason.CASTLING_INTO_ATTACK, (Fact.SQUARE_NOT_ATTACKED, ("g1",))),
    ],
)
def test_a_castling_condition_named_wrongly_is_shown_to_hold(reason, expected):
    # The king is in check from e8: that, and only that, stops castling.
    assert said(why_condition_holds("k3r3/8/8/8/8/8/8/4K2R w K - 0 1", "short", reason)) == (
        expected
    )


def test_a_castling_condition_that_does_stop_castling_is_not_refuted():
    fen = "k3r3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert why_condition_holds(fen, "short", Reason.CASTLING_IN_CHECK) is None


def test_castling_king_taken_three_squares_lands_on_c1_when_castling_long():
    fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
    verdict = check_move(fen, "e1b1")
    assert [(f.reason, f.squares) for f in verdict.findings] == [
        (Reason.CASTLING_KING_TWO_SQUARES, ("c1",))
    ]


def test_a_king_without_castling_rights_taken_three_squares_only_breaks_its_step():
    assert check_move("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "e1b1").reasons == (
        Reason.NOT_HOW_IT_MOVES,
    )


# --- en passant -----------------------------------------------------------------------


def test_en_passant_needs_a_pawn_that_has_just_advanced_two_squares():
    fen, history = "4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1", ["d6d5"]
    assert said(why_no_en_passant(fen, "e5", history)) == (Fact.NO_TWO_STEP, ("e5", "d5"))
    verdict = check_move(fen, "e5d6", history)
    assert [(f.reason, f.squares) for f in verdict.findings] == [
        (Reason.EN_PASSANT_NEEDS_TWO_STEP, ("d5",))
    ]


def test_en_passant_only_right_after_the_two_square_advance():
    fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
    history = ["d7d5", "e1d1", "e8d8"]
    assert said(why_no_en_passant(fen, "e5", history)) == (Fact.TWO_STEP_NOT_LAST, ("e5", "d5"))


def test_en_passant_only_by_a_pawn_beside_the_one_that_advanced():
    fen = "4k3/3p4/8/1PR1P3/8/8/8/4K3 b - - 0 1"
    assert said(why_no_en_passant(fen, "b5", ["d7d5"])) == (Fact.NOT_BESIDE, ("b5", "d5"))
    assert said(why_no_en_passant(fen, "c5", ["d7d5"])) == (Fact.NOT_A_PAWN, ("c5",))
    assert why_no_en_passant(fen, "e5", ["d7d5"]) is None
    assert said(why_en_passant(fen, "e5", ["d7d5"])) == (
        Fact.CAN_CAPTURE_EN_PASSANT,
        ("e5", "d5"),
    )


def test_en_passant_without_any_enemy_pawn_beside():
    assert said(why_no_en_passant("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5")) == (
        Fact.NO_PAWN_ADVANCED_TWO,
        ("e5",),
    )


# --- check ----------------------------------------------------------------------------


def test_check_blocked_by_a_piece_on_the_line_is_not_check():
    assert said(why_not_in_check("4k3/3p4/8/1B6/8/8/8/4K3 b - - 0 1")) == (
        Fact.LINE_BLOCKED,
        ("b5", "d7"),
    )


def test_check_names_king_and_checkers():
    assert said(why_in_check("4k3/8/8/1B6/8/8/8/4K3 b - - 0 1")) == (
        Fact.KING_IN_CHECK,
        ("e8", "b5"),
    )


def test_a_piece_that_does_not_reach_the_king_gives_no_check():
    fen = "4k3/8/8/1B6/8/8/R7/4K3 b - - 0 1"
    assert said(why_not_checking(fen, "a2")) == (Fact.DOES_NOT_ATTACK_KING, ("a2", "e8"))


# --- how the game stands ----------------------------------------------------------------


STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
MATE = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"


def test_stalemate_is_not_checkmate_because_the_king_is_not_in_check():
    assert said(why_not_ending(STALEMATE, "checkmate")) == (Fact.KING_NOT_IN_CHECK, ("h8",))


def test_stalemate_is_not_play_going_on_because_there_is_no_legal_move():
    assert said(why_not_ending(STALEMATE, "ongoing")) == (Fact.NO_LEGAL_MOVE, ("h8",))


def test_checkmate_is_not_stalemate_because_the_king_is_in_check():
    assert said(why_not_ending(MATE, "stalemate")) == (Fact.NO_ESCAPE, ("h8", "g7"))


def test_check_is_not_checkmate_when_the_checker_can_be_captured():
    fen = "r5k1/5ppp/8/8/3B4/8/5PPP/6K1 b - - 0 1"
    refutation = why_not_ending(fen, "checkmate", ["a8a1"])
    assert said(refutation) == (Fact.CHECK_CAN_BE_ANSWERED, ("d4", "a1"))


def test_no_stalemate_while_a_pawn_can_still_move():
    # The black king has no square, but the black pawn can still step forward.
    fen = "k7/p7/1Q6/8/8/8/8/4K3 b - - 0 1"
    assert said(why_not_ending(fen, "stalemate")) == (Fact.HAS_LEGAL_MOVE, ("a7", "a6"))


def test_dead_position_is_refuted_by_a_rook_that_can_still_mate():
    fen = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"
    assert said(why_not_ending(fen, "insufficient_material")) == (Fact.MATING_MATERIAL, ("a1",))


def test_king_and_bishop_against_king_cannot_mate():
    assert said(why_not_ending("8/8/4k3/8/8/8/8/2B1K3 w - - 0 1", "ongoing")) == (
        Fact.NO_MATING_MATERIAL,
        ("c1",),
    )


def test_threefold_repetition_counts_the_times_the_position_appeared():
    fen = "1n4k1/5ppp/8/8/8/8/5PPP/1N4K1 w - - 0 1"
    history = ["b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6"]
    refutation = why_not_ending(fen, "threefold_repetition", history)
    assert (refutation.fact, refutation.count) == (Fact.POSITION_COUNT, 2)


def test_fifty_moves_counts_the_moves_without_capture_or_pawn_move():
    refutation = why_not_ending("8/8/3k4/8/8/2K4R/8/8 w - - 98 89", "fifty_moves")
    assert (refutation.fact, refutation.count) == (Fact.MOVE_COUNT, 49)


def test_fifty_moves_count_restarts_after_a_pawn_move():
    refutation = why_not_ending("8/8/3k4/8/8/2K5/4P3/8 w - - 99 80", "fifty_moves", ["e2e3"])
    assert (refutation.fact, refutation.squares, refutation.count) == (
        Fact.COUNT_RESET,
        ("e3",),
        0,
    )


# --- moves ------------------------------------------------------------------------------


def test_the_knight_jumps_over_the_piece_beside_it():
    assert said(why_legal("4k3/8/8/8/8/8/6P1/4K1N1 w - - 0 1", "g1f3")) == (
        Fact.KNIGHT_JUMPS,
        ("g1", "f3", "g2"),
    )


def test_a_legal_move_names_its_two_squares():
    assert said(why_legal("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3")) == (
        Fact.MOVE_IS_LEGAL,
        ("g1", "f3"),
    )


# --- notation ---------------------------------------------------------------------------

KNIGHTS = "4k3/8/8/4p3/8/5N2/4P3/1N2K3 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "move", "written", "fact"),
    [
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3", "Kf3", Fact.SAN_PIECE_LETTER),
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3", "f3", Fact.SAN_LETTER_MISSING),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4", "Pe4", Fact.SAN_PAWN_LETTER),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4", "e2", Fact.SAN_DESTINATION),
        (KNIGHTS, "e2e3", "xe3", Fact.SAN_NO_CAPTURE),
        (KNIGHTS, "f3e5", "xe5", Fact.SAN_LETTER_MISSING),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "xd5", Fact.SAN_PAWN_CAPTURE_FILE),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "Pxd5", Fact.SAN_PAWN_LETTER),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#", Fact.SAN_NOT_MATE),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8+", Fact.SAN_MATE_MARK),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O-O", Fact.SAN_CASTLING_SIDE),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "Kg1", Fact.SAN_CASTLING_FORM),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "Qa8", Fact.SAN_PROMOTION_FORM),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=K", Fact.SAN_PROMOTION_PIECE),
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nd2", Fact.SAN_AMBIGUOUS),
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nfd2", Fact.SAN_WRONG_ORIGIN),
    ],
)
def test_a_miswritten_move_names_what_is_wrong(fen, move, written, fact):
    refutation = why_san_wrong(fen, move, written)
    assert refutation.fact is fact
    assert refutation.expected == check_move(fen, move).san


@pytest.mark.parametrize(
    ("fen", "move", "written"),
    [
        (KNIGHTS, "f3e5", "Ne5"),  # x left out
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "ed5"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8"),  # + left out
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8"),  # # left out
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8++"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8Q+"),  # FIDE's own form (C.10)
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6 e.p."),
    ],
)
def test_a_form_the_laws_allow_is_not_wrong(fen, move, written):
    # C.13: x, +, ++ or # and e.p. are not obligatory.
    assert why_san_wrong(fen, move, written) is None


def test_the_customary_marks_left_out_are_named():
    board = chess.Board(KNIGHTS)
    assert customary_marks(board, chess.Move.from_uci("f3e5"), "Ne5") == ("x",)
    assert customary_marks(board, chess.Move.from_uci("f3e5"), "Nxe5") == ()


def test_castling_is_written_with_the_letter_o_or_the_digit_zero():
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert why_san_wrong(fen, "e1g1", "O-O") is None
    assert why_san_wrong(fen, "e1g1", "0-0") is None


def test_two_knights_that_can_reach_the_square_are_both_named():
    refutation = why_san_wrong("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nd2")
    assert refutation.squares == ("b1", "f3")


@pytest.mark.parametrize(
    ("fen", "san", "square", "expected"),
    [
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nf3", "g1", (Fact.READ_ORIGIN, ("g1", "f3"))),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", "h1", (Fact.READ_ROOK_SQUARE, ("g1", "h1"))),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", "f1", (Fact.READ_ROOK_SQUARE, ("g1", "f1"))),
        (
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            "exd5",
            "e5",
            (Fact.READ_DESTINATION, ("d5",)),
        ),
    ],
)
def test_reading_a_written_move_wrongly_names_where_it_goes(fen, san, square, expected):
    assert said(why_not_destination(fen, san, square)) == expected


# --- typed moves ------------------------------------------------------------------------


def test_a_promotion_to_a_king_typed_in_san_is_judged_by_the_promotion_rule():
    fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    assert check_move(fen, parse_move(fen, "a8=K")).reasons == (Reason.BAD_PROMOTION,)


def test_a_knight_typed_to_a_square_it_cannot_reach_is_judged_by_its_movement():
    fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
    assert check_move(fen, parse_move(fen, "Ng3")).reasons == (Reason.NOT_HOW_IT_MOVES,)


def test_a_king_typed_two_squares_away_is_judged_by_its_movement():
    fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
    assert check_move(fen, parse_move(fen, "Kc3")).reasons == (Reason.NOT_HOW_IT_MOVES,)


@pytest.mark.parametrize("written", ["exd6 e.p.", "exd6e.p.", "exd6 ep", "exd6 e.p"])
def test_en_passant_may_be_written_with_its_fide_mark(written):
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
    assert parse_move(fen, written) == "e5d6"


def test_the_examples_in_the_refutation_modules_hold():
    for module in (
        rules.refute,
        rules.castling,
        rules.check,
        rules.en_passant,
        rules.endings,
        rules.notation,
    ):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
        assert result.attempted >= 1, module.__name__


def test_checkmate_chosen_in_a_dead_position_is_told_nobody_can_mate():
    """Before: 「the king is not in check」, filed under 「什麼是將軍」; the rule the child
    missed is the dead position's."""
    assert said(why_not_ending("8/8/4k3/8/8/8/8/2B1K3 w - - 0 1", "checkmate")) == (
        Fact.NO_MATING_MATERIAL,
        ("c1",),
    )
    assert said(why_not_ending("8/8/4k3/8/8/8/8/4K3 w - - 0 1", "checkmate")) == (
        Fact.NO_MATING_MATERIAL,
        ("e1", "e6"),
    )
