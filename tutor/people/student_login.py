"""A student signs in without e-mail: class code → their name → their two picture words."""

import unicodedata

from django.contrib.auth import logout
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers

from lessons.learners import use_learner
from tutor.people import picture_locks
from tutor.people.assignments import STUDENT_SESSION_KEY
from tutor.people.forms import ClassCodeForm
from tutor.people.models import Classroom, Student
from tutor.people.picture_words import PICTURE_WORDS


def join_class(request: HttpRequest) -> HttpResponse:
    form = ClassCodeForm(request.GET or None)
    if form.is_valid():
        code = form.cleaned_data["code"]
        if Classroom.objects.filter(join_code=code).exists():
            return redirect("people:pick_name", code=code)
        return render(
            request, "people/join_class.html", {"form": form, "unknown": True}, status=404
        )
    status = 400 if request.GET else 200
    return render(request, "people/join_class.html", {"form": form}, status=status)


def pick_name(request: HttpRequest, code: str) -> HttpResponse:
    """The class in seat order; `start` (a seat number or a name's first character) narrows it."""
    classroom = get_object_or_404(Classroom, join_code=code.upper())
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
    student = get_object_or_404(
        Student.objects.select_related("learner", "classroom"),
        pk=student_id,
        classroom__join_code=code.upper(),
    )
    first = request.POST.get("first", "")
    second = request.POST.get("second", "")
    context = {"student": student, "classroom": student.classroom, "words": PICTURE_WORDS}
    if request.method != "POST":
        return render(request, "people/pick_secret.html", context)
    if first not in PICTURE_WORDS or (second and second not in PICTURE_WORDS):
        return render(request, "people/pick_secret.html", {**context, "bad": True}, status=400)
    if not second:
        return render(request, "people/pick_secret.html", {**context, "first": first})
    if picture_locks.is_blocked(request, student):
        return render(request, "people/too_many_tries.html", {"child": True}, status=429)
    if (first, second) != (student.secret_first, student.secret_second):
        picture_locks.record_wrong_pair(request, student)
        return render(request, "people/pick_secret.html", {**context, "wrong": True}, status=400)
    picture_locks.record_right_pair(request, student)
    logout(request)  # a grown-up signed in on this device is signed out; a new session begins
    use_learner(request, student.learner)
    request.session[STUDENT_SESSION_KEY] = True
    return redirect("lesson_map")
