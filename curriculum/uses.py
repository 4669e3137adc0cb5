"""The rules a puzzle uses, and the lesson that teaches each: nothing is asked before it
is taught.

A rule is named after the lesson that teaches it (``TAUGHT_BY``). ``rules_used(puzzle)``
is what the puzzle's file names in ``uses = [...]`` (what no board shows: a text
question about a draw offer uses ``draws``) together with what can be read off the
puzzle itself (``derived``):

- a position whose side to move is in check uses ``check``;
- a move goal uses the rule it asks for (``mate`` uses ``checkmate``, and
  ``mate-in-two`` when ``within = 2``; ``escape_check`` uses ``check-escape``;
  ``castle`` ``castling``; ``avoid_stalemate`` ``stalemate`` …);
- an assess answer uses the ending it names (``stalemate``, ``fifty_moves`` …): the
  answer, not every option offered beside it;
- a choice question uses the rule it is about (``can_castle`` ``castling``,
  ``in_check`` ``check``, ``san`` ``notation`` …), a ``can_claim`` answer the claim it
  names, an ``illegal_reason`` answer the rule of its reason;
- a capture goal uses nothing more: each piece's lesson teaches how it captures;
- a history that holds a castling or a promotion uses it.

``too_early(puzzle, orders)`` names every rule the puzzle uses whose lesson comes after
the puzzle's own (``orders``: lesson slug to ``order``); a rule whose lesson is not
among ``orders`` counts as taught (a file checked on its own).
"""

from __future__ import annotations

from collections.abc import Mapping

import rules
from curriculum.puzzles import Puzzle

# Every rule a puzzle can use, and the lesson (slug) that teaches it.
TAUGHT_BY: Mapping[str, str] = {
    "capture": "capture",
    "piece-values": "piece-values",
    "protection": "protection",
    "check": "check",
    "check-escape": "check-escape",
    "checkmate": "checkmate",
    "mate-in-two": "check-wins",
    "game-endings": "game-endings",
    "castling": "castling",
    "castling-not-now": "castling-not-now",
    "castling-forever": "castling-forever",
    "en-passant": "en-passant",
    "promotion": "promotion",
    "stalemate": "stalemate",
    "draws": "draws",
    "draws-repetition": "draws-repetition",
    "draws-fifty": "draws-fifty",
    "notation": "notation",
    "notation-marks": "notation-marks",
    "touch-move": "touch-move",
    "move-complete": "move-complete",
}

GOAL_RULES: Mapping[str, tuple[str, ...]] = {
    "mate": ("checkmate",),
    "check": ("check",),
    "escape_check": ("check-escape",),
    "castle": ("castling",),
    "en_passant": ("en-passant",),
    "promote": ("promotion",),
    "trade": ("piece-values",),
    "protect": ("protection",),
    "check_wins": ("check",),
    "stalemate": ("stalemate",),
    "avoid_stalemate": ("stalemate",),
    "threefold": ("draws-repetition",),
}

ENDING_RULES: Mapping[str, str] = {
    "checkmate": "checkmate",
    "stalemate": "stalemate",
    "insufficient_material": "draws",
    "threefold_repetition": "draws-repetition",
    "fivefold_repetition": "draws-repetition",
    "fifty_moves": "draws-fifty",
    "seventyfive_moves": "draws-fifty",
}

QUESTION_RULES: Mapping[str, tuple[str, ...]] = {
    "can_castle": ("castling",),
    "castling_reasons": ("castling-not-now",),
    "en_passant_capturers": ("en-passant",),
    "checkers": ("check",),
    "in_check": ("check",),
    "san": ("notation",),
    "destination_of": ("notation",),
    "material": ("piece-values",),
    "material_lead": ("piece-values",),
    "exchange": ("piece-values",),
    "attackers_count": ("protection",),
    "defenders_count": ("protection",),
}
CLAIM_RULES: Mapping[str, str] = {"threefold": "draws-repetition", "fifty": "draws-fifty"}
# A refusal's reason that names a later rule (the castling reasons, en passant's).
REASON_RULES: Mapping[str, str] = {
    "en_passant_expired": "en-passant",
    "en_passant_needs_two_step": "en-passant",
    "castling_king_two_squares": "castling",
    "castling_rights_lost": "castling-not-now",
    "castling_no_rook": "castling",
    "castling_blocked": "castling-not-now",
    "castling_in_check": "castling-not-now",
    "castling_through_attack": "castling-not-now",
    "castling_into_attack": "castling-not-now",
    "ignores_check": "check-escape",
    "promotion_required": "promotion",
    "bad_promotion": "promotion",
}


