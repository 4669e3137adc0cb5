"""Taking data out and deleting it: class CSVs, a learner's JSON, deleting a learner entirely
(what the files hold: people/reports/exports.py)."""

from itertools import chain

from django.db import transaction
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from lessons.learners import LEARNER_SESSION_KEY, use_learner
from lessons.models import Attempt, PuzzleResult
from people import adoption, reports
from people.models import ChildProfile, Student
from people.permissions import (
    classroom_for_teacher,
    grown_up_of,
    grown_up_required,
    learner_for_grown_up,
)
from people.reports.exports import (
    ATTEMPT_COLUMNS,
    attempt_header,
    attempt_rows,
    attempt_words,
    grid_rows,
    learner_json_chunks,
)
from people.spreadsheets import csv_response


@grown_up_required
def grid_csv(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """One row per student: for each lesson, puzzles solved, the lesson's puzzles, its stars.

    Each count has its own cell: a cell like 「1/13」 opens in a spreadsheet as a date.
    """
    classroom = classroom_for_teacher(request.user, classroom_id)
    rows = grid_rows(reports.class_members(classroom))
    return csv_response(f"class-{classroom.join_code}-grid.csv", rows)


@grown_up_required
def attempts_csv(request: HttpRequest, classroom_id: int) -> StreamingHttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    attempts = (
        Attempt.objects.filter(learner__student__classroom=classroom)
        .order_by("learner__nickname", "created_at", "pk")
        .values_list(*ATTEMPT_COLUMNS)
    )
    zone = timezone.get_current_timezone()
    header = attempt_header(zone)
    # The words are taken now, in this request's language and zone: the rows are written
    # after the view has returned.
    words = attempt_words(classroom)
    rows = attempt_rows(attempts, words, zone)
    return csv_response(f"class-{classroom.join_code}-attempts.csv", chain([header], rows))


@grown_up_required
def learner_json(request: HttpRequest, learner_id: int) -> StreamingHttpResponse:
    learner = learner_for_grown_up(request.user, learner_id)
    response = StreamingHttpResponse(
        learner_json_chunks(learner), content_type="application/json; charset=utf-8"
    )
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
