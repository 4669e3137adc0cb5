"""The id scheme: ``practice-<rule>-<level>-<seed>`` names one generated puzzle."""

from __future__ import annotations

import re

from practice.generators.registry import RULES
from rules import generate

ID_PREFIX = "practice-"  # every generated puzzle's id starts so, and no lesson puzzle's
ID_PATTERN = re.compile(r"^practice-([a-z]+(?:-[a-z]+)*)-([1-3])-(\d{1,9})$")
LEVELS = generate.LEVELS


def puzzle_id(rule: str, level: int, seed: int) -> str:
    return f"{ID_PREFIX}{rule}-{level}-{seed}"


def parse_id(text: str) -> tuple[str, int, int] | None:
    """(rule, level, seed) of a practice puzzle id, or None when it is not one."""
    match = ID_PATTERN.match(text or "")
    if match is None or match.group(1) not in RULES:
        return None
    return match.group(1), int(match.group(2)), int(match.group(3))
