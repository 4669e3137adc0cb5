"""The answer form's token: every answer form (a lesson's, practice's, review's, a live
round's: all drawn by templates/lessons/puzzle.jinja) carries a fresh one, and the
attempt it records keeps it in its own row under a unique index (Attempt.token).

So an answer sent twice — a worker killed after the commit and the request sent again, a
retry after a lost connection, a double tap — is recorded once, and the second is answered
as the first was: lessons.progress.record_attempt writes the token in the attempt's own
INSERT (no read before it), and only when that INSERT meets the same token does it read
the first attempt back and rebuild what the first answer said from it (its verdict, the
tries before it, its hint). A form without a token (a page drawn before tokens) is
recorded as before, once per post.
"""

import re
import secrets

from django.utils.translation import gettext as _

from curriculum.puzzle_forms import PostError
from lessons.models import Attempt

FIELD = "token"
_BYTES = 12  # 96 random bits: 16 characters
_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,24}")


def new() -> str:
    """A fresh token for one drawn form."""
    return secrets.token_urlsafe(_BYTES)


def read(post) -> str | None:
    """The posted token, None when the form had none; PostError for one no form of ours
    sends."""
    token = post.get(FIELD)
    if not token:
        return None
    if not _PATTERN.fullmatch(token):
        raise PostError(_("This answer cannot be read."))
    return token


def recorded(token: str, puzzle: str) -> bool:
    """Whether an attempt at ``puzzle`` (the place's id) already keeps ``token``."""
    return Attempt.objects.filter(token=token, puzzle=puzzle).exists()
