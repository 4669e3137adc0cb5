"""Push, not poll: with a push server in front (nginx's Nchan module, deploy/nginx-push.conf),
the app publishes what changed in a live lesson and the pages that show it receive it as
Server-Sent Events (static/js/live-push.js), without asking.

- The setting LIVE_PUSH names Nchan's publisher (``http://127.0.0.1:PORT/pub``, on
  127.0.0.1 only; deploy/serve.py sets it); empty (the default, `make run`): nothing is
  published and every page polls as before.
- Channels: ``class-<classroom>-<language>`` (the phones of a class, one per interface
  language: the round's fragment is the same for the whole class), ``stage-<session>`` (the
  presenter and the audience view: the stage's fragment, never names, and the count),
  ``game-<game>`` (a club game's two phones: its ply, club.push; other apps' kinds are
  authorised by the function they put in SUBSCRIBERS), and ``who-<kind>-<id>`` (one
  subscriber's own, to close its stream: a student moved out).
- A page subscribes at ``/live/push/<kind>/<id>/<who>/<language>/<signature>``: the path
  signed with SECRET_KEY (its own salt). nginx asks the app once per connection
  (``nchan_authorize_request`` → live.views.push_auth): a path this site did not sign, a
  learner no longer a student of the class, a teacher not the session's: 403.
- Messages are JSON: ``order`` (what the page shows, to drop an older message), and the
  fragment (``html``), or ``fetch`` (at the reveal and the end: each phone fetches its own
  result), or ``answered`` (the count). Published after the transaction commits
  (``transaction.on_commit``); a publish that fails is logged, and the pages' fallback poll
  still brings it.
"""

from __future__ import annotations

import json
import logging
import re
import urllib.error
import urllib.request
from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.db import connection, transaction
from django.http import HttpRequest
from django.utils import translation
from django.utils.crypto import constant_time_compare

log = logging.getLogger(__name__)
_SALT = "live.push"
_TIMEOUT = 2.0
PATH = re.compile(
    r"/live/push/(?P<kind>class|stage|game)/(?P<id>[0-9]{1,12})/(?P<who>[0-9]{1,12})/"
    r"(?P<language>[a-z-]{1,15})/(?P<signature>[A-Za-z0-9_-]{10,100})"
)


# The channels of other apps (club's "game-<id>": a club game's two phones), each kind with
# the function that says whether a request may subscribe: (request, id, who) -> bool.
# Registered from the app's AppConfig.ready(), so live imports none of them.
SUBSCRIBERS: dict[str, Callable[[HttpRequest, int, int], bool]] = {}


def publisher() -> str:
    """Nchan's publisher location, or "" when no push server is in front."""
    return settings.LIVE_PUSH


def enabled() -> bool:
    return bool(publisher())


def _signature(value: str) -> str:
    return signing.Signer(salt=_SALT).signature(value)


def subscriber_path(kind: str, ident: int, who: int, language: str = "-") -> str:
    value = f"{kind}/{ident}/{who}/{language}"
    return f"/live/push/{value}/{_signature(value)}"


def parse(path: str) -> tuple[str, int, int, str] | None:
    """(kind, id, who, language) of a subscriber path this site signed; None otherwise."""
    found = PATH.fullmatch(path.split("?", 1)[0])
    if found is None:
        return None
    value = f"{found['kind']}/{found['id']}/{found['who']}/{found['language']}"
    if not constant_time_compare(found["signature"], _signature(value)):
        return None
    return found["kind"], int(found["id"]), int(found["who"]), found["language"]


def language() -> str:
    """The interface language a page is drawn in, as the channels name it."""
    codes = [code for code, _name in settings.LANGUAGES]
    current = (translation.get_language() or "").lower()
    return current if current in codes else settings.LANGUAGE_CODE.lower()


def class_channel(classroom_id: int, code: str) -> str:
    return f"class-{classroom_id}-{code}"


def stage_channel(session_id: int) -> str:
    return f"stage-{session_id}"


def who_channel(kind: str, who: int) -> str:
    return f"who-{kind}-{who}"


def publish(channel: str, message: dict) -> bool:
    """One POST to Nchan's publisher; False (logged) when it is not there."""
    return _send("POST", channel, json.dumps(message, separators=(",", ":")).encode())


def close(channel: str) -> bool:
    """Every stream subscribed to the channel ends (its subscribers must ask again)."""
    return _send("DELETE", channel, None)


def _send(method: str, channel: str, body: bytes | None) -> bool:
    url = f"{publisher()}?channel={channel}"
    request = urllib.request.Request(url, data=body, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=_TIMEOUT) as answer:
            answer.read()
        return True
    except urllib.error.HTTPError as error:
        if method == "DELETE" and error.code == 404:  # nobody was subscribed
            return True
        log.warning("live push: %s %s answered %s", method, channel, error.code)
    except OSError as error:
        log.warning("live push: %s %s failed: %s", method, channel, error)
    return False


def after_commit(function, *args) -> None:
    """function(*args) once the transaction commits, when a push server is in front."""
    if enabled():
        transaction.on_commit(lambda: function(*args), using=connection.alias)
