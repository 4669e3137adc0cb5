"""Generated practice: fresh puzzles for each rule, as many as a learner wants.

One ``Rule`` per lesson it practises (``RULES``, in ``registry``). A puzzle is named by
its id, ``practice-<rule>-<level>-<seed>`` (``ids``), and made again from it whenever it
is needed: the position comes from ``rules.generate`` (seeded by the id), the question
and its words from the rule's maker, so the same id always shows the same puzzle, in the
learner's language. ``validated(id)`` (``proof``) builds it and proves it with the
curriculum's validator (``puzzle_problems``, the same check as every hand-written
puzzle) in the source language; a puzzle the validator refuses is never shown (``None``).

The makers live one module per family of rules: ``pieces`` (the board and each piece),
``material`` (points, protection), ``check`` (capture, check, out of check, check wins),
``endings`` (checkmate, stalemate, how a game stands), ``castling``, ``pawns`` (en
passant, promotion), ``draws``, ``notation``, ``touch_move``; ``parts`` holds what they
share. Adding a rule is one maker there plus its entry in ``registry.RULES``.

Nothing can be guessed: a question with two answers (in check or not, may castle or not,
a claim or none, must move it or not) gives each once in every block of turns (the id's
``turn``, the seed divided by the number of levels, ``parts.Draw``), in an order taken
from a keyed hash of the rule, level and block (``parts.deal``, HMAC with SECRET_KEY): the
seed in the URL tells nothing. The maker draws positions until the engine's answer is the
one wanted (``parts.until``); so 30 puzzles of a rule split 40-60 %, and
``check_practice`` prints each rule's split and fails on one outside 40-60 %. Counting
questions (``protection``) offer 0, 1 and 2, each the answer a third of the time.
A rule asks nothing a later lesson teaches
(``curriculum.uses``, checked with the validator).

Levels grow with the learner (``practice.scheduling.level_for``): 1 few pieces, 2
pieces around and harder questions, 3 pins, checks and histories that matter.
"""

from practice.generators.ids import ID_PATTERN, ID_PREFIX, LEVELS, parse_id, puzzle_id
from practice.generators.proof import (
    _sound,
    build,
    fresh,
    problems,
    problems_of,
    question_key,
    validated,
)
from practice.generators.registry import RULES, Rule, rules_in_curriculum

__all__ = [
    "ID_PATTERN",
    "ID_PREFIX",
    "LEVELS",
    "RULES",
    "Rule",
    "_sound",
    "build",
    "fresh",
    "parse_id",
    "problems",
    "problems_of",
    "puzzle_id",
    "question_key",
    "rules_in_curriculum",
    "validated",
]
