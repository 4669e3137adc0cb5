"""A learner's avatar is a piece: its letter, the symbol drawn, and its Taiwan name."""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Avatar:
    letter: str
    symbol: str
    name: Promise


AVATARS = {
    "K": Avatar("K", "♔", _("King")),
    "Q": Avatar("Q", "♕", _("Queen")),
    "R": Avatar("R", "♖", _("Rook")),
    "B": Avatar("B", "♗", _("Bishop")),
    "N": Avatar("N", "♘", _("Knight")),
    "P": Avatar("P", "♙", _("Pawn")),
}
DEFAULT_AVATAR = "N"


def avatar_for(letter: str) -> Avatar:
    return AVATARS.get(letter, AVATARS[DEFAULT_AVATAR])


def avatar_choices() -> list[tuple[str, str]]:
    return [(a.letter, f"{a.symbol} {a.name}") for a in AVATARS.values()]
