"""Attempt.day is created_at's calendar day in Taipei, however the row is written."""

from datetime import UTC, date, datetime

import pytest

from lessons.models import Attempt, Learner

pytestmark = pytest.mark.django_db
LATE_UTC = datetime(2026, 11, 30, 23, 30, tzinfo=UTC)  # 07:30 on 12-01 in Taipei


def attempt(learner, created_at) -> Attempt:
    return Attempt(
        learner=learner,
        lesson="knight",
        puzzle="k",
        answer="a1",
        verdict="illegal",
        created_at=created_at,
    )


def test_day_is_the_taipei_date_for_create_and_bulk_create():
    learner = Learner.objects.create()
    attempt(learner, LATE_UTC).save()
    Attempt.objects.bulk_create([attempt(learner, datetime(2026, 11, 30, 15, 59, tzinfo=UTC))])
    days = sorted(Attempt.objects.values_list("created_at", "day"))
    assert [day for _, day in days] == [date(2026, 11, 30), date(2026, 12, 1)]
