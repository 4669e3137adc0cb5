"""Review that comes back: the rules a learner missed, due again after 1, 3 and 7 days.

Every recorded answer passes here, from ``practice.signals``, with the time it was given,
so a test drives the clock through each answer's time. A wrong answer puts its rule on
the review list, due a day later (``missed``); if it was there already the wait shrinks a
step and the run of right answers starts again. A right answer to a generated puzzle of a
rule that is due (a review) counts (``reviewed``): the wait grows to the next interval,
and the third right answer in a row at growing intervals masters the rule. Right answers
before the rule is due change nothing: they are practice, not review; a lesson's own
puzzles, the same every time, are never a review and never touch the list. A miss of a
mastered rule starts again from a day. Finishing a lesson puts its rule on the list too
(``enrol``), so a rule never missed can still be mastered. Each is one statement, and an
ordinary right answer in a lesson costs none.

The first review after a miss comes a day later, then 3 days, then 7:

>>> [interval.days for interval in INTERVALS]
[1, 3, 7]
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db import connection
from django.db.models import Case, DateTimeField, F, Value, When
from django.utils import timezone

from curriculum.loading import get_curriculum
from practice.generators import RULES
from practice.models import Review

INTERVALS = (timedelta(days=1), timedelta(days=3), timedelta(days=7))
MASTERED_AFTER = 3


def rule_of(lesson: str) -> str | None:
    """The practice rule an answer in ``lesson`` belongs to (None: no generator for it)."""
    return lesson if lesson in RULES else None


def missed(learner_id: int, rule: str, now: datetime, reason: str = "") -> None:
    """A wrong answer at ``now``: the rule goes on the list, due a day later; if it is
    there already its wait shrinks a step (a mastered rule starts again from a day) and
    the run of right answers is lost. One statement, an upsert, whatever was there."""
    quote = connection.ops.quote_name
    table = quote(Review._meta.db_table)
    old = {name: f"{table}.{quote(name)}" for name in ("step", "mastered_at")}
    adapt = connection.ops.adapt_datetimefield_value
    waits = [adapt(now + interval) for interval in INTERVALS]
    # the new step is 0 after a mastered rule, else one shorter than before (never < 0)
    shorter = " ".join(f"WHEN {old['step']} = {k + 1} THEN %s" for k in range(1, len(INTERVALS)))
    columns = ", ".join(
        map(quote, ("learner_id", "rule", "step", "streak", "due_at", "reason", "last_missed_at"))
    )
    sql = (
        f"INSERT INTO {table} ({columns}, {quote('created_at')}) "
        "VALUES (%s, %s, 0, 0, %s, %s, %s, %s) "
        f"ON CONFLICT ({quote('learner_id')}, {quote('rule')}) DO UPDATE SET "
        f"{quote('step')} = CASE WHEN {old['mastered_at']} IS NULL AND {old['step']} > 0 "
        f"THEN {old['step']} - 1 ELSE 0 END, "
        f"{quote('due_at')} = CASE WHEN {old['mastered_at']} IS NOT NULL THEN %s "
        f"{shorter} ELSE %s END, "
        f"{quote('streak')} = 0, {quote('mastered_at')} = NULL, "
        f"{quote('reason')} = EXCLUDED.{quote('reason')}, "
        f"{quote('last_missed_at')} = EXCLUDED.{quote('last_missed_at')}"
    )
    inserted = [learner_id, rule, waits[0], reason[:40], adapt(now), adapt(now)]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*inserted, waits[0], *waits[1:], waits[0]])


def reviewed(learner_id: int, rule: str, now: datetime) -> bool:
    """A right answer at ``now`` to a generated puzzle of ``rule``: if the rule is due (a
    review), the run grows by one and the wait by a step; the third right answer in a row
    at growing intervals masters it. Before it is due it is practice and changes nothing.
    One conditional UPDATE; True when it counted as a review."""
    last = len(INTERVALS) - 1
    masters = When(streak__gte=MASTERED_AFTER - 1, then=Value(now))
    when_due = [When(step=k, then=Value(now + INTERVALS[min(k + 1, last)])) for k in range(last)]
    due = Review.objects.filter(
        learner_id=learner_id, rule=rule, due_at__lte=now, mastered_at__isnull=True
    )
    return bool(
        due.update(
            streak=F("streak") + 1,
            last_reviewed_at=now,
            step=Case(When(step__gte=last, then=Value(last)), default=F("step") + 1),
            mastered_at=Case(masters, default=None, output_field=DateTimeField()),
            due_at=Case(
                When(streak__gte=MASTERED_AFTER - 1, then=None),
                *when_due,
                default=Value(now + INTERVALS[last]),
                output_field=DateTimeField(),
            ),
        )
    )


def enrol(learner_id: int, rule: str, now: datetime) -> None:
    """A lesson just finished, without a miss or with: its rule goes on the list, due a day
    later, unless it is there already (one INSERT that ignores a row already there)."""
    Review.objects.bulk_create(
        [Review(learner_id=learner_id, rule=rule, due_at=now + INTERVALS[0], created_at=now)],
        ignore_conflicts=True,
    )


def due_reviews(learner_id: int | None, *, now: datetime | None = None) -> list[Review]:
    """The learner's rules due for review now, the longest waiting first (one query)."""
    if learner_id is None:
        return []
    now = now or timezone.now()
    due = Review.objects.filter(learner_id=learner_id, due_at__lte=now, mastered_at__isnull=True)
    return [r for r in due.order_by("due_at", "pk") if r.rule in RULES]


# --- what grown-ups read -----------------------------------------------------------------

MASTERED, LEARNING, NOT_YET = "mastered", "learning", "not_yet"


@dataclass(frozen=True)
class Mastery:
    """Where a learner stands on one rule, and when it was last reviewed."""

    rule: str
    status: str  # MASTERED, LEARNING or NOT_YET
    last_review: date | None = None


def reviewed_rules(learner_ids) -> dict[int, dict[str, Mastery]]:
    """The standing on each rule a learner has a review of, by learner (one query, values
    only); a rule absent is NOT_YET. `learner_ids` may be a subquery."""
    found: dict[int, dict[str, Mastery]] = {}
    reviews = Review.objects.filter(
        learner_id__in=learner_ids, rule__in=practised_rules()
    ).values_list("learner_id", "rule", "mastered_at", "last_reviewed_at")
    for learner_id, rule, mastered_at, last in reviews:
        found.setdefault(learner_id, {})[rule] = Mastery(
            rule, MASTERED if mastered_at else LEARNING, timezone.localdate(last) if last else None
        )
    return found


def practised_rules() -> list[str]:
    """The rules of the curriculum that have generated practice, in teaching order."""
    return [lesson.slug for lesson in get_curriculum().lessons if lesson.slug in RULES]
