"""A double click on 開始上課: two starts at the same moment make one open live lesson,
and neither answers 500 (on PostgreSQL both insert; the unique constraint refuses one)."""

import threading

import pytest
from django.db import connection
from django.urls import reverse

import live.rounds
from live.models import LiveSession
from tests.people.conftest import signed_in


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent writers need a server database (SQLite's test database is in memory)",
)
@pytest.mark.django_db(transaction=True)
def test_two_starts_at_the_same_moment_make_one_open_lesson_and_no_500(
    teacher, classroom, monkeypatch
):
    both_ended = threading.Barrier(2, timeout=10)
    real_filter = LiveSession.objects.filter

    class Racing:
        """LiveSession.objects whose 'end the open one' waits for the other click: both
        find nothing open, then both create."""

        def filter(self, **kwargs):
            found = real_filter(**kwargs)
            if "ended_at__isnull" in kwargs and threading.current_thread().name.startswith("click"):
                both_ended.wait()
            return found

        def __getattr__(self, name):
            return getattr(LiveSession._default_manager, name)

    class RacingSession:
        objects = Racing()

    monkeypatch.setattr(live.rounds, "LiveSession", RacingSession)
    clients = [signed_in(teacher), signed_in(teacher)]
    url = reverse("live:class_live", args=[classroom.pk])
    answers = {}

    def click(client, n):
        answers[n] = client.post(url)
        connection.close()

    threads = [
        threading.Thread(target=click, args=(c, n), name=f"click-{n}")
        for n, c in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    open_sessions = LiveSession.objects.filter(classroom=classroom, ended_at__isnull=True)
    assert open_sessions.count() == 1
    projector = reverse("live:projector", args=[open_sessions.get().pk])
    assert [answers[n].status_code for n in (0, 1)] == [302, 302]
    assert {answers[n]["Location"] for n in (0, 1)} == {projector}
