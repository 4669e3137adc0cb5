"""Picture words: a student's secret is two of these, drawn as pictures on the login card.

Ordered pairs of two different words give 132 secrets; guessing through them is
kept slow for a student and for a whole class (see picture_locks).
The pictures themselves are SVG symbols in templates/people/picture_sprite.html.
"""

import secrets
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class PictureWord:
    key: str
    name: Promise


PICTURE_WORDS = {
    word.key: word
    for word in [
        PictureWord("sun", _("sun")),
        PictureWord("moon", _("moon")),
        PictureWord("star", _("star")),
        PictureWord("tree", _("tree")),
        PictureWord("fish", _("fish")),
        PictureWord("apple", _("apple")),
        PictureWord("house", _("house")),
        PictureWord("heart", _("heart")),
        PictureWord("cloud", _("cloud")),
        PictureWord("flower", _("flower")),
        PictureWord("boat", _("boat")),
        PictureWord("umbrella", _("umbrella")),
    ]
}


def new_secret() -> tuple[str, str]:
    """Two different picture words, chosen at random."""
    first = secrets.choice(list(PICTURE_WORDS))
    second = secrets.choice([key for key in PICTURE_WORDS if key != first])
    return first, second
