"""Taking data out and deleting it: class CSVs, a learner's JSON, deleting a learner entirely.

CSV files start with a UTF-8 byte-order mark so spreadsheet programs read Chinese right.
"""

import csv
import json

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from lessons.learners import LEARNER_SESSION_KEY, use_learner
from lessons.models import Attempt, Learner, PuzzleResult
from tutor.people import adoption, reports
from tutor.people.lesson_index import all_lessons
from tutor.people.misconceptions import misconception_for
from tutor.people.models import ChildProfile, Student
from tutor.people.permissions import (
    classroom_for_teacher,
    grown_up_of,
    grown_up_required,
    learner_for_grown_up,
)

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A cell a spreadsheet will not run as a formula: typed answers reach these files."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv_response(filename: str, rows: list[list]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BOM)
    csv.writer(response).writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return response


@grown_up_required
def grid_csv(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """One row per student: for each lesson, puzzles solved, the lesson's puzzles, its stars.

    Each count has its own cell: a cell like 「1/13」 opens in a spreadsheet as a date.
    """
    classroom = classroom_for_teacher(request.user, classroom_id)
    lessons = all_lessons()
    grid = reports.class_grid(list(classroom.students.select_related("learner")), lessons)
    header = [_("Nickname")]
    for lesson in lessons:
        names = {"lesson": lesson.title}
        header += [
            _("%(lesson)s: solved") % names,
            _("%(lesson)s: puzzles") % names,
            _("%(lesson)s: stars") % names,
        ]
    rows = [header]
    for row in grid:
        line = [row.student.learner.nickname]
        for cell in row.cells:
            line += [cell.progress.solved, cell.progress.total, cell.progress.stars]
        rows.append(line)
    return _csv_response(f"class-{classroom.join_code}-grid.csv", rows)


ATTEMPT_HEADER = (
    gettext_lazy("Nickname"),
    gettext_lazy("Time"),
    gettext_lazy("Lesson"),
    gettext_lazy("Puzzle"),
    gettext_lazy("Answer"),
    gettext_lazy("Verdict"),
    gettext_lazy("Reason code"),
    gettext_lazy("Rule"),
    gettext_lazy("Position (FEN)"),
)


@grown_up_required
def attempts_csv(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    attempts = (
        Attempt.objects.filter(learner__student__classroom=classroom)
        .select_related("learner")
        .order_by("learner__nickname", "created_at", "pk")
    )
    rows = [[str(title) for title in ATTEMPT_HEADER]]
    for attempt in attempts.iterator(chunk_size=2000):
        rule = str(misconception_for(attempt.reason).title) if attempt.reason else ""
        rows.append(
            [
                attempt.learner.nickname,
                timezone.localtime(attempt.created_at).isoformat(timespec="seconds"),
                attempt.lesson,
                attempt.puzzle,
                attempt.answer,
                attempt.verdict,
                attempt.reason,
                rule,
                attempt.fen,
            ]
        )
    return _csv_response(f"class-{classroom.join_code}-attempts.csv", rows)


def learner_data(learner: Learner) -> dict:
    """Everything kept about a learner, as plain JSON-ready data."""
    return {
        "nickname": learner.nickname,
        "avatar": learner.avatar,
        "language": learner.language,
        "created_at": learner.created_at.isoformat(),
        "last_active_at": learner.last_active_at.isoformat(),
        "results": [
            {
                "lesson": r.lesson,
                "puzzle": r.puzzle,
                "stars": r.stars,
                "solved_at": r.solved_at.isoformat() if r.solved_at else None,
            }
            for r in PuzzleResult.objects.filter(learner=learner).order_by("lesson", "puzzle")
        ],
        "attempts": [
            {
                "lesson": a.lesson,
                "puzzle": a.puzzle,
                "answer": a.answer,
                "verdict": a.verdict,
                "reason": a.reason,
                "fen": a.fen,
                "hint_used": a.hint_used,
                "created_at": a.created_at.isoformat(),
            }
            for a in Attempt.objects.filter(learner=learner).order_by("created_at", "pk")
        ],
    }


@grown_up_required
def learner_json(request: HttpRequest, learner_id: int) -> HttpResponse:
    learner = learner_for_grown_up(request.user, learner_id)
    body = json.dumps(learner_data(learner), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="learner-{learner.pk}.json"'
    return response


@grown_up_required
def delete_learner(request: HttpRequest, learner_id: int) -> HttpResponse:
    """Ask first; on POST remove the learner with every attempt, result and profile."""
    learner = learner_for_grown_up(request.user, learner_id)
    student = Student.objects.filter(learner=learner).first()
    if request.method != "POST":
        return render(request, "people/delete_learner.html", {"learner": learner})
    with transaction.atomic():
        Attempt.objects.filter(learner=learner).delete()
        PuzzleResult.objects.filter(learner=learner).delete()
        ChildProfile.objects.filter(learner=learner).delete()
        Student.objects.filter(learner=learner).delete()
        learner.delete()
    if request.session.get(LEARNER_SESSION_KEY) == learner_id:  # the grown-up goes on as themself
        use_learner(request, adoption.own_learner(grown_up_of(request.user)))
    if student is not None:
        return redirect("people:class_roster", classroom_id=student.classroom_id)
    return redirect("people:parent_home")
