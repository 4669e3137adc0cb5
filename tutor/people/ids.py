"""Database ids as addresses and forms carry them: ASCII digits that fit a 64-bit key.

A longer number overflows the database's integer (a 500 on SQLite), and a digit
Python's int() reads but ASCII lacks ("²".isdigit() is True) does not parse.
Neither is an id: the address does not match (404) or the form is refused (400).
"""

import re

ID_PATTERN = "[0-9]{1,18}"


class IdConverter:
    """The path converter `<id:name>`: like `<int:name>`, but only ids that can exist."""

    regex = ID_PATTERN

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


def parse_id(value: str) -> int | None:
    """The id a form field carries, or None when it cannot be one."""
    return int(value) if re.fullmatch(ID_PATTERN, value) else None
