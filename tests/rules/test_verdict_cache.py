"""A verdict is judged once per process for the same position, history and move, and
handed out again; a different history is a different judgement, and errors are not kept."""

import pytest

import rules
from rules import judge

CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
WANDER = ["e1f1", "e8f8", "f1e1", "f8e8"]  # both kings out and back: no castling any more


def test_the_same_judgement_is_made_once_and_handed_out_again(fresh_caches, monkeypatch):
    judged = []
    judging = judge._check_move
    monkeypatch.setattr(judge, "_check_move", lambda *args: judged.append(args) or judging(*args))
    first = rules.check_move(CASTLE, "e1g1")
    assert rules.check_move(CASTLE, "e1g1") is first
    # a Position with nothing played on top is the same judgement as its FEN
    assert rules.check_move(rules.Position(CASTLE), "e1g1") is first
    assert judged == [(CASTLE, "e1g1", ())]
    assert first.legal and first.castling == "short"
    assert list(judge._VERDICTS) == [(CASTLE, (), "e1g1", ())]  # the key holds no board


def test_the_history_is_part_of_the_judgement():
    after_wandering = rules.Position(CASTLE, WANDER)
    assert after_wandering.fen_now.split()[0] == CASTLE.split()[0]  # the same squares
    assert rules.check_move(CASTLE, "e1g1").legal
    assert not rules.check_move(after_wandering, "e1g1").legal
    assert not rules.check_move(CASTLE, "e1g1", WANDER).legal
    assert not rules.check_move(CASTLE, "e1g1", " ".join(WANDER)).legal


@pytest.mark.parametrize(
    "fen, move", [("not a fen", "e2e4"), (CASTLE, "e9e4"), (CASTLE, None), (None, "e1g1")]
)
def test_input_that_cannot_be_judged_is_refused_every_time(fen, move):
    for _ in range(2):
        with pytest.raises(rules.RulesError):
            rules.check_move(fen, move)
