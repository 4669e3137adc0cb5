"""How hard the next generated puzzle of a rule is, read from the learner's record.

A learner starts at level 1. Of their last ``WINDOW`` answers to the rule's generated
puzzles, 3 right lift them to level 2 and 5 right to level 3; misses bring them back
down, so the level follows how the learner is doing now.
"""

from __future__ import annotations

from lessons.models import Attempt, Learner, PuzzleResult, Result

WINDOW = 6


def practice_prefix(rule: str) -> str:
    return f"practice-{rule}-"


def level_for(learner: Learner | None, rule: str) -> int:
    """1, 2 or 3 (one query).

    The level follows the right answers among the last six:
    0–2 → 1, 3–4 → 2, 5–6 → 3.
    """
    if learner is None:
        return 1
    recent = Attempt.objects.filter(
        learner=learner, puzzle__startswith=practice_prefix(rule)
    ).order_by("-created_at", "-pk")[:WINDOW]
    verdicts = recent.values_list("verdict", flat=True)
    right = sum(1 for verdict in verdicts if verdict == Result.CORRECT)
    return level_from(right)


def level_from(right: int) -> int:
    """
    >>> [level_from(n) for n in range(7)]
    [1, 1, 1, 2, 2, 3, 3]
    """
    return 1 if right < 3 else 2 if right < 5 else 3


def solved_count(learner: Learner | None, rule: str) -> int:
    """How many generated puzzles of the rule the learner has solved (one query)."""
    if learner is None:
        return 0
    return PuzzleResult.objects.filter(
        learner=learner, puzzle__startswith=practice_prefix(rule), solved_at__isnull=False
    ).count()
