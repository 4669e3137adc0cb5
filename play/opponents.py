"""The computer opponents as a child meets them: a name, a picture and a few words each,
weakest first, over the engine's levels (``rules.opponents.OPPONENTS``)."""

from dataclasses import dataclass

from django.templatetags.static import static
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.opponents import OPPONENTS


@dataclass(frozen=True)
class Opponent:
    id: str  # a rules.opponents id
    name: Promise
    about: Promise
    picture: str  # a file in static/img/opponents/

    @property
    def image(self) -> str:
        return static(f"img/opponents/{self.picture}")


TABLE = (
    Opponent("any_move", _("Little Rabbit"), _("Plays any move it likes."), "rabbit.svg"),
    Opponent(
        "captures_first", _("Little Dog"), _("Loves to capture and to give check."), "dog.svg"
    ),
    Opponent(
        "one_move_ahead",
        _("Little Fox"),
        _("Thinks one move ahead, and sometimes forgets."),
        "fox.svg",
    ),
    Opponent("two_moves_ahead", _("Owl"), _("Thinks two moves ahead."), "owl.svg"),
)
BY_ID = {opponent.id: opponent for opponent in TABLE}
assert tuple(BY_ID) == OPPONENTS, "one picture and name for each level, weakest first"

# A child may take a move back against these (unless a grown-up turned it off); the arbiter's
# notes start switched off against the strongest.
TAKEBACK_OPPONENTS = OPPONENTS[:2]
QUIET_OPPONENTS = OPPONENTS[-1:]
