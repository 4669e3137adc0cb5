"""The reason the engine gives first is the one a teacher gives first (see the audit script)."""

import chess
import pytest

from rules import Reason, check_move
from rules.verdict import Finding, illegal
from tests.benchmarks.rules_agreement import sample_pairs
from tests.benchmarks.rules_reason_audit import (
    TRICKY,
    Said,
    agrees,
    audit,
    board_of,
    engine_said,
    false_claims,
    late_en_passant_pairs,
    mistake_pairs,
    teacher,
)


def test_it_gives_the_teachers_reason_on_random_and_likely_mistaken_moves():
    pairs = sample_pairs(1500, seed=11) + mistake_pairs(1500, seed=11)
    pairs += late_en_passant_pairs(40, seed=11)
    disagreements, examples, _ = audit(pairs)
    assert not disagreements, {key: cases[:2] for key, cases in examples.items()}


@pytest.mark.parametrize(
    ("fen", "history", "move"),
    [case[1:] for case in TRICKY],
    ids=[case[0] for case in TRICKY],
)
def test_it_gives_the_teachers_reason_in_each_hand_made_tricky_position(fen, history, move):
    taught = teacher(board_of(fen, history), chess.Move.from_uci(move))
    assert agrees(engine_said(check_move(fen, move, history)), taught), taught


def test_the_audit_catches_a_wrong_square():
    # The check that the audit is not blind: a blocker named wrongly disagrees.
    taught = teacher(
        board_of("4k3/8/8/R2p1p2/8/8/8/4K3 w - - 0 1", ()), chess.Move.from_uci("a5h5")
    )
    assert taught == Said(Reason.PATH_BLOCKED, ("d5",))
    assert not agrees(Said(Reason.PATH_BLOCKED, ("f5",)), taught)
    assert agrees(engine_said(check_move("4k3/8/8/R2p1p2/8/8/8/4K3 w - - 0 1", "a5h5")), taught)


def test_the_teacher_names_any_attacker_of_the_square_the_king_walks_onto():
    fen = "3rk3/8/8/8/8/8/3r4/4K3 w - - 0 1"
    taught = teacher(board_of(fen, ()), chess.Move.from_uci("e1d2"))
    assert taught.reason is Reason.KING_INTO_ATTACK
    assert taught.any_of == frozenset({"d8"})


def test_the_audit_catches_a_sentence_that_would_name_the_wrong_square():
    # A made-up verdict: the rook's way is blocked on d5, not on the empty e5.
    fen = "4k3/8/8/R2p1p2/8/8/8/4K3 w - - 0 1"
    made_up = illegal("a5h5", [Finding(Reason.PATH_BLOCKED, ("e5",), (None,))], "R")
    board = board_of(fen, ())
    assert false_claims(board, chess.Move.from_uci("a5h5"), made_up) == ["PATH_BLOCKED ('e5',)"]
    assert false_claims(board, chess.Move.from_uci("a5h5"), check_move(fen, "a5h5")) == []


def test_the_audit_catches_a_king_safety_reason_for_a_move_the_piece_cannot_make():
    fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
    made_up = illegal("d2d4", [Finding(Reason.PINNED, ("b4",), ("b",))], "N")
    assert false_claims(board_of(fen, ()), chess.Move.from_uci("d2d4"), made_up) == [
        "PINNED ('b4',)",
        "PINNED for a move the piece cannot make",
    ]
