"""Expensive work (a worksheet's PDF) a few at a time for the site, one at a time per account.

Six parallel loops of a 36-puzzle PDF from one parent held all 3 gunicorn workers until
gunicorn's timeout killed them, and /healthz went unanswered for 30 s. Each PDF now takes a
slot: one of SITE_SLOTS for the whole site, and its account's own. A slot is an flock() on a
file in WORK_SLOTS_DIR, so it holds across workers, threads and app servers of one machine,
and the kernel lets it go when a killed worker's files close. No slot free: Busy, which the
page answers with a 429 and Retry-After at once, so the worker is free again in
milliseconds.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

SITE_SLOTS = 1  # PDFs at once for the site: 2 of the 3 workers stay for pages
RETRY_AFTER = 5  # seconds, said in the 429's Retry-After


class Busy(Exception):
    """No slot free: the site's are taken, or this account already has one."""


def _taken(name: str) -> int | None:
    directory = Path(settings.WORK_SLOTS_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(directory / name, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor


@contextmanager
def slot(kind: str, account: int) -> Iterator[None]:
    """Hold the account's slot for `kind` and one of the site's, or raise Busy."""
    own = _taken(f"{kind}-account-{int(account)}")
    if own is None:
        raise Busy
    try:
        site = next(
            (d for i in range(SITE_SLOTS) if (d := _taken(f"{kind}-site-{i}")) is not None), None
        )
        if site is None:
            raise Busy
        try:
            yield
        finally:
            os.close(site)
    finally:
        os.close(own)