def unknown(names: tuple[str, ...]) -> list[str]:
    """The names in a file's ``uses`` that are no rule of ``TAUGHT_BY``."""
    return [name for name in names if name not in TAUGHT_BY]


def rules_used(puzzle: Puzzle) -> tuple[str, ...]:
    """Every rule the puzzle uses: named in its file, or read off the puzzle."""
    return tuple(sorted({*puzzle.uses, *derived(puzzle)}))


def derived(puzzle: Puzzle) -> set[str]:
    """The rules that can be read off the puzzle's position, history, goal or question."""
    found: set[str] = set()
    if puzzle.fen:
        try:
            if rules.assess(puzzle.start_fen).in_check:
                found.add("check")
            found |= _history_rules(puzzle)
        except (rules.RulesError, ValueError):
            pass  # an unreadable position is the validator's to report
    if puzzle.kind == "move" and puzzle.goal:
        found |= _goal_rules(puzzle.goal)
    if puzzle.kind == "assess":
        # Every ending offered, not only the answer: a word not taught yet is a hint.
        offered = [*puzzle.answer, *(option.value for option in puzzle.options)]
        found |= {ENDING_RULES[a] for a in offered if a in ENDING_RULES}
    if puzzle.kind == "choice":
        if puzzle.question == "destination_of" and str(puzzle.params.get("san")).startswith("O-O"):
            found.add("castling")  # the castling lesson names O-O and O-O-O
        else:
            found |= set(QUESTION_RULES.get(puzzle.question, ()))
        if puzzle.question == "can_claim":
            found |= {CLAIM_RULES[v] for v in puzzle.answer if v in CLAIM_RULES}
        if puzzle.question == "illegal_reason":
            found |= {REASON_RULES[v] for v in puzzle.answer if v in REASON_RULES}
    return found


def _goal_rules(goal) -> set[str]:
    found = set(GOAL_RULES.get(goal.get("type"), ()))
    if goal.get("type") == "mate" and int(goal.get("within", 1)) > 1:
        found.add("mate-in-two")
    if goal.get("avoid_stalemate"):
        found.add("stalemate")
    if goal.get("mate"):
        found.add("checkmate")
    return found


def _history_rules(puzzle: Puzzle) -> set[str]:
    """Castling and promotion in the history, read off its score sheet (O-O, =Q)."""
    written = [san for _, *pair in puzzle.score_sheet for san in pair if san]
    found = {"castling"} if any(san.startswith("O-O") for san in written) else set()
    return found | ({"promotion"} if any("=" in san for san in written) else set())


def too_early(puzzle: Puzzle, orders: Mapping[str, float]) -> list[str]:
    """A reason for every rule the puzzle uses that a later lesson teaches."""
    here = orders.get(puzzle.lesson)
    if here is None:
        return []
    reasons = []
    for rule in rules_used(puzzle):
        lesson = TAUGHT_BY.get(rule)
        if lesson in orders and orders[lesson] > here:
            how = "named in `uses`" if rule in puzzle.uses else _how(rule, puzzle)
            reasons.append(
                f"uses {rule} ({how}), taught in the lesson {lesson!r} "
                f"(order {orders[lesson]:g}), after this one (order {here:g})"
            )
    return reasons


def _how(rule: str, puzzle: Puzzle) -> str:
    if rule == "check" and puzzle.fen:
        try:
            if rules.assess(puzzle.start_fen).in_check:
                return "the side to move starts in check"
        except (rules.RulesError, ValueError):
            pass
    if puzzle.kind == "move" and puzzle.goal:
        return f"its goal {dict(puzzle.goal)}"
    if puzzle.kind == "assess":
        if any(ENDING_RULES.get(answer) == rule for answer in puzzle.answer):
            return f"the answer {', '.join(puzzle.answer)}"
        offered = [o.value for o in puzzle.options if ENDING_RULES.get(o.value) == rule]
        return f"the option {', '.join(offered)}"
    if puzzle.kind == "choice":
        return f"the question {puzzle.question}"
    return "its history"
