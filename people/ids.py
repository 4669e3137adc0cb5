"""Ids and class codes as addresses and forms carry them, checked before the database sees them.

A longer number overflows the database's integer (a 500 on SQLite), a digit
Python's int() reads but ASCII lacks ("²".isdigit() is True) does not parse, and
PostgreSQL refuses text with a NUL byte. None of these is an id or a class code:
the address does not match (404) or the form is refused (400).
"""

import re

ID_PATTERN = "[0-9]{1,18}"
JOIN_CODE_PATTERN = "[A-Za-z0-9]{1,12}"  # a class code as typed, before it is upper-cased


class IdConverter:
    """The path converter `<id:name>`: like `<int:name>`, but only ids that can exist."""

    regex = ID_PATTERN

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class JoinCodeConverter:
    """The path converter `<join_code:name>`: letters and digits only."""

    regex = JOIN_CODE_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


def parse_id(value: str) -> int | None:
    """The id a form field carries, or None when it cannot be one."""
    return int(value) if re.fullmatch(ID_PATTERN, value) else None
