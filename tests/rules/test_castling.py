"""Castling: the five conditions, each reported with its squares, all of them at once."""

import chess
import pytest

from rules import InvalidFen, Reason, check_move


def findings(fen, move, moves=()):
    verdict = check_move(fen, move, moves)
    assert not verdict.legal
    return [(f.reason, f.squares) for f in verdict.findings]


def test_castling_short_is_the_king_two_square_move():
    verdict = check_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1")
    assert (verdict.legal, verdict.san, verdict.castling) == (True, "O-O", "short")
    assert verdict.fen_after == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"


def test_castling_long_for_black():
    verdict = check_move("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8")
    assert (verdict.legal, verdict.san, verdict.castling) == (True, "O-O-O", "long")


def test_the_king_onto_its_own_rook_is_read_as_castling():
    verdict = check_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1")
    assert (verdict.legal, verdict.move, verdict.castling) == (True, "e1g1", "short")


def test_castling_queenside_is_legal_when_only_b1_is_attacked():
    verdict = check_move("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1")
    assert verdict.legal


def test_castling_rights_lost_without_history_names_no_square():
    assert findings("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1") == [(Reason.CASTLING_RIGHTS_LOST, ())]


def test_castling_rights_lost_when_the_king_moved_even_if_it_came_back():
    history = ["e1f1", "e8d8", "f1e1", "d8e8"]
    verdict = check_move("r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", history)
    assert [(f.reason, f.squares, f.pieces) for f in verdict.findings] == [
        (Reason.CASTLING_RIGHTS_LOST, ("e1",), ("K",))
    ]


def test_castling_rights_lost_when_that_rook_moved_even_if_it_came_back():
    history = ["h1h2", "e8e7", "h2h1", "e7e8"]
    verdict = check_move("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", history)
    assert [(f.reason, f.squares, f.pieces) for f in verdict.findings] == [
        (Reason.CASTLING_RIGHTS_LOST, ("h1",), ("R",))
    ]
    assert check_move("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", history).legal


def test_castling_in_check_names_the_checker():
    assert findings("k3r3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == [
        (Reason.CASTLING_IN_CHECK, ("e8",))
    ]


def test_castling_blocked_names_the_pieces_between():
    assert findings("4k3/8/8/8/8/8/8/4KBNR w K - 0 1", "e1g1") == [
        (Reason.CASTLING_BLOCKED, ("f1", "g1"))
    ]


def test_a_knight_on_b1_blocks_long_castling_though_the_king_never_crosses_b1():
    assert findings("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1") == [
        (Reason.CASTLING_BLOCKED, ("b1",))
    ]


def test_castling_through_attack_names_the_square_crossed_and_its_attacker():
    assert findings("k4r2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == [
        (Reason.CASTLING_THROUGH_ATTACK, ("f1", "f8"))
    ]


def test_castling_into_attack_names_the_destination_and_its_attacker():
    assert findings("k5r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1") == [
        (Reason.CASTLING_INTO_ATTACK, ("g1", "g8"))
    ]


def test_every_broken_condition_is_reported_in_the_order_a_child_checks_them():
    verdict = check_move("k3rrq1/8/8/8/8/8/8/4K1NR w - - 0 1", "e1g1")
    assert [(f.reason, f.squares) for f in verdict.findings] == [
        (Reason.CASTLING_RIGHTS_LOST, ()),
        (Reason.CASTLING_IN_CHECK, ("e8",)),
        (Reason.CASTLING_BLOCKED, ("g1",)),
        (Reason.CASTLING_THROUGH_ATTACK, ("f1", "f8")),
        (Reason.CASTLING_INTO_ATTACK, ("g1", "g8")),
    ]
    assert verdict.reason is Reason.CASTLING_RIGHTS_LOST
    assert verdict.squares == ("e8", "g1", "f1", "f8", "g8")


def test_castling_without_a_rook_in_the_corner_names_the_empty_corner():
    verdict = check_move("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1g1")
    assert [(f.reason, f.squares, f.pieces) for f in verdict.findings] == [
        (Reason.CASTLING_NO_ROOK, ("h1",), (None,))
    ]


def test_castling_after_the_rook_moved_away_names_its_empty_corner():
    history = ["h1h2", "e8e7"]
    assert findings("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", history) == [
        (Reason.CASTLING_NO_ROOK, ("h1",))
    ]


def test_castling_after_the_rook_was_captured_names_the_piece_on_its_corner():
    verdict = check_move("4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1", "e1g1", ["g2h1"])
    assert [(f.reason, f.squares, f.pieces) for f in verdict.findings] == [
        (Reason.CASTLING_NO_ROOK, ("h1",), ("b",))
    ]


def test_without_a_rook_no_piece_is_said_to_stand_between_king_and_rook():
    # A bishop on f1 would block castling, but there is no rook on h1 to castle with.
    assert findings("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "e1g1") == [
        (Reason.CASTLING_NO_ROOK, ("h1",))
    ]


def test_a_fen_giving_a_castling_right_without_the_rook_is_refused():
    with pytest.raises(InvalidFen, match="castling right"):
        check_move("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "e1g1")


def test_castling_is_legal_when_only_the_rook_is_attacked():
    assert check_move("4k2r/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1").legal
    assert check_move("r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1").legal


def test_a_checking_rook_beside_the_king_does_not_attack_the_squares_behind_the_king():
    # With the king on e1 the rook on d1 reaches e1 only: f1 and g1 are not attacked.
    fen = "8/2q5/k7/8/8/8/P4PPP/R2rK1BR w K - 0 1"
    board = chess.Board(fen)
    assert not board.is_attacked_by(chess.BLACK, chess.F1)
    assert not board.is_attacked_by(chess.BLACK, chess.G1)
    assert findings(fen, "e1g1") == [
        (Reason.CASTLING_IN_CHECK, ("d1",)),
        (Reason.CASTLING_BLOCKED, ("g1",)),
    ]


def test_a_checking_queen_on_the_rank_attacks_the_crossed_square_only_when_it_reaches_it():
    # The queen on h1 checks along the rank: d1 and c1 lie behind the king, not attacked.
    assert findings("1k6/8/8/8/8/8/8/R3K2q w Q - 0 1", "e1c1") == [
        (Reason.CASTLING_IN_CHECK, ("h1",)),
    ]
