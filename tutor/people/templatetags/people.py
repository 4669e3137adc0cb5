from django import template

from tutor.people.avatars import avatar_for
from tutor.people.picture_words import PICTURE_WORDS

register = template.Library()


@register.inclusion_tag("people/avatar.html")
def avatar(letter: str) -> dict:
    return {"avatar": avatar_for(letter)}


@register.inclusion_tag("people/picture.html")
def picture(word: str, size: int = 64) -> dict:
    return {"word": word, "size": size}


@register.simple_tag
def secret_names(student) -> str:
    """The two picture words in order, as words: 「太陽 → 月亮」."""
    first = PICTURE_WORDS.get(student.secret_first)
    second = PICTURE_WORDS.get(student.secret_second)
    return " → ".join(str(word.name) for word in (first, second) if word is not None)


@register.filter
def get_item(mapping: dict, key: str):
    return mapping.get(key)


@register.inclusion_tag("people/assignment_mark.html")
def assignment_mark(assignments: dict, slug: str) -> dict:
    """The 「老師指定」 mark on a lesson card, with its due date; nothing when not assigned."""
    return {"assignment": assignments.get(slug) if assignments else None}


@register.simple_tag
def first_up(groups, assignments: dict) -> dict:
    """What a student's lesson map starts with: the assigned lessons (by due date), then
    the next lesson when it is not one of them. Nothing for a learner without assignments."""
    if not assignments:
        return {"assigned": [], "next": None}
    entries = [entry for group in groups for entry in group.entries]
    by_slug = {entry.lesson.slug: entry for entry in entries}
    ordered = sorted(assignments.values(), key=lambda a: (a.due_on is None, a.due_on, a.pk))
    assigned = [by_slug[a.lesson] for a in ordered if a.lesson in by_slug]
    next_entry = next((entry for entry in entries if entry.is_next), None)
    if next_entry in assigned:
        next_entry = None
    return {"assigned": assigned, "next": next_entry}
