"""The session store reads a session with one fixed statement and otherwise is Django's."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tutor.models import LearnerSession as Session
from tutor.sessions import SessionStore

pytestmark = pytest.mark.django_db


def saved(**data) -> str:
    session = SessionStore()
    session.update(data)
    session.save()
    return session.session_key


def test_the_site_keeps_its_sessions_in_this_store():
    assert settings.SESSION_ENGINE == "tutor.sessions"


def test_a_saved_session_is_read_back_in_one_statement():
    key = saved(learner_id=7, language="en")
    session = SessionStore(key)
    with CaptureQueriesContext(connection) as queries:
        assert session["learner_id"] == 7
        assert session["language"] == "en"
    assert len(queries) == 1
    assert session.session_key == key


def test_an_expired_session_reads_as_empty_and_gets_a_new_key_when_saved():
    key = saved(learner_id=7)
    past = timezone.now() - timedelta(seconds=1)
    Session.objects.filter(session_key=key).update(expire_date=past)
    session = SessionStore(key)
    assert session.load() == {}
    assert session.session_key is None
    session["language"] = "en"
    session.save()
    assert session.session_key != key
    assert SessionStore(session.session_key).load() == {"language": "en"}


def test_an_unknown_key_reads_as_empty():
    assert SessionStore("x" * 32).load() == {}


def test_a_session_whose_data_was_altered_reads_as_empty():
    key = saved(learner_id=7)
    Session.objects.filter(session_key=key).update(session_data="eyJsZWFybmVyX2lkIjo5fQ:bad:sig")
    assert SessionStore(key).load() == {}
