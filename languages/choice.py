"""Which language a request is answered in: the learner's, else this browser's, else 繁體中文.

Accept-Language is not read on purpose: the site is Traditional Chinese first, and
school tablets in Taiwan often run an English browser. A child chooses in the header.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

# The learner's stored choice, copied into the session when the learner is picked
# or signs in, so the language follows the child to another device.
SESSION_KEY = "language"


def codes() -> tuple[str, ...]:
    return tuple(code for code, _name in settings.LANGUAGES)


def is_known(code: object) -> bool:
    return isinstance(code, str) and code in codes()


def language_of(request: HttpRequest) -> str:
    session = getattr(request, "session", None)
    stored = session.get(SESSION_KEY) if session is not None else None
    if is_known(stored):
        return stored
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if is_known(cookie):
        return cookie
    return settings.LANGUAGE_CODE


def active() -> str:
    """The language of this request (the default outside one, e.g. in a command)."""
    language = translation.get_language()
    return language if is_known(language) else settings.LANGUAGE_CODE
