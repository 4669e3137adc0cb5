"""Assess puzzles: "How does this game stand?" The computed answer is the automatic
ending if there is one, else every claimable draw, else "ongoing"."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from django.utils.translation import gettext_lazy as _

import rules
from curriculum import fields
from curriculum.kinds import common
from curriculum.outcome import AnswerError, Outcome
from curriculum.puzzles import Option, Problem, Puzzle, problem

NAME = "assess"
BOARD_MODE = "view"
shows_moves = common.never_shows_moves  # no move board: nothing to dot
NEEDS_POSITION = True
AUTHORED_OPTIONS = False  # the labels come from the interface catalogue

played_from = common.no_moves
position_now = common.start_position

# The values an assess puzzle may offer, with the label a child reads.
ASSESS_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "checkmate": _("Checkmate"),
        "stalemate": _("Stalemate"),
        "insufficient_material": _("Dead position: nobody can checkmate"),
        "threefold_repetition": _("A draw may be claimed: threefold repetition"),
        "fifty_moves": _("A draw may be claimed: fifty moves"),
        "fivefold_repetition": _("Draw: fivefold repetition"),
        "seventyfive_moves": _("Draw: seventy-five moves"),
        "ongoing": _("The game goes on"),
    }
)


def truth(puzzle: Puzzle) -> frozenset[str]:
    assessment = rules.assess(puzzle.fen, puzzle.moves)
    if assessment.termination is not None:
        return frozenset([assessment.termination.value])
    if assessment.claims:
        return frozenset(claim.value for claim in assessment.claims)
    return frozenset(["ongoing"])


def several(puzzle: Puzzle) -> bool:
    return False


def answer_from(chosen: tuple[str, ...]) -> object:
    return chosen[0]


def load(raw: Mapping) -> dict:
    offered = fields.strings(raw.get("options", list(ASSESS_LABELS)), "options")
    unknown = [v for v in offered if v not in ASSESS_LABELS]
    if unknown:
        raise problem(f"unknown assess options {unknown}")
    answer = raw.get("answer")
    if not isinstance(answer, str) or answer not in offered:
        raise problem("`answer` must be one of the offered options")
    return {
        "options": tuple(Option(v, ASSESS_LABELS[v]) for v in offered),
        "answer": (answer,),
    }


def judge(puzzle: Puzzle, answer: object, played: tuple[str, ...], position=None) -> Outcome:
    if not isinstance(answer, str):
        raise AnswerError("an assess answer is one value")
    return common.compare_options(puzzle, frozenset([answer]), truth(puzzle))


def validate(puzzle: Puzzle) -> None:
    computed = truth(puzzle)
    if puzzle.answer[0] not in computed:
        raise Problem(f"stated answer {puzzle.answer[0]!r} but the engine says {sorted(computed)}")
