"""Homework at a glance: for each assignment, who has done it, who is on it, who has not
started, by name, for the top of the class page.

Done is the dashboard's own answer (the lesson finished, or for 「練到學會為止」 the rule
mastered: reports.assignment_statuses); on it means at least one of the lesson's puzzles
tried (a PuzzleResult row, one query for every assignment of the class); the rest have
not started.
"""

from dataclasses import dataclass

from lessons.models import PuzzleResult
from people.reports import AssignmentStatus, ClassMember


@dataclass(frozen=True)
class Homework:
    status: AssignmentStatus
    done: list[ClassMember]
    on_it: list[ClassMember]
    not_started: list[ClassMember]


def homework(statuses: list[AssignmentStatus], members: list[ClassMember], in_class) -> list:
    """`in_class`: the class's learner ids (a subquery will do)."""
    slugs = {status.assignment.lesson for status in statuses}
    if not slugs:
        return []
    tried = set(
        PuzzleResult.objects.filter(learner_id__in=in_class, lesson__in=slugs)
        .values_list("learner_id", "lesson")
        .distinct()
    )
    rows = []
    for status in statuses:
        done_ids = {member.learner_id for member in status.finished}
        slug = status.assignment.lesson
        on_it = [
            m for m in members if m.learner_id not in done_ids and (m.learner_id, slug) in tried
        ]
        started = done_ids | {m.learner_id for m in on_it}
        rows.append(
            Homework(
                status,
                list(status.finished),
                on_it,
                [m for m in members if m.learner_id not in started],
            )
        )
    return rows
