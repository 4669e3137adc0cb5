from django import template
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

import process_caches
from lessons.learners import current_learner
from lessons.progress import LessonProgress
from people import areas
from people.adoption import unclaimed_summary
from people.avatars import avatar_for
from people.models import ChildProfile
from people.permissions import grown_up_of
from people.picture_words import PICTURE_WORDS
from people.reports import progress_level
from people.reports.mastery import NOT_YET

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
def grid_rows(grid) -> SafeString:
    """The class grid's rows, from templates/people/grid_rows.jinja rather than a Django
    template loop: a class of 200 has 3,600 cells, and each Django template lookup costs
    more than the cell itself. Cells with the same counts are the same markup, written once
    (`_grid_cell`); a lesson not started is its column's one blank cell."""
    history_url = _address_per_id("people:student_history")
    columns = [(lesson.slug, len(lesson.puzzle_ids)) for lesson in grid[0].lessons] if grid else []
    blank = [_grid_cell(0, 0, total) for _, total in columns]
    rows = []
    for row in grid:
        done = row.done
        cells = [
            _grid_cell(*done[slug], total) if slug in done else empty
            for (slug, total), empty in zip(columns, blank, strict=True)
        ]
        rows.append((history_url(row.student.pk), row.student.nickname, cells))
    return render_to_string("people/grid_rows.jinja", {"rows": rows}, using="jinja2")


@register.simple_tag
def rule_grid_rows(rows, lessons) -> SafeString:
    """The students × rules grid's rows (each student with the RuleStandings of the rules
    they have reviewed, by rule: mastery.class_standings), one column per rule lesson,
    from templates/people/rule_grid_rows.jinja rather than a Django template loop: a
    class of 200 has thousands of cells. A rule not reviewed is its column's one "not yet"
    cell; each status's words are rendered once a page from people/mastery_word.html, as
    everywhere else."""
    words = get_template("people/mastery_word.html")
    said: dict[str, SafeString] = {}
    written_cells: dict[tuple, SafeString] = {}  # the same rule, status and day: the same cell

    def cell(slug: str, status: str, day) -> SafeString:
        key = (slug, status, day)
        if key not in written_cells:
            if status not in said:
                said[status] = words.render({"status": status, "short": True})
            when = (
                format_html(' <time datetime="{}">{}</time>', f"{day:%Y-%m-%d}", f"{day:%m/%d}")
                if day
                else ""
            )
            written_cells[key] = format_html(
                '<td data-rule="{}" data-status="{}">{}{}</td>', slug, status, said[status], when
            )
        return written_cells[key]

    # A rule not reviewed is most cells of a class: its column names it, its "—" is the
    # style sheet's (people.css), and only its words for screen readers are in the page.
    said[NOT_YET] = words.render({"status": NOT_YET, "short": True})
    not_yet = format_html('<td data-status="{}">{}</td>', NOT_YET, said[NOT_YET])
    column = {lesson.slug: n for n, lesson in enumerate(lessons)}
    none_reviewed = [not_yet] * len(lessons)
    written = []
    for student, reviewed in rows:
        cells = none_reviewed
        if reviewed:
            cells = list(none_reviewed)
            for slug, rule in reviewed.items():
                cells[column[slug]] = cell(slug, rule.status, rule.last_review)
        written.append((student.nickname, cells))
    return render_to_string("people/rule_grid_rows.jinja", {"rows": written}, using="jinja2")


def _address_per_id(name: str):
    """`reverse(name, args=[id])` for many ids at the cost of one reverse (a reverse costs
    tens of µs here): the address is made once with a placeholder id, filled in per id.
    Right for a path whose one argument is an `<id:…>`, written as its digits."""
    placeholder = str(PLACEHOLDER_ID)
    before, found, after = reverse(name, args=[PLACEHOLDER_ID]).partition(placeholder)
    assert found and placeholder not in after, name
    return lambda id_: f"{before}{int(id_)}{after}"


PLACEHOLDER_ID = 987654321987654321  # 18 digits, the longest id the converter accepts


@process_caches.kept("people.templatetags.people._grid_cell")
def _grid_cell(solved: int, earned: int, total: int) -> SafeString:
    """One cell: a level name and numbers."""
    done = LessonProgress(solved, total, earned)
    stars = f" {done.stars}★" if done.complete else ""
    return format_html(
        '<td class="cell-{}">{}/{}{}</td>', progress_level(done), solved, total, stars
    )


@register.simple_tag(takes_context=True)
def offers_teachers_area(context) -> bool:
    """Whether the header shows 老師區 (people.areas)."""
    request = context.get("request")
    if request is None or not request.user.is_authenticated:
        return False
    return areas.offers_teachers_area(request)
