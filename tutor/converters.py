"""The project's path converters, registered once (tutor/urls.py) before any app's routes."""

from plumbing.ids import ID_PATTERN, JOIN_CODE_PATTERN


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
