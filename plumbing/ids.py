"""Ids and class codes as addresses and forms carry them, checked before the database sees them.

A longer number overflows the database's integer (a 500 on SQLite), a digit
Python's int() reads but ASCII lacks ("²".isdigit() is True) does not parse, and
PostgreSQL refuses text with a NUL byte. None of these is an id or a class code:
the address does not match (404; the project's path converters, tutor/converters.py) or
the form is refused (400).
"""

import re

ID_PATTERN = "[0-9]{1,18}"
JOIN_CODE_PATTERN = "[A-Za-z0-9]{1,12}"  # a class code as typed, before it is upper-cased


def parse_id(value: str) -> int | None:
    """The id a form field carries, or None when it cannot be one."""
    return int(value) if re.fullmatch(ID_PATTERN, value) else None
