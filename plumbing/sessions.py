"""Django's database sessions, read by one fixed statement (SESSION_ENGINE), stored with
the learner and the account they name (plumbing.models.LearnerSession).

Every request that carries a session cookie reads its session. Django's store builds that
read through the ORM each time (~150 µs of Python for a ~15 µs statement); this store
runs the same SELECT written once: the session of that key that has not expired (on a kept
PostgreSQL connection it is also the connection's health check: plumbing.first_read). Saving,
creating, deleting and clearing are Django's own.

A stored session's text is checked (its signature) and unpacked once per process: the
same text, signed with the same keys, is the same data, so `decode` keeps it, serialized
(a fresh dict each time: nothing handed out is shared), and an answer reads the session it
read last time without checking the signature again. Both against Django's own store
(issue 48, move_ab.py): Django's served 0.77× as many move answers a second
(docs/performance.md, "Home-made parts against Django's own").
"""

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

import process_caches
from plumbing import first_read
from plumbing.models import LearnerSession

# The session key naming the learner a browser is (lessons.learners reads and writes it);
# kept in its own indexed column so a learner's sessions are found without reading them all.
LEARNER_SESSION_KEY = "learner_id"

_LOAD_SQL = (
    'SELECT "session_data" FROM "tutor_session" WHERE "session_key" = %s AND "expire_date" > %s'
)


def _an_id(value) -> int | None:
    """An id as sessions hold it (an int, or the auth user's id as a string); else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


_DECODED = process_caches.Table("plumbing.sessions.decoded")


def decoded(store: db.SessionStore, session_data: str) -> dict:
    """``store.decode(session_data)`` through Django's own (the signature checked), kept
    per process serialized."""
    key = (session_data, settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS))
    kept = _DECODED.get(key)
    if kept is not None:
        return store.serializer().loads(kept)
    data = db.SessionStore.decode(store, session_data)
    if data:  # a session that did not check out (or an empty one) is not kept
        _DECODED[key] = store.serializer().dumps(data)
    return data


class SessionStore(db.SessionStore):
    @classmethod
    def get_model_class(cls):
        return LearnerSession

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        session.learner_id = _an_id(data.get(LEARNER_SESSION_KEY))
        session.account_id = _an_id(data.get(SESSION_KEY))
        return session

    def load(self) -> dict:
        using = router.db_for_read(self.model)
        now = connections[using].ops.adapt_datetimefield_value(timezone.now())
        # Most requests' first statement: on PostgreSQL it is the connection's health check.
        row = first_read.fetch_one(_LOAD_SQL, [self.session_key, now], using)
        if row is None:  # no such session, or it has expired: a new one will be made
            self._session_key = None
            return {}
        return self.decode(row[0])

    def decode(self, session_data: str) -> dict:
        return decoded(self, session_data)
