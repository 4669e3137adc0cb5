"""Django's SQLite backend, with writers queued in the kernel instead of SQLite's sleeps.

Every transaction begins IMMEDIATE (tutor/settings.py): it takes SQLite's write lock at
BEGIN. A second writer that finds the lock taken is put to sleep by SQLite's busy handler
for 1, 2, 5, 10 … up to 100 ms between tries, however soon the lock is free again; an
answer holds the lock for about half a millisecond, so a class answering at once spent
its time asleep (move_ab.py under gunicorn, 3 workers: ×1.77 answers a second with this
queue, median of 4 pairs on a loaded machine). Here a transaction first takes an
exclusive flock(2) on a file beside the database (`<NAME>-writers.lock`), polled every
0.1 ms growing to 2 ms, and lets it go at COMMIT, ROLLBACK or close; SQLite's own lock
stays the guard of the data, the flock only orders the queue. The wait is bounded by
the connection's `timeout` (SQLITE_TIMEOUT): after it the transaction goes on to SQLite's
lock as before. The kernel drops the flock of a process that dies. An in-memory database
(the test suite's) has no file and no queue.
"""

from __future__ import annotations

import fcntl
import os
import time

from django.db.backends.sqlite3 import base

FIRST_PAUSE, LONGEST_PAUSE = 0.0001, 0.002  # seconds between two tries of the flock


def lock_path(name: object) -> str | None:
    """The queue's file for a database NAME, or None for an in-memory database."""
    name = str(name)
    if name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return name + "-writers.lock"


class DatabaseWrapper(base.DatabaseWrapper):
    _queue_fd: int | None = None
    _queue_pid: int | None = None
    _queued = False

    def _start_transaction_under_autocommit(self):
        self._join_queue()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave_queue()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._leave_queue()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._leave_queue()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._leave_queue()

    def _join_queue(self) -> None:
        path = lock_path(self.settings_dict["NAME"])
        if path is None:
            return
        if self._queue_pid != os.getpid():  # a forked child opens its own file description
            self._queue_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            self._queue_pid = os.getpid()
        limit = time.monotonic() + float(self.settings_dict["OPTIONS"].get("timeout", 5))
        pause = FIRST_PAUSE
        while True:
            try:
                fcntl.flock(self._queue_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= limit:
                    return  # waited long enough: SQLite's own lock decides
                time.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
            else:
                self._queued = True
                return

    def _leave_queue(self) -> None:
        if self._queued:
            self._queued = False
            fcntl.flock(self._queue_fd, fcntl.LOCK_UN)
