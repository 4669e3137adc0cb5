"""A student signs in without e-mail: class code → their name → their two picture words, or
in one step with the QR badge on their login card (a token nobody types).

Looking up a class code that does not exist counts against the address (JOIN_CODE_SCOPE):
JOIN_CODE_MAX unknown codes or badges within rate_limit.WINDOW and the lookups answer 429
for a while, so codes cannot be guessed at speed; a known code never counts.
"""

import re
import unicodedata
from datetime import timedelta

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods

from people.forms import ClassCodeForm
from people.limits import picture_locks, rate_limit
from people.models import Classroom, Student
from people.picture_words import PICTURE_WORDS
from people.student_sessions import sign_in_student

BADGE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,40}")  # models.new_badge_token's alphabet
JOIN_CODE_SCOPE = "join-code"
JOIN_CODE_MAX = 30


class TooManyLookups(Exception):
    """This address looked up too many codes that do not exist."""


def _lookups_blocked(request: HttpRequest) -> bool:
    key = rate_limit.client_key(request, "lookups")
    return rate_limit.is_blocked(JOIN_CODE_SCOPE, key, JOIN_CODE_MAX)


def _unknown_lookup(request: HttpRequest) -> None:
    rate_limit.record_failure(JOIN_CODE_SCOPE, rate_limit.client_key(request, "lookups"))


def _too_many_lookups(request: HttpRequest) -> HttpResponse:
    return render(request, "people/too_many_tries.html", {"lookups": True}, status=429)


def _classroom(request: HttpRequest, code: str) -> Classroom:
    """The class with this code; a code that does not exist counts against the address."""
    if _lookups_blocked(request):
        raise TooManyLookups
    # Last year's classes (archived) sign nobody in: their code counts as unknown.
    classroom = Classroom.objects.filter(join_code=code.upper(), archived_at__isnull=True).first()
    if classroom is None:
        _unknown_lookup(request)
        raise Http404("no class has this code")
    return classroom


def join_class(request: HttpRequest) -> HttpResponse:
    form = ClassCodeForm(request.GET or None)
    if form.is_valid():
        code = form.cleaned_data["code"]
        try:
            _classroom(request, code)
        except TooManyLookups:
            return _too_many_lookups(request)
        except Http404:
            context = {"form": form, "unknown": True}
            return render(request, "people/join_class.html", context, status=404)
        return redirect("people:pick_name", code=code)
    status = 400 if request.GET else 200
    return render(request, "people/join_class.html", {"form": form}, status=status)


def pick_name(request: HttpRequest, code: str) -> HttpResponse:
    """The class in seat order; `start` (a seat number or a name's first character) narrows it."""
    try:
        classroom = _classroom(request, code)
    except TooManyLookups:
        return _too_many_lookups(request)
    start = request.GET.get("start", "").strip()[:3]
    students = classroom.students.select_related("learner")
    if start:
        students = students_starting_with(students, start)
    context = {"classroom": classroom, "students": list(students), "start": start}
    template = "people/pick_name.html#names" if request.htmx else "people/pick_name.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def students_starting_with(students: QuerySet, start: str) -> QuerySet:
    """Seat 7 for 「7」 (full-width digits too); names beginning with 「陳」 for 「陳」."""
    if start.isdigit():
        seat = int("".join(str(unicodedata.digit(digit)) for digit in start))
        return students.filter(seat_number=seat)
    return students.filter(learner__nickname__startswith=start[0])


def pick_secret(request: HttpRequest, code: str, student_id: int) -> HttpResponse:
    """Two taps: the first picture, then the second; both in plain forms, no script needed."""
    try:
        classroom = _classroom(request, code)
    except TooManyLookups:
        return _too_many_lookups(request)
    student = (
        Student.objects.select_related("learner", "classroom")
        .filter(pk=student_id, classroom=classroom)
        .first()
    )
    if student is None:
        raise Http404("no such student in this class")
    first = request.POST.get("first", "")
    second = request.POST.get("second", "")
    context = {"student": student, "classroom": student.classroom, "words": PICTURE_WORDS}
    if request.method != "POST":
        return render(request, "people/pick_secret.html", context)
    if first not in PICTURE_WORDS or (second and second not in PICTURE_WORDS):
        return render(request, "people/pick_secret.html", {**context, "bad": True}, status=400)
    if not second:
        return render(request, "people/pick_secret.html", {**context, "first": first})
    if picture_locks.class_locked(student.classroom_id):
        return render(request, "people/too_many_tries.html", {"child": True}, status=429)
    if (wait := picture_locks.wait_left(student)) > timedelta(0):
        context |= {"pause": _seconds(wait)}
        return render(request, "people/pick_secret.html", context, status=429)
    if (first, second) != (student.secret_first, student.secret_second):
        picture_locks.record_wrong_pair(request, student)
        wait = picture_locks.wait_left(student)
        context |= {"wrong": True, "pause": _seconds(wait) if wait else None}
        return render(request, "people/pick_secret.html", context, status=400)
    picture_locks.record_right_pair(request, student)
    sign_in_student(request, student)
    return redirect("lesson_map")


def _seconds(wait: timedelta) -> int:
    return max(1, round(wait.total_seconds()))


@require_http_methods(["GET", "HEAD", "POST"])
def badge_sign_in(request: HttpRequest, token: str) -> HttpResponse:
    """The QR badge's address: 「是你嗎？」 with the child's name, one tap signs in (a POST,
    so a link preview or a scanner's prefetch signs nobody in). A token the teacher has
    changed, or never made, counts as an unknown code."""
    if _lookups_blocked(request):
        return _too_many_lookups(request)
    student = None
    if BADGE_TOKEN.fullmatch(token):  # a NUL byte or a long string never reaches the database
        student = (
            Student.objects.select_related("learner", "classroom")
            .filter(badge_token=token, classroom__archived_at__isnull=True)
            .first()
        )
    if student is None:
        _unknown_lookup(request)
        return render(request, "people/badge.html", {"unknown": True}, status=404)
    if request.method == "POST":
        sign_in_student(request, student)
        return redirect("lesson_map")
    return render(request, "people/badge.html", {"student": student})
