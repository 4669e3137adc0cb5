"""{% club_games learner %}: a learner's club games (each opponent, colour and result, the
ending in words) on the grown-ups' pages, beside their games against the computer
(people's templates load it; club depends on people, never the other way in Python)."""

from django import template

from club import tournaments, words

register = template.Library()


@register.inclusion_tag("club/progress.html")
def club_games(learner):
    rows = []
    for game in tournaments.games_of_learner(learner.pk):
        white = game.white.student.learner_id == learner.pk
        side = "white" if white else "black"
        opponent = (game.black if white else game.white).student.learner.nickname
        rows.append(
            {
                "game": game,
                "side": side,
                "opponent": opponent,
                "ending": words.ending(game, side, opponent),
            }
        )
    return {"learner": learner, "rows": rows}
