"""A school's pages, for its administrators: the school's classes, its teachers, importing
and exporting its rosters (people.rosters.files, roster_import, roster_export), a
new school year (people.rosters.school_year), last years' classes and the school's change log
(people.rosters.events).

A teacher who makes a school is its first administrator; an administrator invites the
school's other teacher accounts by username, and each joins when its owner accepts. Every
page answers 404 to anybody who is not an administrator of the school, but one archived
class's page and its progress CSV, which its own teacher sees too (`archived_class_for`).
"""

from __future__ import annotations

import logging
import re
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.paginator import InvalidPage, Paginator
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from people import areas, reports
from people.forms import NewYearForm, SchoolForm, TeacherForm
from people.models import Classroom, School, SchoolEvent, SchoolInvitation, SchoolTeacher
from people.permissions import grown_up_of, grown_up_required
from people.reports.exports import grid_rows
from people.reports.lesson_index import all_lessons
from people.rosters import events as school_events
from people.rosters import export as roster_export
from people.rosters import importing as roster_import
from people.rosters import school_year
from people.rosters.files import MAX_FILE_BYTES, Roster, Upload, read_upload
from people.spreadsheets import csv_response

audit = logging.getLogger("tutor.audit")
Kind = SchoolEvent.Kind
IMPORT_SALT = "tutor.people.schools.import"
IMPORT_MAX_AGE = 60 * 60  # a preview confirmed within the hour
GRADUATES_KEPT_DAYS = 30
EVENTS_A_PAGE = 50


def school_for_admin(user, school_id: int) -> School:
    return get_object_or_404(
        School, pk=school_id, memberships__user=user, memberships__is_admin=True
    )


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "people/bad_request.html", {"message": message}, status=400)


@require_POST
@grown_up_required
def new_school(request: HttpRequest) -> HttpResponse:
    form = SchoolForm(request.POST)
    if not form.is_valid():
        return _bad_request(request, _("Write the school's name, its school year and top grade."))
    school = School.objects.create(**form.cleaned_data)
    SchoolTeacher.objects.create(school=school, user=request.user, is_admin=True)
    areas.teaches(request, grown_up_of(request.user))
    return redirect("people:school", school_id=school.pk)


def archived_classes(**which):
    """Archived classes (`which`: a school's, a teacher's), the latest year first, each with
    its students (a graduated class) and seats (last year's copy) counted."""
    return (
        Classroom.objects.filter(archived_at__isnull=False, **which)
        .annotate(
            student_count=Count("students", distinct=True), seat_count=Count("seats", distinct=True)
        )
        .order_by("-school_year", "name", "pk")
    )


def _school_page(request, school, *, teacher_form=None, status=200) -> HttpResponse:
    classes = (
        Classroom.objects.filter(school=school, archived_at__isnull=True)
        .select_related("teacher")
        .annotate(student_count=Count("students"))
        .order_by("name", "pk")
    )
    archived = archived_classes(school=school)
    sources = own_account_sources(request.user)
    shared = [
        value for _source, kind, value in sources if kind == "domain" and is_shared_domain(value)
    ]
    context = {
        "school": school,
        "classes": classes,
        "archived": archived,
        "years": roster_import.archived_years(school),
        "teachers": school.memberships.select_related("user").order_by("user__username"),
        "invitations": school.invitations.order_by("username"),
        "teacher_form": teacher_form or TeacherForm(),
        "sources": [source for source in sources if source[2] not in shared],
        "shared_domains": shared,
        "one_school": School.objects.count() <= 1,
    }
    return render(request, "people/school.html", context, status=status)


def is_shared_domain(domain: str) -> bool:
    """Whether many schools or the public share `domain` (settings.SHARED_ACCOUNT_DOMAINS):
    it names no school, so no school's account source may be it."""
    return domain.strip().lower() in settings.SHARED_ACCOUNT_DOMAINS


def own_account_sources(user) -> list[tuple[str, str, str]]:
    """(value, kind, id) of the tenants and domains the grown-up's own linked school
    accounts said at their latest sign-in (school_sign_in's SchoolIdentity): an
    administrator may name only these their school's, so nobody names a school they are
    not of. `kind` is "tenant" (Microsoft's) or "domain"."""
    found = user.school_identities.values_list("tenant", "domain")
    sources = {("tenant", tenant) for tenant, _domain in found if tenant}
    sources |= {("domain", domain) for _tenant, domain in found if domain}
    return [(f"{kind}:{value}", kind, value) for kind, value in sorted(sources)]


