"""What a club game's end says to each child, and the names of the formats: the words of
the club's pages (interface text through gettext)."""

from django.utils.translation import gettext, gettext_lazy

from club.models import BYE, CORRECTED, FORFEIT, RESIGNATION, ROUND_ROBIN, SWISS, ClubGame
from play import coach

FORMAT_NAMES = {
    ROUND_ROBIN: gettext_lazy("All play all"),
    SWISS: gettext_lazy("Swiss"),
}


def ending(game: ClubGame, side: str, opponent: str) -> str:
    """How the game ended, said to the child playing ``side``."""
    won = game.result == ("1-0" if side == "white" else "0-1")
    if game.ending == RESIGNATION:
        return (
            gettext("%(name)s resigned. You win.") % {"name": opponent}
            if won
            else gettext("You resigned.")
        )
    if game.ending == FORFEIT:
        return (
            gettext("The teacher ended the game: won by forfeit.")
            if won
            else gettext("The teacher ended the game: lost by forfeit.")
        )
    if game.ending in (BYE, CORRECTED) or game.correction_reason:
        return gettext("The teacher set the result: %(result)s.") % {"result": game.result}
    return coach.ending(game.result, game.ending, side, opponent).text
