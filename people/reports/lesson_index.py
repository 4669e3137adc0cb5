"""The curriculum as the grown-ups' pages need it: lessons in teaching order, their puzzles.

A thin reading of curriculum.loading, so dashboards and exports depend on one
small interface.
"""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from curriculum.loading import get_curriculum


@dataclass(frozen=True)
class LessonInfo:
    slug: str
    title: str
    puzzle_ids: tuple[str, ...]


def all_lessons() -> list[LessonInfo]:
    return [
        LessonInfo(lesson.slug, lesson.title, tuple(p.id for p in lesson.puzzles))
        for lesson in get_curriculum().lessons
    ]


def lesson_choices() -> list[tuple[str, str]]:
    return [(lesson.slug, lesson.title) for lesson in all_lessons()]


def lesson_url(slug: str) -> str:
    """The lesson page's address, or "" while the curriculum has no such lesson."""
    if get_curriculum().lesson(slug) is None:
        return ""
    try:
        return reverse("lesson", args=[slug])
    except NoReverseMatch:
        return ""
