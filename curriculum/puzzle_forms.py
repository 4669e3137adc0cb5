"""Reading what a lesson page's form posted: the moves of this try, the options chosen.

Only the shape is checked here (the engine judges the content): a value that no
form of ours can send raises ``PostError`` and the view answers 400. Which reader
a puzzle uses is its kind's business (curriculum.kinds).
"""

from django.http import QueryDict
from django.utils.translation import gettext as _

import rules

UCI_PATTERN = rules.PLAYED_UCI_PATTERN
MAX_PLAYED = 60


class PostError(ValueError):
    """The form carried a value no page of ours sends."""


def read_played(post: QueryDict) -> tuple[str, ...]:
    """The moves of this try so far (hidden field `played`, UCI separated by spaces)."""
    played = tuple(post.get("played", "").split())
    if len(played) > MAX_PLAYED or not all(UCI_PATTERN.match(move) for move in played):
        raise PostError(_("The moves played so far cannot be read."))
    return played


def read_options(post: QueryDict, offered: set[str], several: bool) -> tuple[str, ...]:
    """The option values chosen (field `answer`); none chosen is an empty tuple."""
    chosen = tuple(dict.fromkeys(post.getlist("answer")))
    if not set(chosen) <= offered:
        raise PostError(_("This answer is not one of the choices."))
    if len(chosen) > 1 and not several:
        raise PostError(_("Choose only one answer."))
    return chosen
