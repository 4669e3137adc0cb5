"""``first_illegal``: where a history goes wrong, and the engine's verdict on that move."""

import rules
from rules import Reason

BLACK_TO_MOVE = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"


def test_a_history_that_plays_has_no_first_illegal_move():
    assert rules.first_illegal(BLACK_TO_MOVE, ("d7d5", "e5d6")) is None


def test_the_third_move_is_found_with_its_reason_after_an_en_passant_capture():
    index, verdict = rules.first_illegal(BLACK_TO_MOVE, ("d7d5", "e5d6", "d8d7"))
    assert index == 2
    assert verdict.move == "d8d7" and verdict.reason == Reason.NO_PIECE
    assert verdict.squares == ("d8",)


def test_a_move_not_written_in_uci_is_found_without_a_verdict():
    assert rules.first_illegal(BLACK_TO_MOVE, ("d7d5", "zz", "e1e2")) == (1, None)
