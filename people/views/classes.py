"""Teachers: classes, students from a pasted list (in its order, with seat numbers), login cards
with the class's QR code, secrets, moves, assignments."""

from collections.abc import Callable
from contextlib import suppress
from functools import wraps

import segno
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from people import areas
from people.avatars import AVATARS
from people.forms import (
    BIDI_CONTROLS,
    AssignmentForm,
    ClassroomForm,
    MoveStudentForm,
    SchoolForm,
    StudentListForm,
)
from people.limits import picture_locks
from people.models import (
    CLASS_MESSAGE_MAX,
    Assignment,
    Classroom,
    Student,
    add_student,
    new_badge_token,
    next_seat_number,
)
from people.next_url import safe_next_url
from people.permissions import (
    classroom_for_teacher,
    grown_up_of,
    grown_up_required,
    student_for_teacher,
)
from people.picture_words import new_secret
from people.student_sessions import end_old_secrets
from people.views.schools import archived_classes

AVATAR_CYCLE = list(AVATARS)


def _teacher_page(request: HttpRequest, form: ClassroomForm, status: int = 200) -> HttpResponse:
    classrooms = (
        Classroom.objects.filter(
            teacher=request.user, archived_at__isnull=True, awaits_teacher=False
        )
        .annotate(student_count=Count("students"))
        .order_by("created_at", "pk")  # a GROUP BY drops Meta.ordering
    )
    context = {
        "classrooms": classrooms,
        "archived": archived_classes(teacher=request.user),
        "form": form,
        "schools": request.user.school_memberships.select_related("school"),
        "invitations": request.user.school_invitations.select_related("school", "invited_by"),
        "school_form": SchoolForm(),
        "grown_up": grown_up_of(request.user),
    }
    return render(request, "people/teacher_home.html", context, status=status)


