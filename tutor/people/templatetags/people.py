from django import template
from django.utils.safestring import mark_safe

from lessons.learners import current_learner
from tutor.people.adoption import unclaimed_summary
from tutor.people.avatars import avatar_for
from tutor.people.models import ChildProfile
from tutor.people.permissions import grown_up_of
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


@register.simple_tag(takes_context=True)
def now_learning(context):
    """The named learner (a child, a student) this browser is, for the header; else None.

    Asked of the database (once a request, shared with the page's own lookup), so a
    learner deleted elsewhere stops being named at once."""
    request = context.get("request")
    if request is None or not hasattr(request, "session"):
        return None
    learner = current_learner(request)
    return learner if learner is not None and learner.nickname else None


@register.inclusion_tag("people/whose_stars.html", takes_context=True)
def whose_stars(context) -> dict:
    """「這些星星是誰的？」 while a browser's progress waits for its owner; nothing otherwise."""
    request = context["request"]
    grown_up = grown_up_of(request.user)
    summary = unclaimed_summary(grown_up)
    if summary is None:
        return {"summary": None}
    children = ChildProfile.objects.filter(parent=request.user).select_related("learner")
    return {
        "summary": summary,
        "children": list(children),
        "next": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def grid_cells(row) -> str:
    """A class grid row's lesson cells, written here rather than in a template loop: a class
    of 200 has 3,600 cells, and each template lookup costs more than the cell itself. Every
    value is a number or one of LessonStars' level names, so nothing needs escaping."""
    cells = []
    for cell in row.cells:
        done = cell.progress
        stars = f" {done.stars}★" if done.complete else ""
        cells.append(f'<td class="cell-{cell.level}">{done.solved}/{done.total}{stars}</td>')
    return mark_safe("".join(cells))
