"""Every practised rule, by the slug of the lesson it practises, in one table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from curriculum.loading import get_curriculum
from practice.generators import (
    castling,
    check,
    draws,
    endings,
    material,
    notation,
    pawns,
    pieces,
    touch_move,
)
from practice.generators.parts import Maker


@dataclass(frozen=True)
class Rule:
    slug: str  # the lesson whose rule this practises (also the rule's name)
    make: Maker


RULES: Mapping[str, Rule] = MappingProxyType(
    {
        rule.slug: rule
        for rule in (
            Rule("board", pieces.board_rule),
            Rule("king", pieces.piece_rule("K")),
            Rule("queen", pieces.piece_rule("Q")),
            Rule("rook", pieces.piece_rule("R")),
            Rule("bishop", pieces.piece_rule("B")),
            Rule("knight", pieces.piece_rule("N")),
            Rule("pawn", pieces.piece_rule("P")),
            Rule("capture", check.capture_rule),
            Rule("piece-values", material.piece_values_rule),
            Rule("protection", material.protection_rule),
            Rule("check", check.check_rule),
            Rule("check-escape", check.check_escape_rule),
            Rule("check-wins", check.check_wins_rule),
            Rule("checkmate", endings.checkmate_rule),
            Rule("stalemate", endings.stalemate_rule),
            Rule("game-endings", endings.game_endings_rule),
            Rule("castling", castling.castling_rule),
            Rule("castling-not-now", castling.castling_not_now_rule),
            Rule("castling-forever", castling.castling_for_ever_rule),
            Rule("en-passant", pawns.en_passant_rule),
            Rule("promotion", pawns.promotion_rule),
            Rule("draws", draws.draws_rule),
            Rule("draws-repetition", draws.draws_repetition_rule),
            Rule("draws-fifty", draws.draws_fifty_rule),
            Rule("notation", notation.notation_rule),
            Rule("notation-marks", notation.notation_marks_rule),
            Rule("notation-reading", notation.notation_reading_rule),
            Rule("touch-move", touch_move.touch_move_rule),
        )
    }
)


def rules_in_curriculum() -> list[str]:
    """The rules whose lesson is in the curriculum, in teaching order."""
    return [lesson.slug for lesson in get_curriculum().lessons if lesson.slug in RULES]
