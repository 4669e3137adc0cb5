"""A read that is its own health check on a kept PostgreSQL connection.

With CONN_HEALTH_CHECKS, Django sends `SELECT 1` before a request's first statement on a
connection kept from an earlier request (it may have been dropped meanwhile: a restart, an
idle timeout), and opens a new connection when that fails. For a read that changes nothing,
and so may be sent twice, the read itself can be that check: it goes first; when it fails
and the connection is found unusable, the connection is closed and the read sent again on a
new one, as Django would have sent it after its own check. Two reads are sent this way,
each the first statement of most requests: a phone's poll (live.polls; hundreds a second
in a whole school, and one that finds nothing new sends nothing else) and the session's
(plumbing.sessions; every request with a session cookie). Either is then one round trip, not
two. Any other error is raised as it came. Nothing is changed when there is nothing to
check (health checks off, a new connection, the check done, SQLite) or inside a
transaction (a test's).
"""

from django.db import DEFAULT_DB_ALIAS, Error, connections


def fetch_one(sql: str, params: list, using: str = DEFAULT_DB_ALIAS) -> tuple | None:
    """``cursor.execute(sql, params); cursor.fetchone()`` for a read, on the database
    ``using``."""
    connection = connections[using]
    if (
        connection.health_check_enabled
        and not connection.health_check_done
        and connection.connection is not None
        and not connection.in_atomic_block
    ):
        connection.health_check_done = True  # this read checks the connection
        try:
            return _fetch_one(connection, sql, params)
        except Error:
            if connection.is_usable():
                raise  # the read failed, not the connection
            connection.close()  # the next cursor connects afresh
    return _fetch_one(connection, sql, params)


def _fetch_one(connection, sql: str, params: list) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()
