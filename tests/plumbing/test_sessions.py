"""The session store reads a session with one fixed statement and otherwise is Django's;
it keeps the learner and the account a session names in indexed columns, so deleting
either finds its sessions without reading every session."""

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DjangoSessionStore
from django.contrib.sessions.models import Session as DjangoSession
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from lessons.learners import LEARNER_SESSION_KEY, forget_in_sessions
from plumbing.models import LearnerSession
from plumbing.sessions import SessionStore
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.django_db


def saved(**data) -> str:
    session = SessionStore()
    session.update(data)
    session.save()
    return session.session_key


def test_the_site_keeps_its_sessions_in_this_store():
    assert settings.SESSION_ENGINE == "plumbing.sessions"


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
    LearnerSession.objects.filter(session_key=key).update(expire_date=past)
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
    LearnerSession.objects.filter(session_key=key).update(
        session_data="eyJsZWFybmVyX2lkIjo5fQ:bad:sig"
    )
    assert SessionStore(key).load() == {}


@pytest.mark.usefixtures("fresh_caches")
def test_a_session_read_again_is_checked_once_and_each_read_gets_its_own_data(monkeypatch):
    key = saved(learner_id=7, hints_shown=["p1"])
    first = SessionStore(key).load()
    checked = []
    monkeypatch.setattr(
        "django.core.signing.loads", lambda *args, **kwargs: checked.append(args) or {}
    )
    second = SessionStore(key).load()
    assert checked == [] and second == first == {"learner_id": 7, "hints_shown": ["p1"]}
    second["hints_shown"].append("p2")  # nothing handed out is shared
    assert SessionStore(key).load() == {"learner_id": 7, "hints_shown": ["p1"]}


@pytest.mark.usefixtures("fresh_caches")
def test_a_kept_session_is_checked_again_under_another_secret_key(settings):
    key = saved(learner_id=7)
    assert SessionStore(key).load() == {"learner_id": 7}
    settings.SECRET_KEY = "another-" + "k" * 50
    assert SessionStore(key).load() == {}


def test_a_saved_session_names_its_learner_and_account_in_columns():
    key = saved(**{LEARNER_SESSION_KEY: 7, "_auth_user_id": "3", "language": "en"})
    row = LearnerSession.objects.get(session_key=key)
    assert (row.learner_id, row.account_id) == (7, 3)


def test_a_session_naming_nobody_has_empty_columns():
    key = saved(language="en", learner_id="not-an-id")
    row = LearnerSession.objects.get(session_key=key)
    assert (row.learner_id, row.account_id) == (None, None)


def test_forgetting_a_learner_reads_only_the_sessions_that_name_them():
    LearnerSession.objects.bulk_create(
        LearnerSession(
            session_key=f"other{n:035d}",
            session_data=SessionStore().encode({LEARNER_SESSION_KEY: 1000 + n}),
            expire_date=timezone.now() + timedelta(days=1),
            learner_id=1000 + n,
        )
        for n in range(300)
    )
    key = saved(**{LEARNER_SESSION_KEY: 7})
    with CaptureQueriesContext(connection) as queries:
        assert forget_in_sessions({7}) == 1
    select = next(q["sql"] for q in queries if q["sql"].startswith("SELECT"))
    assert '"learner_id" IN' in select
    assert LEARNER_SESSION_KEY not in SessionStore(key).load()
    assert LearnerSession.objects.get(session_key=key).learner_id is None
    assert LearnerSession.objects.filter(learner_id__gte=1000).count() == 300


def test_a_deleted_accounts_sessions_go_with_it():
    parent = make_grown_up("parent")
    client = signed_in(parent)
    assert LearnerSession.objects.filter(account_id=parent.pk).count() == 1
    other = signed_in(make_grown_up("other"))
    parent.delete()
    assert not LearnerSession.objects.filter(account_id=parent.pk).exists()
    assert LearnerSession.objects.filter(session_key=other.session.session_key).exists()
    assert client.get("/").status_code == 200


def test_the_migration_moves_every_unexpired_session_with_its_key():
    migration = importlib.import_module("plumbing.migrations.0001_learner_sessions")
    kept = DjangoSessionStore()
    kept.update({LEARNER_SESSION_KEY: 41, "_auth_user_id": "5", "hints": ["x"] * 80})
    kept.create()  # long enough to be compressed
    expired = DjangoSessionStore()
    expired.update({LEARNER_SESSION_KEY: 42})
    expired.create()
    DjangoSession.objects.filter(session_key=expired.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    migration.copy_sessions(apps, None)
    (row,) = LearnerSession.objects.all()
    assert (row.session_key, row.learner_id, row.account_id) == (kept.session_key, 41, 5)
    assert SessionStore(kept.session_key).load()[LEARNER_SESSION_KEY] == 41