@grown_up_required
def teacher_home(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = ClassroomForm(request.POST)
        if not form.is_valid():
            return _teacher_page(request, form, status=400)
        classroom = Classroom.objects.create(teacher=request.user, name=form.cleaned_data["name"])
        areas.teaches(request, grown_up_of(request.user))
        return redirect("people:class_roster", classroom_id=classroom.pk)
    return _teacher_page(request, ClassroomForm())


def _roster_page(request, classroom, form, *, status=200, added=(), skipped=()) -> HttpResponse:
    context = {
        "classroom": classroom,
        # school_links: the school accounts that sign each in (school_sign_in)
        "students": list(
            classroom.students.select_related("learner")
            .annotate(school_links=Count("school_identities"))
            .order_by("seat_number", "pk")  # a GROUP BY drops Meta.ordering
        ),
        "form": form,
        "added": added,
        "skipped": skipped,
        "other_classrooms": Classroom.objects.filter(
            teacher=request.user, archived_at__isnull=True
        ).exclude(pk=classroom.pk),
        "locked": picture_locks.locked_student_ids(classroom),
    }
    return render(request, "people/class_roster.html", context, status=status)


@grown_up_required
def class_roster(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    if request.method != "POST":
        return _roster_page(request, classroom, StudentListForm())
    form = StudentListForm(request.POST)
    if not form.is_valid():
        return _roster_page(request, classroom, form, status=400)
    # 「tom lee」 beside 「Tom Lee」 is the same child typed twice: names compare casefolded.
    taken = {
        name.casefold() for name in classroom.students.values_list("learner__nickname", flat=True)
    }
    start = len(taken)
    added, skipped = [], []
    for name in form.cleaned_data["nicknames"]:
        (skipped if name.casefold() in taken else added).append(name)
        taken.add(name.casefold())
    with transaction.atomic():
        first_seat = next_seat_number(classroom)
        for offset, name in enumerate(added):
            avatar = AVATAR_CYCLE[(start + offset) % len(AVATAR_CYCLE)]
            add_student(classroom, name, seat=first_seat + offset, avatar=avatar)
    return _roster_page(request, classroom, StudentListForm(), added=added, skipped=skipped)


def class_login_url(request: HttpRequest, classroom: Classroom) -> str:
    """The class's login page with its code in, as printed and as the QR code opens it."""
    return request.build_absolute_uri(reverse("people:pick_name", args=[classroom.join_code]))


@grown_up_required
def login_cards(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    context = {
        "classroom": classroom,
        "students": list(classroom.students.select_related("learner")),
        "site_url": request.build_absolute_uri("/"),
        "login_url": class_login_url(request, classroom),
    }
    return render(request, "people/login_cards.html", context)


def badge_url(request: HttpRequest, student: Student) -> str:
    """The address a child's QR badge opens: it signs that child in (student_login)."""
    return request.build_absolute_uri(reverse("people:badge", args=[student.badge_token]))


def _qr_png(address: str) -> HttpResponse:
    """A PNG QR code of `address` (segno; crisp when printed at card size). Not cached: a
    badge changed by the teacher must not come back from a cache."""
    code = segno.make(address, error="m")
    response = HttpResponse(content_type="image/png")
    response["Cache-Control"] = "private, no-store"
    code.save(response, kind="png", scale=8, border=4)
    return response


@grown_up_required
def login_qr(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The class login address as a QR code (for a poster: every child picks their name)."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    return _qr_png(class_login_url(request, classroom))


@grown_up_required
def badge_qr(request: HttpRequest, student_id: int) -> HttpResponse:
    """One child's badge as a QR code: scanning it signs that child in, nothing typed."""
    return _qr_png(badge_url(request, student_for_teacher(request.user, student_id)))


def roster_button(action: Callable[..., int]) -> Callable[..., HttpResponse]:
    """A button on the class roster about one student or the whole class: POST only, by a
    grown-up with the area open; `action` checks the teacher, acts, and returns the class's
    id, and the roster of that class comes back."""

    @require_POST
    @grown_up_required
    @wraps(action)
    def view(request: HttpRequest, **ids: int) -> HttpResponse:
        return redirect("people:class_roster", classroom_id=action(request, **ids))

    return view


@roster_button
def reset_secret(request: HttpRequest, student_id: int) -> int:
    """A new secret for a lost or seen card: every device the old one opened is signed out."""
    student = student_for_teacher(request.user, student_id)
    student.secret_first, student.secret_second = new_secret()
    student.save(update_fields=["secret_first", "secret_second"])
    end_old_secrets(student)  # its devices signed out, its school-account links ended
    picture_locks.unlock_student(student)
    return student.classroom_id


@roster_button
def new_badge(request: HttpRequest, student_id: int) -> int:
    """A new QR badge for a lost or copied card: the old one stops working, and every
    device it opened is signed out (the picture secret stays)."""
    student = student_for_teacher(request.user, student_id)
    student.badge_token = new_badge_token()
    student.save(update_fields=["badge_token"])
    end_old_secrets(student)  # its devices signed out, its school-account links ended
    return student.classroom_id


@roster_button
def unlock_student(request: HttpRequest, student_id: int) -> int:
    student = student_for_teacher(request.user, student_id)
    picture_locks.unlock_student(student)
    return student.classroom_id


@require_POST
@grown_up_required
def unlock_class(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The one tap of the lock banner (class_locks.class_lock_banner): back to the page it
    was on, the live one too."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    picture_locks.unlock_class(classroom)
    roster = reverse("people:class_roster", args=[classroom.pk])
    return redirect(safe_next_url(request, roster))


@roster_button
def shared_devices(request: HttpRequest, classroom_id: int) -> int:
    """The class setting for shared tablets: on ("1"), a student's sign-in ends when idle
    (student_sessions.SHARED_DEVICE_IDLE); off, it lasts as long as any sign-in."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    classroom.shared_devices = request.POST.get("shared") == "1"
    classroom.save(update_fields=["shared_devices"])
    return classroom.pk


@require_POST
@grown_up_required
def class_message(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The teacher's short message on the students' first screen (empty: none shown). A
    note, not a chat: the children cannot answer it."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    message = " ".join(request.POST.get("message", "").translate(BIDI_CONTROLS).split())
    if len(message) > CLASS_MESSAGE_MAX or "\x00" in message:
        text = _("A message has at most %(max)d characters.") % {"max": CLASS_MESSAGE_MAX}
        return render(request, "people/bad_request.html", {"message": text}, status=400)
    classroom.message = message
    classroom.save(update_fields=["message"])
    return redirect("people:class_roster", classroom_id=classroom.pk)


@require_POST
@grown_up_required
def move_student(request: HttpRequest, student_id: int) -> HttpResponse:
    student = student_for_teacher(request.user, student_id)
    classrooms = Classroom.objects.filter(teacher=request.user, archived_at__isnull=True)
    form = MoveStudentForm(request.POST, classrooms=classrooms)
    if not form.is_valid():
        message = _("Choose one of your classes.")
        return render(request, "people/bad_request.html", {"message": message}, status=400)
    target = get_object_or_404(classrooms, pk=form.cleaned_data["classroom"])
    if target.students.filter(learner__nickname__iexact=student.learner.nickname).exists():
        message = _("That class already has a student with this nickname.")
        return render(request, "people/bad_request.html", {"message": message}, status=400)
    old_classroom_id = student.classroom_id
    student.classroom = target
    student.seat_number = next_seat_number(target)
    student.save(update_fields=["classroom", "seat_number"])
    return redirect("people:class_roster", classroom_id=old_classroom_id)


@require_POST
@grown_up_required
def add_assignment(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    form = AssignmentForm(request.POST)
    if not form.is_valid():
        message = _("Choose a lesson, and a due date written as a date.")
        return render(request, "people/bad_request.html", {"message": message}, status=400)
    with suppress(IntegrityError):  # a double submit racing itself: the assignment exists
        Assignment.objects.update_or_create(
            classroom=classroom,
            lesson=form.cleaned_data["lesson"],
            defaults={
                "due_on": form.cleaned_data["due_on"],
                "until_mastered": form.cleaned_data["until_mastered"],
            },
        )
    return redirect("people:class_dashboard", classroom_id=classroom.pk)


@require_POST
@grown_up_required
def remove_assignment(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = get_object_or_404(Assignment, pk=assignment_id, classroom__teacher=request.user)
    assignment.delete()
    return redirect("people:class_dashboard", classroom_id=assignment.classroom_id)


@grown_up_required
def delete_class(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """Ask first, naming the class and its students; on POST the class goes with every
    student's learner, attempt and result (people.deletion)."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    if request.method != "POST":
        students = list(classroom.students.select_related("learner"))
        context = {"classroom": classroom, "students": students}
        return render(request, "people/delete_class.html", context)
    with transaction.atomic():
        classroom.delete()
    return redirect("people:teacher_home")