@require_safe
@grown_up_required
def school_page(request: HttpRequest, school_id: int) -> HttpResponse:
    return _school_page(request, school_for_admin(request.user, school_id))


@require_POST
@grown_up_required
def add_teacher(request: HttpRequest, school_id: int) -> HttpResponse:
    """Invite a teacher account by its username. The answer is the same whether or not
    the name exists (nobody learns who has an account here); the account becomes the
    school's only when its owner accepts, on their 老師區 (`answer_invitation`)."""
    school = school_for_admin(request.user, school_id)
    form = TeacherForm(request.POST)
    if not form.is_valid():
        return _school_page(request, school, teacher_form=form, status=400)
    username = form.cleaned_data["username"].strip()
    user = get_user_model().objects.filter(username=username).first()
    if user is not None and school.memberships.filter(user=user).exists():
        return redirect(f"{school_page_url(school)}#school-teachers")
    with transaction.atomic():
        _invitation, made = SchoolInvitation.objects.get_or_create(
            school=school,
            username=username,
            defaults={"user": user, "invited_by": request.user},
        )
        if made:
            school_events.record(school.pk, Kind.TEACHER_INVITED, request.user, teacher=username)
    return redirect(f"{school_page_url(school)}#school-teachers")


def school_page_url(school: School) -> str:
    return reverse("people:school", kwargs={"school_id": school.pk})


@require_POST
@grown_up_required
def cancel_invitation(request: HttpRequest, school_id: int, invitation_id: int) -> HttpResponse:
    school = school_for_admin(request.user, school_id)
    SchoolInvitation.objects.filter(school=school, pk=invitation_id).delete()
    return redirect(f"{school_page_url(school)}#school-teachers")


@require_POST
@grown_up_required
def answer_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    """The invited teacher accepts (`accept` in the form) or declines; either way the
    invitation is gone. Only the account the name named can answer it (404 to others)."""
    with transaction.atomic():
        # Only the invitation's row is locked: FOR UPDATE on the outer join of the nullable
        # invited_by is refused by PostgreSQL (every answer was a 500 there).
        invitation = get_object_or_404(
            SchoolInvitation.objects.select_for_update(of=("self",)).select_related(
                "school", "invited_by"
            ),
            pk=invitation_id,
            user=request.user,
        )
        if request.POST.get("answer") == "accept":
            _membership, added = SchoolTeacher.objects.get_or_create(
                school=invitation.school, user=request.user
            )
            areas.teaches(request, grown_up_of(request.user))
            if added:
                school_events.record(
                    invitation.school_id,
                    Kind.TEACHER_ADDED,
                    invitation.invited_by,
                    teacher=request.user.get_username(),
                )
        invitation.delete()
    return redirect("people:teacher_home")


@require_POST
@grown_up_required
def account_source(request: HttpRequest, school_id: int) -> HttpResponse:
    """Where the school's accounts come from: a tenant or domain the administrator's own
    school account is of, or (「不設定」) neither (docs/school-sign-in.md)."""
    school = school_for_admin(request.user, school_id)
    chosen = request.POST.get("source", "")
    kind, _colon, value = chosen.partition(":")
    if kind == "domain" and is_shared_domain(value):
        message = _("Many schools share the domain %(domain)s: it cannot stand for one school.")
        return _bad_request(request, message % {"domain": value})
    own = {source for source, _kind, _id in own_account_sources(request.user)}
    if chosen != "none" and chosen not in own:
        return _bad_request(request, _("Choose a tenant or domain of your own school account."))
    with transaction.atomic():
        school = School.objects.select_for_update().get(pk=school.pk)
        old = {"tenant": school.microsoft_tenant, "domain": school.account_domain}
        if chosen == "none":
            school.microsoft_tenant = school.account_domain = ""
        elif kind == "tenant":
            school.microsoft_tenant = value
        else:
            school.account_domain = value
        school.save(update_fields=["microsoft_tenant", "account_domain"])
        new = {"tenant": school.microsoft_tenant, "domain": school.account_domain}
        if new != old:
            school_events.record(school.pk, Kind.ACCOUNT_SOURCE, request.user, old=old, new=new)
    audit.info(
        "school %s: account source set by user %s: tenant %r, domain %r",
        school.pk,
        request.user.pk,
        school.microsoft_tenant,
        school.account_domain,
    )
    return redirect("people:school", school_id=school.pk)


