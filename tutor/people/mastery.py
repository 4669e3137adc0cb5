"""Mastery per rule as the grown-ups' pages show it: mastered, learning or not yet, and the
day of the last review (the review list is practice.scheduling's; one query per page)."""

from dataclasses import dataclass
from datetime import date

from practice.generators import RULES
from practice.scheduling import LEARNING, MASTERED, NOT_YET, Mastery, mastery_of
from tutor.people.lesson_index import LessonInfo, all_lessons

__all__ = ["LEARNING", "MASTERED", "NOT_YET", "RuleStanding", "rule_lessons", "rule_standings"]


@dataclass(frozen=True)
class RuleStanding:
    lesson: LessonInfo  # the lesson that teaches the rule
    status: str
    last_review: date | None

    @property
    def mastered(self) -> bool:
        return self.status == MASTERED


def rule_standings(learner_ids: list[int]) -> dict[int, list[RuleStanding]]:
    """Each learner's standing on every rule that has practice, in teaching order."""
    found = mastery_of(learner_ids)
    lessons = rule_lessons()
    made: dict[tuple, RuleStanding] = {}  # alike standings shared (frozen): a class of 200 has
    # thousands, most of them alike

    def standing(lesson: LessonInfo, mastery: Mastery) -> RuleStanding:
        key = (lesson.slug, mastery.status, mastery.last_review)
        if key not in made:
            made[key] = RuleStanding(lesson, mastery.status, mastery.last_review)
        return made[key]

    return {
        learner_id: [standing(lesson, rules[lesson.slug]) for lesson in lessons]
        for learner_id, rules in found.items()
    }


def rule_lessons() -> list[LessonInfo]:
    """The lessons whose rule has generated practice and review, in teaching order."""
    return [lesson for lesson in all_lessons() if lesson.slug in RULES]


def mastered_by(standings: dict[int, list[RuleStanding]], rule: str) -> set[int]:
    """The learners (ids) who have mastered ``rule``."""
    return {
        learner_id
        for learner_id, rows in standings.items()
        if any(row.lesson.slug == rule and row.mastered for row in rows)
    }
