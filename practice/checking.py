"""`manage.py check_practice`: make N puzzles for every rule from fixed seeds and prove each
one with the curriculum's validator, counting errors and distinct positions, and each
rule's answers question by question (`answers check in_check: no 7, yes 7`): a two-way
question (two options, or a claim or none) with an answer outside 40-60 % fails."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.conf import settings
from django.utils import translation

from practice.generators import (
    LEVELS,
    build,
    problems_of,
    puzzle_id,
    question_key,
    rules_in_curriculum,
)
from rules import RulesError

MIN_DISTINCT = 0.95
LOW, HIGH = 0.4, 0.6  # a question with two answers: each between 40 % and 60 %


@dataclass(frozen=True)
class PracticeReport:
    rules: int
    positions: int
    errors: tuple[str, ...]  # "puzzle-id: message"
    distinct: int
    # rule -> question -> answer -> how many puzzles (one-answer questions only)
    answers: dict = field(default_factory=dict)
    two_way: frozenset = frozenset()  # (rule, question): two options, or a claim or none

    def splits(self) -> list[str]:
        """Each rule's answers, question by question: `check in_check: no 5, yes 5`."""
        return [
            f"{rule} {question}: "
            + ", ".join(f"{answer} {n}" for answer, n in sorted(counts.items()))
            for rule, questions in self.answers.items()
            for question, counts in questions.items()
        ]

    def unbalanced(self, low: float = LOW, high: float = HIGH) -> list[str]:
        """Every answer of a two-way question (two options; a claim or none) given by
        fewer than ``low`` or more than ``high`` of its puzzles (one answer alone: 100 %)."""
        return [
            f"{rule} {question}: {answer} {n} of {sum(counts.values())}"
            for rule, questions in self.answers.items()
            for question, counts in questions.items()
            if (rule, question) in self.two_way
            for answer, n in sorted(counts.items())
            if not low <= n / sum(counts.values()) <= high
        ]

    @property
    def summary(self) -> str:
        return (
            f"practice: {self.rules} rules, {self.positions} positions, "
            f"{len(self.errors)} errors, {self.distinct} distinct"
        )

    @property
    def too_few_distinct(self) -> bool:
        return self.positions > 0 and self.distinct < MIN_DISTINCT * self.positions


def check_practice(per_rule: int, rules: list[str] | None = None, first: int = 0) -> PracticeReport:
    """Seeds first…first+per_rule-1 of every rule, the levels taking turns (seed n at
    level n % 3 + 1)."""
    chosen = rules or rules_in_curriculum()
    errors, keys = [], set()
    answers: dict[str, dict[str, Counter]] = {}
    many: set[tuple[str, str]] = set()  # questions some puzzle asks with more options
    with translation.override(settings.LANGUAGE_CODE):
        for rule in chosen:
            for seed in range(first, first + per_rule):
                pid = puzzle_id(rule, LEVELS[seed % len(LEVELS)], seed)
                try:  # made once, then proven (problems() would make it again)
                    puzzle = build(pid)
                except RulesError as error:
                    errors.append(f"{pid}: no position: {error}")
                    continue
                errors.extend(f"{pid}: {message}" for message in problems_of(puzzle))
                keys.add(question_key(puzzle))
                if puzzle.options and len(puzzle.answer) == 1:
                    family = puzzle.question or puzzle.kind
                    counts = answers.setdefault(rule, {}).setdefault(family, Counter())
                    counts[puzzle.answer[0]] += 1
                    if len(puzzle.options) > 2 and family != "can_claim":
                        many.add((rule, family))
    two_way = frozenset(
        (r, q) for r, qs in answers.items() for q in qs if (r, q) not in many and len(qs[q]) <= 2
    )
    return PracticeReport(
        len(chosen), per_rule * len(chosen), tuple(errors), len(keys), answers, two_way
    )
