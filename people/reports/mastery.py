"""Mastery per rule as the grown-ups' pages show it: mastered, learning, learnt or not yet,
and the day of the last review (the review list is practice.scheduling's; one query per
page, and one more for a child's own page: the lessons finished)."""

from dataclasses import dataclass
from datetime import date

from people.reports import lessons_finished
from people.reports.lesson_index import LessonInfo, all_lessons
from practice.generators import RULES
from practice.scheduling import LEARNING, MASTERED, NOT_YET, reviewed_rules

__all__ = [
    "LEARNING",
    "LEARNT",
    "MASTERED",
    "NOT_YET",
    "RuleStanding",
    "class_standings",
    "rule_lessons",
    "rule_standings",
]

# A rule with nothing to review whose lesson is finished: learnt there, every puzzle solved.
LEARNT = "learnt"


@dataclass(frozen=True)
class RuleStanding:
    lesson: LessonInfo  # the lesson that teaches the rule
    status: str
    last_review: date | None

    @property
    def mastered(self) -> bool:
        return self.status == MASTERED


def class_standings(learner_ids) -> dict[int, dict[str, RuleStanding]]:
    """The standings of the rules each learner has a review of, by learner and rule (one
    query; `learner_ids` may be a subquery). A rule absent is not learned yet: a class of
    200 makes nothing for the thousands of rules its students have not met."""
    lessons = {lesson.slug: lesson for lesson in rule_lessons()}
    return {
        learner_id: {
            rule: RuleStanding(lessons[rule], mastery.status, mastery.last_review)
            for rule, mastery in rules.items()
            if rule in lessons
        }
        for learner_id, rules in reviewed_rules(learner_ids).items()
    }


def rule_standings(learner_ids: list[int]) -> dict[int, list[RuleStanding]]:
    """Each learner's standing on every rule that has practice, in teaching order: its
    review's, else learnt when its lesson is finished, else not yet (two queries)."""
    reviewed = class_standings(learner_ids)
    lessons = rule_lessons()
    finished = lessons_finished(learner_ids, lessons)

    def standing(learner_id: int, lesson: LessonInfo) -> RuleStanding:
        found = reviewed.get(learner_id, {}).get(lesson.slug)
        if found is not None:
            return found
        return RuleStanding(
            lesson, LEARNT if learner_id in finished[lesson.slug] else NOT_YET, None
        )

    return {
        learner_id: [standing(learner_id, lesson) for lesson in lessons]
        for learner_id in learner_ids
    }


def rule_lessons() -> list[LessonInfo]:
    """The lessons whose rule has generated practice and review, in teaching order."""
    return [lesson for lesson in all_lessons() if lesson.slug in RULES]


def mastered_by(standings: dict[int, dict[str, RuleStanding]], rule: str) -> set[int]:
    """The learners (ids) who have mastered ``rule`` (`standings` as class_standings gives)."""
    return {
        learner_id
        for learner_id, rules in standings.items()
        if (standing := rules.get(rule)) is not None and standing.mastered
    }
