"""En passant: only on the very next move, only beside the pawn, never exposing the own king."""

from rules import Reason, check_move, en_passant_capturers

BESIDE = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"


def test_en_passant_right_after_the_two_square_advance():
    verdict = check_move(BESIDE, "e5d6", ["d7d5"])
    assert verdict.legal
    assert (verdict.en_passant, verdict.captured, verdict.san) == (True, "p", "exd6")
    assert verdict.fen_after == "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"


def test_en_passant_expired_once_another_move_came_in_between():
    verdict = check_move(BESIDE, "e5d6", ["d7d5", "e1e2", "e8f8"])
    assert [(f.reason, f.squares, f.pieces) for f in verdict.findings] == [
        (Reason.EN_PASSANT_EXPIRED, ("d5",), ("p",))
    ]


def test_en_passant_expired_when_the_fen_gave_the_chance_and_moves_followed():
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    assert check_move(fen, "e5d6").legal
    verdict = check_move(fen, "e5d6", ["e1e2", "e8e7"])
    assert verdict.reason is Reason.EN_PASSANT_EXPIRED


def test_without_a_two_square_advance_en_passant_is_not_allowed():
    # The black pawn beside did not just advance two squares: en passant needs that.
    verdict = check_move("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6")
    assert [(f.reason, f.squares) for f in verdict.findings] == [
        (Reason.EN_PASSANT_NEEDS_TWO_STEP, ("d5",))
    ]


def test_without_a_pawn_beside_a_diagonal_step_needs_a_capture():
    verdict = check_move("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "e5d6")
    assert [(f.reason, f.squares) for f in verdict.findings] == [
        (Reason.PAWN_DIAGONAL_NEEDS_CAPTURE, ("d6",))
    ]


def test_en_passant_that_uncovers_a_rank_attack_on_the_own_king_is_illegal():
    # Both pawns leave the rank: the rook and the pawn taken off its line are named.
    verdict = check_move("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6")
    assert [(f.reason, f.squares, f.pieces) for f in verdict.findings] == [
        (Reason.PINNED, ("h5", "d5"), ("r", "p"))
    ]


def test_en_passant_taking_the_pawn_that_shielded_the_king_on_a_diagonal_is_illegal():
    verdict = check_move("6b1/8/8/3pP3/8/8/K7/7k w - d6 0 1", "e5d6")
    assert [(f.reason, f.squares) for f in verdict.findings] == [(Reason.PINNED, ("g8", "d5"))]


def test_en_passant_by_a_pawn_pinned_on_a_diagonal_names_only_its_pinner():
    verdict = check_move("7b/8/8/3pP3/8/8/8/K6k w - d6 0 1", "e5d6")
    assert [(f.reason, f.squares) for f in verdict.findings] == [(Reason.PINNED, ("h8",))]


def test_en_passant_that_takes_the_checking_pawn_is_legal():
    verdict = check_move("8/8/8/3k4/4Pp2/8/8/4K3 b - e3 0 1", "f4e3")
    assert (verdict.legal, verdict.en_passant) == (True, True)


def test_en_passant_capturers_are_the_pawns_beside_the_advanced_pawn():
    fen = "4k3/8/8/8/3p1p2/8/4P3/4K3 w - - 0 1"
    assert en_passant_capturers(fen, ["e2e4"]) == {"d4", "f4"}
    assert en_passant_capturers(fen, ["e2e4", "e8e7", "e1e2"]) == set()


def test_a_pawn_that_arrived_beside_after_the_advance_never_had_the_en_passant_chance():
    fen = "4k3/3p4/8/8/4P3/8/8/4K3 b - - 0 1"
    verdict = check_move(fen, "e5d6", ["d7d5", "e4e5", "e8e7"])
    assert [(f.reason, f.squares) for f in verdict.findings] == [
        (Reason.EN_PASSANT_NEEDS_TWO_STEP, ("d5",))
    ]
