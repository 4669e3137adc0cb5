"""Django's PostgreSQL backend, whose connection health check rides on the request's first
statement instead of costing a round trip of its own (settings: ENGINE "tutor.postgresql").

With CONN_HEALTH_CHECKS Django asks a reused connection ``SELECT 1`` before the first
statement of each request, so that a connection PostgreSQL dropped while it sat idle (a
restart, an idle timeout) is replaced instead of failing the request. That is one round trip
in seven of a move's answer. Here:

- a read (a statement that begins with SELECT) is sent at once; should it fail because the
  connection is gone, it is sent again on a new connection (a read changes nothing, however
  far the first one got);
- anything else that comes first (a write, executemany, a transaction's start) is preceded
  by Django's own check, as before, since it may not be sent twice.

So a request still never fails on a connection that died while idle, and an answer makes
one round trip fewer (tests/tutor/test_postgresql.py).
"""

from django.db import OperationalError
from django.db.backends.postgresql import base
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper


class DatabaseWrapper(base.DatabaseWrapper):
    # The connection's health is still to be shown this request: by the first statement.
    unverified = False

    def connect(self):
        super().connect()
        self.unverified = False  # a new connection is healthy

    def close_if_health_check_failed(self):
        if (
            self.connection is None
            or not self.health_check_enabled
            or self.health_check_done
            or self.pool  # the pool only hands out healthy connections
        ):
            return
        self.health_check_done = True
        self.unverified = True

    def set_autocommit(self, autocommit, force_begin_transaction_with_broken_autocommit=False):
        if not autocommit:  # a transaction begins: its statements may not be sent twice
            self.close_if_health_check_failed()
            self.check_now()
        super().set_autocommit(autocommit, force_begin_transaction_with_broken_autocommit)

    def check_now(self) -> bool:
        """Django's check (``SELECT 1``), if the connection is still unverified: closes a
        connection that fails it. Whether it was closed (a new one is to be opened)."""
        if not self.unverified:
            return False
        self.unverified = False
        if self.is_usable():
            return False
        self.close()
        return True

    def make_cursor(self, cursor):
        return CheckingCursorWrapper(cursor, self)

    def make_debug_cursor(self, cursor):
        return CheckingCursorDebugWrapper(cursor, self)


class _ChecksFirstStatement:
    """The cursor side: the request's first statement shows the connection is alive."""

    db: DatabaseWrapper
    cursor: object

    def execute(self, sql, params=None):
        if not self.db.unverified:
            return super().execute(sql, params)
        read = str(sql).lstrip()[:6].upper() == "SELECT"
        if not read or self.db.in_atomic_block or not self.db.get_autocommit():
            self._reopen_if_closed(self.db.check_now())
            return super().execute(sql, params)
        self.db.unverified = False
        try:
            return super().execute(sql, params)
        except OperationalError:
            if self.db.is_usable():  # the statement's own failure (a timeout, say): not ours
                raise
        self.db.close()
        self._reopen_if_closed(True)
        return super().execute(sql, params)

    def executemany(self, sql, param_list):
        self._reopen_if_closed(self.db.check_now())
        return super().executemany(sql, param_list)

    def callproc(self, procname, params=None, kparams=None):
        self._reopen_if_closed(self.db.check_now())
        return super().callproc(procname, params, kparams)

    def _reopen_if_closed(self, closed: bool) -> None:
        """After the connection was closed, this cursor's statements go to a new one."""
        if closed:
            self.db.ensure_connection()
            with self.db.wrap_database_errors:  # a server-side cursor stays one (its name)
                stale = self.cursor
                self.cursor = self.db.create_cursor(getattr(stale, "name", None))
                stale.close()


class CheckingCursorWrapper(_ChecksFirstStatement, CursorWrapper):
    pass


class CheckingCursorDebugWrapper(_ChecksFirstStatement, CursorDebugWrapper):
    pass
