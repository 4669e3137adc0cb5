"""Homework at a glance: for each assignment, who needs help, who is on it, who has done
it and who has not started, by name in seat order, for the top of the class page.

Done is the dashboard's own answer (the lesson finished, or for 「練到學會為止」 the rule
mastered: reports.assignment_statuses). Any answer in the lesson, right or wrong, here or in
a live lesson, is a start (one query of the class's answers in the assigned lessons, newest
first, the last STUCK_AFTER of each kept). Stuck: not done, and the last STUCK_AFTER answers
in the lesson all wrong. The rest have not started.
"""

from dataclasses import dataclass

from curriculum.outcome import Result
from lessons.models import Attempt
from people.reports import AssignmentStatus, ClassMember

STUCK_AFTER = 3  # answers in a row, all wrong, the newest ones: the child needs help
WRONG = {Result.ILLEGAL, Result.INCORRECT}


@dataclass(frozen=True)
class Homework:
    status: AssignmentStatus
    done: list[ClassMember]
    stuck: list[ClassMember]
    on_it: list[ClassMember]
    not_started: list[ClassMember]


def homework(statuses: list[AssignmentStatus], members: list[ClassMember], in_class) -> list:
    """`in_class`: the class's learner ids (a subquery will do)."""
    slugs = {status.assignment.lesson for status in statuses}
    if not slugs:
        return []
    newest = (
        Attempt.objects.filter(learner_id__in=in_class, lesson__in=slugs)
        .order_by("-created_at", "-id")
        .values_list("learner_id", "lesson", "verdict")
    )
    last: dict[tuple[int, str], list[str]] = {}
    for learner_id, lesson, verdict in newest.iterator(chunk_size=2000):
        kept = last.setdefault((learner_id, lesson), [])
        if len(kept) < STUCK_AFTER:
            kept.append(verdict)
    rows = []
    for status in statuses:
        done_ids = {member.learner_id for member in status.finished}
        slug = status.assignment.lesson
        begun = [
            m for m in members if m.learner_id not in done_ids and (m.learner_id, slug) in last
        ]
        stuck = [m for m in begun if _stuck(last[m.learner_id, slug])]
        on_it = [m for m in begun if m not in stuck]
        started = done_ids | {m.learner_id for m in begun}
        rows.append(
            Homework(
                status,
                list(status.finished),
                stuck,
                on_it,
                [m for m in members if m.learner_id not in started],
            )
        )
    return rows


def _stuck(newest: list[str]) -> bool:
    return len(newest) == STUCK_AFTER and all(verdict in WRONG for verdict in newest)
