"""Dots where a piece picked up may go, only where they give nothing away: each kind says
whether (`shows_moves`); a move puzzle shows them unless its goal is where a piece may go."""

import pytest

from curriculum.kinds import KINDS, kind_of
from curriculum.kinds.move import DOTS_GIVE_AWAY
from curriculum.loading import get_curriculum

pytestmark = pytest.mark.any_database


def every_puzzle():
    return [puzzle for lesson in get_curriculum().lessons for puzzle in lesson.puzzles]


def test_every_kind_says_whether_it_shows_moves():
    assert all(callable(getattr(kind, "shows_moves", None)) for kind in KINDS.values())


def test_only_move_puzzles_whose_goal_is_not_where_a_piece_may_go_show_dots():
    shown = {(p.kind, p.goal["type"]) for p in every_puzzle() if kind_of(p).shows_moves(p)}
    assert {kind for kind, _goal in shown} == {"move"}
    assert {goal for _kind, goal in shown} & DOTS_GIVE_AWAY == set()
    assert {"mate", "promote"} <= {goal for _kind, goal in shown}
    hidden = [p for p in every_puzzle() if p.kind == "move" and not kind_of(p).shows_moves(p)]
    assert {p.goal["type"] for p in hidden} == DOTS_GIVE_AWAY
