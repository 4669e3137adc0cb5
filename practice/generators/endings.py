"""Practice of how a game ends: checkmate, stalemate, or the game goes on."""

from __future__ import annotations

import random
from types import MappingProxyType

from django.utils.translation import gettext as _

import rules
from curriculum.kinds.assess import ASSESS_LABELS
from curriculum.puzzles import Option
from practice.generators.parts import Parts, parts, take_turns
from rules import generate


def _standing_parts(made: generate.Made, options: tuple[str, ...]) -> Parts:
    truth = rules.assess(made.fen)
    ending = truth.termination.value if truth.termination else "ongoing"
    explanation = {
        "checkmate": lambda: _("The black king is in check and no move answers it: checkmate."),
        "stalemate": lambda: _(
            "The black king is not in check, but Black has no legal move: stalemate, a draw."
        ),
        "ongoing": lambda: (
            _("Black is in check, but a move answers it: the game goes on.")
            if truth.in_check
            else _("Black still has moves to play: the game goes on.")
        ),
    }[ending]()
    return parts(
        made, "assess",
        _("Black to move. How does the game stand?"),
        _("Is the black king in check? Then look for any legal move of Black."),
        explanation,
        options=tuple(Option(v, str(ASSESS_LABELS[v])) for v in options),
        answer=(ending,),
    )  # fmt: skip


def checkmate_rule(rng: random.Random, level: int) -> Parts:
    """Checkmate in one, or checkmate or not (the two answers taking turns)."""
    family, first = take_turns(rng, 2)
    if family == 0:
        made = generate.mate_in_one(rng, level)
        return parts(
            made, "move",
            _("White to move. Checkmate in one move."),
            _("Look for a check after which the black king has no square to go to."),
            _("Checkmate! The black king is in check and cannot escape."),
            goal=MappingProxyType({"type": "mate", "within": 1}),
        )  # fmt: skip
    wanted = "checkmate" if first else "ongoing"
    return _standing_parts(generate.standing(rng, level, wanted), ("checkmate", "ongoing"))


def stalemate_rule(rng: random.Random, level: int) -> Parts:
    if rng.random() < 0.4:
        made = generate.stalemate_trap(rng, level)
        goal = {"type": "avoid_stalemate", **({"mate": True} if made.holds else {})}
        prompt = (
            _("White is winning. Checkmate in one move, and take care not to stalemate.")
            if made.holds
            else _("White is winning. Make a move that does not stalemate Black.")
        )
        return parts(
            made, "move", prompt,
            _("Before you move, look: will the black king still have a square, or be in check?"),
            _("Well done! Black is not stalemated."),
            goal=MappingProxyType(goal),
        )  # fmt: skip
    return game_endings_rule(rng, level)


def game_endings_rule(rng: random.Random, level: int) -> Parts:
    """Checkmate, stalemate or the game goes on: how a game ends, and when it does not."""
    wanted = rng.choice(generate.ENDINGS)
    return _standing_parts(generate.standing(rng, level, wanted), generate.ENDINGS)