@require_safe
@grown_up_required
def events(request: HttpRequest, school_id: int) -> HttpResponse:
    """The school's events (people.rosters.events), newest first, a page at a time: who
    changed what, for its administrators."""
    school = school_for_admin(request.user, school_id)
    pages = Paginator(school.events.order_by("-at", "-pk"), EVENTS_A_PAGE)
    try:
        page = pages.page(request.GET.get("page", "1"))
    except InvalidPage:
        return _bad_request(request, _("The school's events have no such page."))
    rows = [(event, school_events.describe(event)) for event in page]
    context = {"school": school, "page": page, "rows": rows}
    return render(request, "people/school_events.html", context)


def _uploads(request: HttpRequest) -> list[Upload]:
    return [Upload(f.name, f.read(MAX_FILE_BYTES + 1)) for f in request.FILES.getlist("files")]


def _preview(request, school, roster: Roster, problems=(), *, changed_since=False) -> HttpResponse:
    """The plan of ``roster``, or every problem at once: the file's (``problems``, found
    reading it) and the plan's (a teacher the school does not know), by file and row."""
    plan = roster_import.plan(school, roster, request.user)
    if problems or plan.problems:
        found = sorted([*problems, *plan.problems], key=lambda p: (p.file, p.row or 0))
        context = {"school": school, "problems": found, "notes": plan.notes}
        return render(request, "people/school_import.html", context, status=400)
    payload = signing.dumps(
        {"school": school.pk, "roster": roster.as_data(), "digest": plan.digest()},
        salt=IMPORT_SALT,
        compress=True,
    )
    context = {"school": school, "plan": plan, "payload": payload, "changed_since": changed_since}
    return render(request, "people/school_import.html", context)


