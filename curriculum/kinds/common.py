"""What the kinds whose answer is a set of values share: reading and comparing the set."""

from __future__ import annotations

from collections.abc import Collection

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from curriculum.outcome import AnswerError, Outcome, Result
from curriculum.puzzles import Puzzle
from curriculum.wrong_answers import wrong_parts


def values(answer: object) -> frozenset[str]:
    if isinstance(answer, str) or not isinstance(answer, Collection):
        raise AnswerError("the answer is a collection of values")
    if not all(isinstance(v, str) for v in answer):
        raise AnswerError("every value of the answer is a string")
    return frozenset(answer)


def compare(puzzle: Puzzle, chosen: frozenset, truth: frozenset, message: str) -> Outcome:
    right = chosen == truth
    wrong = () if right else wrong_parts(puzzle, chosen, truth)
    if not right and puzzle.kind == "text":
        # The author says why each wrong option is wrong (no board shows it).
        why = [option.why for option in puzzle.options if option.value in chosen - truth]
        message = " ".join(text for text in why if text) or message
    return Outcome(
        result=Result.CORRECT if right else Result.INCORRECT,
        rules_verdict=None,
        message=None if right else message,
        played=(),
        reply=None,
        fen=puzzle.start_fen,
        truth=truth,
        wrong=wrong,
    )


def compare_options(puzzle: Puzzle, chosen: frozenset, truth: frozenset) -> Outcome:
    """An answer among the puzzle's options, compared with the computed truth."""
    offered = {option.value for option in puzzle.options}
    if not chosen or not chosen <= offered:
        raise AnswerError(f"choose among the options: {sorted(offered)}")
    message = _("That is not right. Read the question again.")
    if chosen < truth:
        # Only right answers chosen, but not all of them: say so, and how many are left,
        # without naming them (that would give the answer away).
        left = len(truth - chosen)
        message = ngettext(
            "Everything you chose is right, but %(count)s more answer is right too. Look again.",
            "Everything you chose is right, but %(count)s more answers are right too. Look again.",
            left,
        ) % {"count": left}
    return compare(puzzle, chosen, truth, message)


def answer_from(chosen: tuple[str, ...]) -> object:
    """The options a form posted, as this kind's judge takes them (a set of values)."""
    return chosen


def no_moves(post) -> tuple[str, ...]:
    """Only move puzzles carry moves played so far."""
    return ()


def start_position(puzzle: Puzzle, played: tuple[str, ...]) -> rules.Position | None:
    """The puzzle's own position (None for a question with no board)."""
    return rules.Position(puzzle.start_fen) if puzzle.start_fen else None


def never_shows_moves(puzzle: Puzzle) -> bool:
    """A kind whose board takes no moves: no dots to show where a piece may go."""
    return False
