"""Each Reason, from a position written as FEN, with the squares it points at."""

import pytest

from rules import Reason, check_move

LONE_KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def findings(fen, move, moves=()):
    verdict = check_move(fen, move, moves)
    assert not verdict.legal
    assert verdict.reason == verdict.reasons[0]
    return [(f.reason, f.squares) for f in verdict.findings]


def test_no_piece_on_the_from_square():
    assert findings(LONE_KINGS, "d2d3") == [(Reason.NO_PIECE, ("d2",))]


def test_opponent_piece_cannot_be_moved_when_it_is_not_its_turn():
    assert findings(LONE_KINGS, "e8e7") == [(Reason.OPPONENT_PIECE, ("e8",))]


def test_own_piece_on_target_cannot_be_captured():
    fen = "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1"
    assert findings(fen, "d1d2") == [(Reason.OWN_PIECE_ON_TARGET, ("d2",))]


def test_a_move_onto_the_own_king_is_own_piece_on_target():
    fen = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1"
    assert findings(fen, "d1e1") == [(Reason.OWN_PIECE_ON_TARGET, ("e1",))]


@pytest.mark.parametrize(
    ("fen", "move"),
    [
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1e3"),  # knight moved like a bishop
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1b2"),  # rook diagonally
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1c3"),  # bishop straight
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1e3"),  # queen like a knight
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e3"),  # king two squares forward
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4e3"),  # pawn backwards
        ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4d4"),  # pawn sideways
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e5"),  # pawn three squares
        ("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3e5"),  # two squares off the start rank
    ],
)
def test_not_how_it_moves(fen, move):
    # The finding names the two squares, so the board rings where the piece went wrong.
    assert findings(fen, move) == [(Reason.NOT_HOW_IT_MOVES, (move[:2], move[2:4]))]


def test_a_knight_moved_like_a_bishop_is_not_how_it_moves_even_when_pinned():
    fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2f4") == [(Reason.NOT_HOW_IT_MOVES, ("d2", "f4"))]


def test_the_king_two_squares_sideways_away_from_its_start_is_not_how_it_moves():
    fen = "4k3/8/8/8/3K4/8/8/8 w - - 0 1"
    assert findings(fen, "d4f4") == [(Reason.NOT_HOW_IT_MOVES, ("d4", "f4"))]


def test_the_knight_jumps_over_pieces_in_its_way():
    fen = "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    assert check_move(fen, "g1f3").legal
    assert check_move(fen, "b1c3").legal


def test_path_blocked_names_the_first_piece_in_the_way():
    fen = "4k3/8/8/R2p1p2/8/8/8/4K3 w - - 0 1"
    assert findings(fen, "a5h5") == [(Reason.PATH_BLOCKED, ("d5",))]


def test_a_bishop_cannot_jump_over_its_own_pawn():
    fen = "4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1"
    assert findings(fen, "c1e3") == [(Reason.PATH_BLOCKED, ("d2",))]


def test_a_pawn_two_square_move_passing_over_a_piece_is_path_blocked():
    fen = "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1"
    assert findings(fen, "e2e4") == [(Reason.PATH_BLOCKED, ("e3",))]


def test_pawn_forward_occupied_pawns_do_not_capture_straight_ahead():
    fen = "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"
    assert findings(fen, "e4e5") == [(Reason.PAWN_FORWARD_OCCUPIED, ("e5",))]


def test_pawn_two_squares_onto_an_enemy_piece_is_forward_occupied():
    fen = "4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1"
    assert findings(fen, "e2e4") == [(Reason.PAWN_FORWARD_OCCUPIED, ("e4",))]


def test_pawn_diagonal_needs_capture():
    fen = "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"
    assert findings(fen, "e4d5") == [(Reason.PAWN_DIAGONAL_NEEDS_CAPTURE, ("d5",))]


def test_king_into_attack_names_an_attacker():
    fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert findings(fen, "e1d2") == [(Reason.KING_INTO_ATTACK, ("d8",))]


def test_the_king_cannot_capture_a_defended_piece():
    fen = "4k3/8/8/8/1b6/8/3n4/4K3 w - - 0 1"
    assert findings(fen, "e1d2") == [(Reason.KING_INTO_ATTACK, ("b4",))]


def test_a_king_cannot_step_back_along_the_line_of_a_checking_rook():
    fen = "4r2k/8/8/8/8/8/4K3/8 w - - 0 1"
    assert findings(fen, "e2e1") == [(Reason.KING_INTO_ATTACK, ("e8",))]


