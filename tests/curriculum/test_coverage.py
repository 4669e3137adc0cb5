"""The coverage table (curriculum/content/COVERAGE.md): every rule issues 16 and 24 named is
taught by puzzles that exist, and the rules the engine must judge are taught only by judged
puzzles."""

import re
from pathlib import Path

import pytest

from curriculum.loading import CONTENT_DIR, get_curriculum

TABLE = Path(CONTENT_DIR) / "COVERAGE.md"
ROW = re.compile(
    r"^\| (?P<rule>[a-z-]+) \| (?P<laws>[^|]+) \| (?P<judge>engine|author) \| (?P<ids>.+) \|$"
)

# The rules the issue's audit named (its two lists and the house rules), one key each.
ISSUE_RULES = {
    "white-moves-first",
    "players-alternate",
    "resignation",
    "how-a-game-ends",
    "touch-own-and-opponent",
    "touch-king-and-rook",
    "castling-touched-but-illegal",
    "king-released-while-castling",
    "promotion-piece-fixed",
    "move-complete",
    "castling-once-per-game",
    "notation-move-numbers",
    "notation-long-form",
    "notation-rank-disambiguation",
    "notation-en-passant",
    "loss-on-time",
    "flag-fall-draw",
    "house-thirty-moves",
    "house-ten-checks-in-a-row",
    "house-thirty-checks",
    "house-resign-after-fifteen",
    "house-draw-offer-after-fifteen",
    "house-three-draw-offers",
    "obsolete-hundred-moves",
    "official-laws-over-site-rules",
    "piece-values",
    "fair-trade",
    "attacked-and-defended",
    "save-an-attacked-piece",
    "capture-only-undefended",
    "check-wins-a-piece",
    "mate-in-two",
    # issue 24: points of the Laws no lesson taught
    "pinned-piece-still-checks",
    "agreement-after-both-moved",
    "fifty-claim-by-declaring",
    "claim-lost-by-touching",
    "mate-beats-seventyfive",
    "same-position-castling-rights",
    "notation-promotion-without-equals",
    "notation-double-plus-mate",
}


def rows() -> dict[str, tuple[str, list[str]]]:
    found = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            ids = re.findall(r"`([a-z0-9-]+)`", match["ids"])
            found[match["rule"]] = (match["judge"], ids)
    return found


def test_the_table_has_a_row_for_every_rule_of_the_issue_and_no_other():
    assert set(rows()) == ISSUE_RULES


@pytest.mark.parametrize("rule", sorted(ISSUE_RULES))
def test_each_rule_is_taught_by_puzzles_that_exist(rule):
    _, ids = rows()[rule]
    assert ids, f"{rule} has no puzzle"
    missing = [i for i in ids if get_curriculum().puzzle(i) is None]
    assert missing == [], f"{rule}: no such puzzle {missing}"


@pytest.mark.parametrize("rule", sorted(r for r, (judge, _) in rows().items() if judge == "engine"))
def test_a_rule_the_engine_judges_is_never_taught_by_an_answer_key(rule):
    _, ids = rows()[rule]
    kinds = {get_curriculum().puzzle(i).kind for i in ids}
    assert "text" not in kinds, rule


def _asks(puzzle) -> str:
    return puzzle.goal["type"] if puzzle.goal else puzzle.question or puzzle.target


def test_the_beginner_rules_use_the_material_goals_and_questions():
    beginner = ("piece-values", "fair-trade", "attacked-and-defended", "save-an-attacked-piece")
    beginner += ("capture-only-undefended", "check-wins-a-piece")
    asked = {_asks(get_curriculum().puzzle(i)) for rule in beginner for i in rows()[rule][1]}
    wanted = "trade protect check_wins material exchange attackers defenders hanging"
    assert set(wanted.split()) <= asked
