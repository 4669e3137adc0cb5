"""The errors the engine raises for malformed input: all are ``ValueError`` subclasses."""


class RulesError(ValueError):
    """Input the engine cannot judge; the message says what is wrong."""


class InvalidFen(RulesError):
    """The FEN is not written correctly, or describes a position that cannot occur."""


class InvalidMove(RulesError):
    """The move is not written in a form the engine reads (UCI, or SAN for ``parse_move``)."""


class InvalidSquare(RulesError):
    """The square name is not one of a1 … h8."""


class IllegalHistory(RulesError):
    """A move in the history is not written in UCI or is not legal where it is played."""
