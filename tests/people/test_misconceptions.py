import pytest

import rules
from curriculum.loading import get_curriculum
from people.reports import Trip
from people.reports.misconceptions import FACT_MISCONCEPTIONS, MISCONCEPTIONS, misconception_for

ROOK_BEHIND_PAWN = "4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1"
BISHOP_BEHIND_PAWN = "4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1"


def test_every_reason_the_engine_gives_has_a_short_name():
    assert set(MISCONCEPTIONS) == {reason.name for reason in rules.Reason}


@pytest.mark.parametrize("reason", [reason.name for reason in rules.Reason])
def test_every_reason_points_to_a_lesson_of_the_curriculum(reason):
    for piece in "KQRBNP":
        assert get_curriculum().lesson(misconception_for(reason).lesson_for(piece)) is not None


def test_a_blocked_path_points_to_the_lesson_of_the_piece_that_was_moved():
    rook = Trip(misconception_for("PATH_BLOCKED"), 1, ROOK_BEHIND_PAWN, "a1a3")
    bishop = Trip(misconception_for("PATH_BLOCKED"), 1, BISHOP_BEHIND_PAWN, "a1c3")
    assert rook.lesson_url == "/lessons/rook/"
    assert bishop.lesson_url == "/lessons/bishop/"


def test_castling_through_attack_is_named_as_the_rule():
    assert (
        str(misconception_for("CASTLING_THROUGH_ATTACK").title)
        == "王車易位時王不能經過被攻擊的格子"
    )


def test_the_example_board_marks_the_move_that_was_tried():
    trip = Trip(misconception_for("PATH_BLOCKED"), 1, ROOK_BEHIND_PAWN, "a1a3")
    assert [s.name for s in trip.board.squares if s.last_move] == ["a3", "a1"]


def test_an_attempt_without_a_position_has_no_board_and_no_piece():
    trip = Trip(misconception_for("PATH_BLOCKED"), 1, "", "a1a3")
    assert trip.board is None
    assert trip.moved_piece == ""


def test_an_unknown_reason_gets_a_plain_name_and_no_lesson():
    trip = Trip(misconception_for("SOMETHING_NEW"), 1, ROOK_BEHIND_PAWN, "a1a3")
    assert str(trip.misconception.title) == "其他規則"
    assert trip.lesson_url == ""


def test_every_fact_a_wrong_answer_is_recorded_with_has_a_rule_and_a_lesson():
    assert set(FACT_MISCONCEPTIONS) == {fact.name for fact in rules.Fact}
    for fact in rules.Fact:
        lesson = misconception_for(fact.name).lesson_for("N")
        assert get_curriculum().lesson(lesson) is not None, fact
