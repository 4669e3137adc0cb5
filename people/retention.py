"""How long an anonymous learner is kept: IDLE_MONTHS after their last answer or visit.

An anonymous learner is progress nobody has claimed: no parent's child, no class's student,
no grown-up's own or waiting-to-be-claimed learner. Idle means neither an answer
(Attempt.created_at) nor being made this browser's learner (Learner.last_active_at) since
the cutoff. Forgetting one deletes it with its attempts and results (the database
cascades), and people.deletion takes it out of the sessions that name it.
`manage.py forget_idle_learners` runs it (daily, from cron, in production).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from lessons.models import Attempt, Learner

IDLE_MONTHS = 13


def cutoff(months: int = IDLE_MONTHS, now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - timedelta(days=round(months * 30.44))


def idle_anonymous_learners(before: datetime):
    recent = Attempt.objects.filter(learner=OuterRef("pk"), created_at__gte=before)
    return Learner.objects.filter(
        child_profile__isnull=True,
        student__isnull=True,
        grown_up__isnull=True,
        unclaimed_by__isnull=True,
        last_active_at__lt=before,
    ).exclude(Exists(recent))


def forget_idle_learners(before: datetime, *, batch: int = 500) -> int:
    """Delete every idle anonymous learner, `batch` at a time; how many went."""
    gone = 0
    while True:
        ids = list(idle_anonymous_learners(before).values_list("pk", flat=True)[:batch])
        if not ids:
            return gone
        with transaction.atomic():
            Learner.objects.filter(pk__in=ids).delete()
        gone += len(ids)
