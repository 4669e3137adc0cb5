"""Reading the fields of a content file's tables: every text a child reads passes here.

`text()` and `options()` are the one place a text leaves a lesson file, so a
translation can be looked up at this seam; `has_chinese()` is the validator's test
that a text is written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from curriculum.puzzles import Option, problem

CJK = re.compile(r"[\u3400-\u9fff]")


def has_chinese(value: str) -> bool:
    return bool(CJK.search(value))


def text(raw: Mapping, key: str, required: bool = True) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise problem(f"puzzle needs a non-empty `{key}`")
    return value


def strings(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise problem(f"`{key}` must be a list of strings")
    return tuple(value)


def options(raw: object) -> tuple[Option, ...]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise problem("`options` must list at least two { value, text } tables")
    found = []
    for item in raw:
        if not isinstance(item, Mapping) or not all(
            isinstance(item.get(k), str) for k in ("value", "text")
        ):
            raise problem("each option needs a `value` and a `text`")
        why = item.get("why", "")
        if not isinstance(why, str):
            raise problem("an option's `why` must be text")
        found.append(Option(item["value"], item["text"], why))
    if len({o.value for o in found}) != len(found):
        raise problem("two options have the same value")
    return tuple(found)


def option_text_problems(offered: tuple[Option, ...]) -> list[str]:
    return [
        f"option {option.value!r}: missing text (no Chinese text)"
        for option in offered
        if not has_chinese(option.text)
    ]


def stated_answer_problems(offered: tuple[Option, ...], answer: tuple[str, ...]) -> None:
    values = {option.value for option in offered}
    if not answer or not set(answer) <= values:
        raise problem("`answer` must name one or more of the options' values")
