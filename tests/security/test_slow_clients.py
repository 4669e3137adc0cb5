"""Slow clients do not stop the site: nginx in front of gunicorn, as `make serve` runs it.

The bounded form of tests/security/slow_clients.py: 3 and then 100 sockets send a request
one byte every 2 s while /healthz is asked every 0.2 s for 4 s. Gunicorn alone did not
answer at all while 3 of them were connected.
"""

from tests.security.slow_clients import run


def test_healthz_answers_at_once_while_3_and_100_clients_trickle_their_requests(db):
    results = run(seconds=4, counts=[3, 100], fronts=(True,))
    for figures in results:
        assert figures["connected"] == figures["clients"], figures
        assert figures["unanswered"] == 0, figures
        assert figures["max_ms"] < 2000, figures
