"""The site's sessions: Django's database sessions with the learner and the account each
names kept beside the data (SESSION_ENGINE = "plumbing.sessions").

Deleting a learner or an account takes them out of every session that names them
(lessons.learners.forget_in_sessions, people.deletion): found by these indexed
columns, so it costs the same with 300 sessions or 3 million, instead of reading them all.
"""

from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class LearnerSession(AbstractBaseSession):
    learner_id = models.BigIntegerField(null=True, db_index=True)
    account_id = models.BigIntegerField(null=True, db_index=True)

    class Meta:
        db_table = "tutor_session"

    @classmethod
    def get_session_store_class(cls):
        from plumbing.sessions import SessionStore

        return SessionStore