@grown_up_required
def import_roster(request: HttpRequest, school_id: int) -> HttpResponse:
    """Upload → preview (nothing written) → confirm (all of it, in one transaction)."""
    school = school_for_admin(request.user, school_id)
    if request.method != "POST":
        return render(request, "people/school_import.html", {"school": school})
    if "payload" not in request.POST:
        roster, problems = read_upload(_uploads(request))
        if roster is None:
            context = {"school": school, "problems": problems}
            return render(request, "people/school_import.html", context, status=400)
        return _preview(request, school, roster, problems)
    try:
        data = signing.loads(request.POST["payload"], salt=IMPORT_SALT, max_age=IMPORT_MAX_AGE)
        roster = Roster.from_data(data["roster"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return _bad_request(request, _("This preview is too old: choose the file again."))
    if data["school"] != school.pk:
        return _bad_request(request, _("This preview is too old: choose the file again."))
    done = roster_import.apply(school, roster, request.user, data["digest"])
    if done is None:
        return _preview(request, school, roster, changed_since=True)
    return render(request, "people/school_import.html", {"school": school, "done": done})


def _year(request: HttpRequest) -> int | None:
    year = request.GET.get("year", "")
    return int(year) if re.fullmatch("[0-9]{1,4}", year) else None


def _download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
@grown_up_required
def export_roster(request: HttpRequest, school_id: int, kind: str) -> HttpResponse:
    """The school's classes now, or (?year=114) that year's archived classes."""
    school = school_for_admin(request.user, school_id)
    if kind not in ("csv", "xlsx", "zip"):
        raise Http404("no such download")
    year = _year(request)
    rows = roster_import.school_students(school, year=year)
    name = f"school-{school.pk}-{year or school.school_year}"
    if kind == "csv":
        return _download(roster_export.as_csv(rows), "text/csv; charset=utf-8", f"{name}.csv")
    if kind == "xlsx":
        xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        return _download(roster_export.as_xlsx(rows), xlsx, f"{name}.xlsx")
    zipped = roster_export.as_oneroster_zip(school, rows)
    return _download(zipped, "application/zip", f"{name}-oneroster.zip")


def archived_class_for(user, classroom_id: int) -> Classroom:
    """An archived class, for its teacher or an administrator of its school; 404 for anybody
    else, and for a class that is not archived (its own pages show it)."""
    classroom = get_object_or_404(Classroom, pk=classroom_id, archived_at__isnull=False)
    if classroom.teacher_id != user.pk and not _is_school_admin(user, classroom):
        raise Http404("no such archived class")
    return classroom


def _is_school_admin(user, classroom: Classroom) -> bool:
    """Whether `user` administers the school that owns `classroom` (none: False)."""
    return (
        classroom.school_id is not None
        and (
            SchoolTeacher.objects.filter(school_id=classroom.school_id, user=user, is_admin=True)
        ).exists()
    )


def archived_members(classroom: Classroom) -> list[tuple[int, reports.ClassMember]]:
    """(seat number, student) of an archived class in seat order, as far as they still
    exist: a graduated class still has its students (until `delete_on` has passed); last
    year's copy of a promoted class has its seats, each naming a student now in another
    class (a student deleted since takes their seat along)."""
    if classroom.delete_on is not None:
        rows = classroom.students.order_by("seat_number", "pk").values_list(
            "seat_number", "pk", "learner_id", "learner__nickname"
        )
    else:
        rows = classroom.seats.order_by("seat_number", "pk").values_list(
            "seat_number", "student_id", "student__learner_id", "student__learner__nickname"
        )
    return [(seat, reports.ClassMember(*member)) for seat, *member in rows]


@require_safe
@grown_up_required
def archived_class(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """One archived class, read-only: its seats, each student's progress (puzzles solved of
    all, stars), the progress CSV while anybody's data is left."""
    classroom = archived_class_for(request.user, classroom_id)
    members = archived_members(classroom)
    lessons = all_lessons()
    grid = reports.class_grid([member for _seat, member in members], lessons)
    seats = [
        {
            "seat": seat,
            "nickname": row.student.nickname,
            "solved": sum(cell.progress.solved for cell in row.cells),
            "stars": sum(cell.progress.stars for cell in row.cells),
        }
        for (seat, _member), row in zip(members, grid, strict=True)
    ]
    context = {
        "classroom": classroom,
        "seats": seats,
        "puzzles": sum(len(lesson.puzzle_ids) for lesson in lessons),
        "is_admin": _is_school_admin(request.user, classroom),
    }
    return render(request, "people/archived_class.html", context)


@require_safe
@grown_up_required
def archived_progress(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """An archived class's grid CSV (the class grid's columns), while anybody's data is left:
    a graduated class's before its date, last year's copy of a promoted class's while its
    students are kept."""
    classroom = archived_class_for(request.user, classroom_id)
    members = [member for _seat, member in archived_members(classroom)]
    if not members:
        raise Http404("nobody's data is left in this class")
    rows = grid_rows(members)
    return csv_response(f"archive-{classroom.pk}-{classroom.school_year}-grid.csv", rows)


@grown_up_required
def new_year(request: HttpRequest, school_id: int) -> HttpResponse:
    """What the new school year does to each class, then the one step that does it."""
    school = school_for_admin(request.user, school_id)
    begun = school_year.begun_lately(school)
    if request.method == "POST":
        form = NewYearForm(request.POST, year=school.school_year)
        if begun is not None:
            return _bad_request(request, _("The new school year has already begun."))
        if not form.is_valid():
            if "sure" in form.errors:
                return _bad_request(request, _("Tick the box to begin the new school year."))
            return _bad_request(request, _("Choose the date after which the graduates' data goes."))
        if form.cleaned_data["delete_on"] < timezone.localdate():
            return _bad_request(request, _("Choose a date from today on."))
        done = school_year.promote(
            school,
            from_year=form.cleaned_data["from_year"],
            delete_graduates_on=form.cleaned_data["delete_on"],
            by=request.user,
        )
        if done is None:
            return _bad_request(request, _("The new school year has already begun."))
        return redirect("people:school", school_id=school.pk)
    initial = {
        "from_year": school.school_year,
        "delete_on": timezone.localdate() + timedelta(days=GRADUATES_KEPT_DAYS),
    }
    context = {
        "school": school,
        "plan": school_year.year_plan(school),
        "form": NewYearForm(initial=initial, year=school.school_year),
        "begun": begun,
    }
    return render(request, "people/school_new_year.html", context)
