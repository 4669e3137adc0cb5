"""Slow clients do not stop the site: nginx in front of gunicorn, as `make serve` runs it.

The bounded form of tests/security/slow_clients.py: 3 and then 100 sockets send a request
one byte every 2 s while /healthz is asked every 0.2 s for 4 s. Gunicorn alone did not
answer at all while 3 of them were connected.
"""

import pytest

from tests.security import attack
from tests.security.slow_clients import run

# Its own ports: the security range is shared out among the scripts' smoke runs
# (test_smoke.py), which may run at the same time in other pytest-xdist workers.
PORTS = range(19000, 19010)


# The app only answers /healthz's `SELECT 1`: run once, on SQLite (tests/conftest.py).
@pytest.mark.any_database
def test_healthz_answers_at_once_while_3_and_100_clients_trickle_their_requests(monkeypatch):
    monkeypatch.setattr(attack, "PORTS", PORTS)
    results = run(seconds=4, counts=[3, 100], fronts=(True,))
    for figures in results:
        assert figures["connected"] == figures["clients"], figures
        assert figures["unanswered"] == 0, figures
        assert figures["max_ms"] < 2000, figures
