"""{% games_progress learner %}: a learner's games (played, won, rules met) on the
grown-ups' pages (people's templates load it; play depends on people, never
the other way in Python), with the take-back switch when ``switch`` is given."""

from django import template

from play.games import takebacks_allowed
from play.progress import summary

register = template.Library()


@register.inclusion_tag("play/progress.html", takes_context=True)
def games_progress(context, learner, switch=False):
    request = context.get("request")
    return {
        "learner": learner,
        "summary": summary(learner),
        "switch": switch,
        "takebacks": takebacks_allowed(learner) if switch else None,
        "next": request.get_full_path() if request else "",
        "csrf_token": context.get("csrf_token"),
    }