def test_a_king_cannot_step_back_along_the_line_of_a_checking_bishop():
    fen = "7k/8/8/8/1b6/8/3K4/8 w - - 0 1"
    assert findings(fen, "d2e1") == [(Reason.KING_INTO_ATTACK, ("b4",))]


def test_pinned_names_the_pinning_piece():
    fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2f3") == [(Reason.PINNED, ("b4",))]


def test_a_pinned_rook_may_still_slide_along_the_pin():
    fen = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1"
    assert check_move(fen, "e2e5").legal
    assert findings(fen, "e2d2") == [(Reason.PINNED, ("e8",))]


def test_ignores_check_names_the_checker():
    fen = "4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2f3") == [(Reason.IGNORES_CHECK, ("e8",))]


def test_ignores_check_names_both_checkers_in_a_double_check():
    fen = "4r1k1/8/8/8/7b/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2e4") == [(Reason.IGNORES_CHECK, ("h4", "e8"))]


def test_a_pinned_piece_that_would_answer_the_check_is_pinned():
    fen = "4r1k1/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2e4") == [(Reason.PINNED, ("b4",))]


def test_a_pinned_piece_that_ignores_check_hears_both_rules():
    fen = "4r1k1/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2f3") == [(Reason.IGNORES_CHECK, ("e8",)), (Reason.PINNED, ("b4",))]


def test_promotion_required_when_the_move_with_a_promotion_would_be_legal():
    fen = "8/P7/8/8/8/8/8/k3K3 w - - 0 1"
    assert findings(fen, "a7a8") == [(Reason.PROMOTION_REQUIRED, ())]
    assert check_move(fen, "a7a8q").legal


def test_a_blocked_pawn_on_the_seventh_rank_is_not_promotion_required():
    fen = "n7/P7/8/8/8/8/8/k3K3 w - - 0 1"
    assert findings(fen, "a7a8") == [(Reason.PAWN_FORWARD_OCCUPIED, ("a8",))]


def test_a_pinned_pawn_on_the_seventh_rank_is_pinned_not_promotion_required():
    fen = "K7/1P6/8/8/8/8/8/k6b w - - 0 1"
    assert findings(fen, "b7b8") == [(Reason.PINNED, ("h1",))]


@pytest.mark.parametrize("move", ["a7a8k", "a7a8p"])
def test_bad_promotion_to_a_king_or_a_pawn(move):
    fen = "8/P7/8/8/8/8/8/k3K3 w - - 0 1"
    assert findings(fen, move) == [(Reason.BAD_PROMOTION, ())]


def test_bad_promotion_suffix_on_a_move_that_is_not_a_promotion():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert findings(fen, "e2e4q") == [(Reason.BAD_PROMOTION, ())]


def test_game_over_after_checkmate_comes_first():
    fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
    assert findings(fen, "h8g8") == [
        (Reason.GAME_OVER, ()),
        (Reason.KING_INTO_ATTACK, ("g7",)),
    ]


def test_game_over_after_stalemate():
    fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert findings(fen, "h8h7")[0] == (Reason.GAME_OVER, ())


def test_game_over_after_seventy_five_moves_even_for_a_move_that_was_legal():
    fen = "4k3/8/8/8/8/8/8/4K2R w - - 150 120"
    assert findings(fen, "h1h2") == [(Reason.GAME_OVER, ())]


def test_a_dead_position_does_not_stop_a_lesson_from_moving_pieces():
    # King and knight against king cannot mate, but lessons use such bare positions.
    assert check_move("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3").legal


def test_every_reason_member_has_its_own_test_here():
    tested = {
        Reason.NO_PIECE,
        Reason.OPPONENT_PIECE,
        Reason.OWN_PIECE_ON_TARGET,
        Reason.NOT_HOW_IT_MOVES,
        Reason.PATH_BLOCKED,
        Reason.PAWN_FORWARD_OCCUPIED,
        Reason.PAWN_DIAGONAL_NEEDS_CAPTURE,
        Reason.KING_INTO_ATTACK,
        Reason.PINNED,
        Reason.IGNORES_CHECK,
        Reason.PROMOTION_REQUIRED,
        Reason.BAD_PROMOTION,
        Reason.GAME_OVER,
    }
    # The en passant and castling reasons are tested in their own files (and
    # test_refutations.py: EN_PASSANT_NEEDS_TWO_STEP, CASTLING_KING_TWO_SQUARES).
    tested |= {
        Reason.EN_PASSANT_EXPIRED,
        Reason.EN_PASSANT_NEEDS_TWO_STEP,
        Reason.CASTLING_KING_TWO_SQUARES,
        Reason.CASTLING_RIGHTS_LOST,
        Reason.CASTLING_NO_ROOK,
        Reason.CASTLING_BLOCKED,
        Reason.CASTLING_IN_CHECK,
        Reason.CASTLING_THROUGH_ATTACK,
        Reason.CASTLING_INTO_ATTACK,
    }
    assert tested == set(Reason)


