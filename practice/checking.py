"""`manage.py check_practice`: make N puzzles for every rule from fixed seeds and prove each
one with the curriculum's validator, counting errors and distinct positions."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils import translation

from practice.generators import (
    LEVELS,
    build,
    problems,
    puzzle_id,
    question_key,
    rules_in_curriculum,
)

MIN_DISTINCT = 0.95


@dataclass(frozen=True)
class PracticeReport:
    rules: int
    positions: int
    errors: tuple[str, ...]  # "puzzle-id: message"
    distinct: int

    @property
    def summary(self) -> str:
        return (
            f"practice: {self.rules} rules, {self.positions} positions, "
            f"{len(self.errors)} errors, {self.distinct} distinct"
        )

    @property
    def too_few_distinct(self) -> bool:
        return self.positions > 0 and self.distinct < MIN_DISTINCT * self.positions


def check_practice(per_rule: int, rules: list[str] | None = None) -> PracticeReport:
    """Seeds 0…per_rule-1 of every rule, the levels taking turns."""
    chosen = rules or rules_in_curriculum()
    errors, keys = [], set()
    with translation.override(settings.LANGUAGE_CODE):
        for rule in chosen:
            for seed in range(per_rule):
                pid = puzzle_id(rule, LEVELS[seed % len(LEVELS)], seed)
                found = problems(pid)
                errors.extend(f"{pid}: {message}" for message in found)
                if not any(message.startswith("no position") for message in found):
                    keys.add(question_key(build(pid)))
    return PracticeReport(len(chosen), per_rule * len(chosen), tuple(errors), len(keys))