def test_in_double_check_capturing_one_checker_still_ignores_the_check():
    # Only a king move answers a double check: the knight takes the bishop, the rook still checks.
    fen = "4r1k1/8/8/8/7b/5N2/8/4K3 w - - 0 1"
    assert findings(fen, "f3h4") == [(Reason.IGNORES_CHECK, ("h4", "e8"))]


def test_in_double_check_blocking_one_line_still_ignores_the_check():
    fen = "4r1k1/8/8/8/7b/8/3N4/4K3 w - - 0 1"
    assert findings(fen, "d2f3") == [(Reason.IGNORES_CHECK, ("h4", "e8"))]


def test_a_knights_check_ignored_names_the_knight():
    fen = "4k3/8/8/8/8/3n4/8/R3K3 w - - 0 1"
    assert findings(fen, "a1a2") == [(Reason.IGNORES_CHECK, ("d3",))]


def test_a_pinned_rook_may_capture_its_pinner():
    assert check_move("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", "e2e8").legal


def test_the_king_capturing_a_piece_protected_by_a_slider_names_the_slider():
    fen = "3rk3/8/8/8/8/8/3r4/4K3 w - - 0 1"
    assert findings(fen, "e1d2") == [(Reason.KING_INTO_ATTACK, ("d8",))]


def test_the_king_may_capture_an_unprotected_checker():
    assert check_move("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d2").legal


def test_a_pinned_pawn_promoting_to_a_king_hears_the_pin_first():
    # The pawn cannot move at all; the wrong suffix is told after.
    fen = "K7/1P6/8/8/8/8/8/k6b w - - 0 1"
    assert findings(fen, "b7b8k") == [(Reason.PINNED, ("h1",)), (Reason.BAD_PROMOTION, ())]


def test_a_promotion_by_capture_with_a_king_suffix_is_bad_promotion():
    fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    assert findings(fen, "a7b8k") == [(Reason.BAD_PROMOTION, ())]
    assert findings(fen, "a7b8") == [(Reason.PROMOTION_REQUIRED, ())]
    assert check_move(fen, "a7b8n").legal


def test_a_pawn_two_squares_onto_its_own_piece_is_own_piece_on_target():
    fen = "4k3/8/8/8/4N3/8/4P3/4K3 w - - 0 1"
    assert findings(fen, "e2e4") == [(Reason.OWN_PIECE_ON_TARGET, ("e4",))]


def test_a_pawn_two_squares_with_both_squares_taken_is_blocked_by_the_first():
    fen = "4k3/8/8/8/4n3/4n3/4P3/R3K3 w - - 0 1"
    assert findings(fen, "e2e4") == [(Reason.PATH_BLOCKED, ("e3",))]


def test_the_opponents_piece_is_told_first_even_when_it_does_not_move_like_that():
    assert findings(LONE_KINGS, "e8e5") == [(Reason.OPPONENT_PIECE, ("e8",))]


def test_ignoring_a_rooks_check_tells_the_squares_a_piece_could_block_on():
    verdict = check_move("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1", "d2f3")
    assert verdict.findings[0].between == ("e7", "e6", "e5", "e4", "e3", "e2")


@pytest.mark.parametrize(
    ("fen", "move"),
    [
        ("4k3/8/8/8/8/3n4/8/R3K3 w - - 0 1", "a1a2"),  # a knight's check
        ("4k3/8/8/8/8/8/3p4/R3K3 w - - 0 1", "a1a2"),  # a pawn's check
        ("4k3/8/8/8/8/8/3b4/R3K3 w - - 0 1", "a1a2"),  # a bishop right beside the king
    ],
)
def test_a_check_that_cannot_be_blocked_has_no_squares_between(fen, move):
    (ignored,) = check_move(fen, move).findings
    assert (ignored.reason, ignored.between) == (Reason.IGNORES_CHECK, ())


def test_a_double_check_has_no_squares_to_block_on():
    verdict = check_move("4r1k1/8/8/8/7b/5N2/8/4K3 w - - 0 1", "f3h4")
    assert verdict.findings[0].between == ()
