"""A roster (people.rosters.files) set beside a school's classes: what an import would
create, change and leave (`plan`, which writes nothing), then `apply` in one transaction.

Students are matched by their OneRoster sourcedId, else by class and seat number (a
spreadsheet), else by name in their class (the first OneRoster import of a class made
by hand): importing the same file again changes nothing. A student in the school but not
in the file is left as they are, never deleted. A student matched in another class is
moved there with their progress and their login card (the same secret and QR badge).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from lessons.models import Learner
from people.avatars import AVATARS
from people.models import Classroom, School, SchoolEvent, Student
from people.names import email_key
from people.picture_words import new_secret
from people.rosters import events as school_events
from people.rosters.files import (
    Problem,
    Roster,
    RosterClass,
    RosterStudent,
    class_likeness,
    class_name_of,
)

AVATAR_CYCLE = list(AVATARS)


@dataclass
class NewStudent:
    class_name: str
    seat: int
    name: str
    sourced_id: str = ""
    account: str = ""


@dataclass
class Account:
    """A student the import gives a school account (new, or another than before): their
    first school sign-in with it finds them (school_sign_in.accounts)."""

    class_name: str
    seat: int | None
    name: str
    account: str
    was: str = ""
    student_id: int | None = None  # None: a new student
    file: str = ""
    row: int | None = None


@dataclass
class Change:
    """One student or class the import changes, with what it was and will be."""

    kind: str  # "name", "class", "seat" (a student) or "teacher" (a class)
    class_name: str
    name: str
    was: str
    becomes: str
    student_id: int | None = None
    classroom_id: int | None = None
    seat: int | None = None  # a moved student's seat in their new class


@dataclass
class Plan:
    # (name, students, the teacher's username: the importer's when the file names nobody known)
    new_classes: list[tuple[str, int, str]] = field(default_factory=list)
    new_students: list[NewStudent] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    left: list[tuple[str, int, str]] = field(default_factory=list)  # (class, seat, name)
    unchanged: int = 0
    problems: list[Problem] = field(default_factory=list)
    # What the preview points out and the import goes past: an empty row, a new class
    # whose name looks like another's (「3-1」 beside 三年一班).
    notes: list[Problem] = field(default_factory=list)
    # Ids from the file written onto classes and students matched without them: no
    # visible change, but the next import matches on them.
    links: list[tuple[str, int, str]] = field(default_factory=list)  # (model, pk, sourcedId)
    teachers: dict[str, int] = field(default_factory=dict)  # class name -> teacher's user id
    awaiting: list[str] = field(default_factory=list)  # new classes the file names no teacher for
    class_ids: dict[str, int] = field(default_factory=dict)  # class name -> existing class
    accounts: list[Account] = field(default_factory=list)
    # Accounts the school cannot vouch for yet (School.vouches_for): each links once with
    # the pictures, as with no roster.
    unvouched: list[Account] = field(default_factory=list)

    @property
    def changes_anything(self) -> bool:
        return bool(
            self.new_classes or self.new_students or self.changes or self.links or self.accounts
        )

    def digest(self) -> str:
        """The same digest for the same plan: a confirm made from an older preview is noticed."""
        data = [
            self.new_classes,
            [vars(s) for s in self.new_students],
            [vars(c) for c in self.changes],
            [vars(a) for a in self.accounts],
            self.links,
            sorted(self.teachers.items()),
            sorted(self.class_ids.items()),
        ]
        return hashlib.sha256(json.dumps(data, default=str).encode()).hexdigest()[:32]


def school_teacher(school: School, handle: str):
    """The school's teacher account a file names by username or (verified) e-mail, or None."""
    if not handle:
        return None
    users = get_user_model().objects.filter(school_memberships__school=school)
    match = users.filter(username=handle).first()
    if match is None and "@" in handle:
        match = users.filter(
            grown_up__email_key=email_key(handle), grown_up__email_verified=True
        ).first()
    return match


def active_classes(school: School):
    return Classroom.objects.filter(school=school, archived_at__isnull=True)


def plan(school: School, roster: Roster, importer) -> Plan:
    """What importing `roster` into `school` would do; nothing is written."""
    planner = _Planner(school, roster, importer)
    for roster_class in roster.classes:
        planner.plan_class(roster_class)
    result = planner.result
    for student in planner.students:
        if student.pk not in planner.matched:
            result.left.append(
                (student.classroom.name, student.seat_number, student.learner.nickname)
            )
    planner.check_accounts()
    planner.check_account_sources()
    notes = [*roster.notes, *planner.look_alike_classes()]
    result.notes = sorted(notes, key=lambda note: (note.file, note.row or 0))
    return result


class _Planner:
    """The school's classes and students read once, the file's set beside them."""

    def __init__(self, school: School, roster: Roster, importer):
        self.school, self.roster, self.importer = school, roster, importer
        self.result = Plan()
        classes = list(active_classes(school))
        self.by_name = {class_name_of(c.name): c for c in classes}
        # An id the site made for its own OneRoster export (roster_export) matches as well.
        self.by_sid = {c.sourced_id or f"class-{c.pk}": c for c in classes}
        self.students = list(
            Student.objects.filter(classroom__in=classes).select_related("learner", "classroom")
        )
        self.student_by_sid = {s.sourced_id or f"student-{s.pk}": s for s in self.students}
        self.matched: set[int] = set()

    def plan_class(self, roster_class: RosterClass) -> None:
        result = self.result
        classroom = self.by_sid.get(roster_class.sourced_id) or self.by_name.get(
            class_name_of(roster_class.name)
        )
        teacher = school_teacher(self.school, roster_class.teacher)
        if roster_class.teacher and teacher is None and not roster_class.teacher_optional:
            message = _("The teacher %(teacher)s has no account in this school.")
            problem = message % {"teacher": roster_class.teacher}
            result.problems.append(Problem(roster_class.file, roster_class.row, problem))
        members: list[Student] = []
        if classroom is None:
            owner = teacher or self.importer
            if teacher is None:
                result.awaiting.append(roster_class.name)
            result.new_classes.append(
                (roster_class.name, len(roster_class.students), owner.get_username())
            )
            result.teachers[roster_class.name] = owner.pk
        else:
            self._plan_existing_class(roster_class, classroom, teacher)
            members = [s for s in self.students if s.classroom_id == classroom.pk]
        self.next_seat = max((s.seat_number for s in members), default=0) + 1
        for entry in roster_class.students:
            self.plan_student(roster_class, classroom, members, entry)

    def look_alike_classes(self) -> list[Problem]:
        """A new class whose name is like a class's of the school or another new one's
        (class_likeness): likely one class written two ways, which would split it."""
        new = {name for name, _count, _teacher in self.result.new_classes}
        others = [*(c.name for c in self.by_name.values()), *new]
        notes = []
        for roster_class in self.roster.classes:
            if roster_class.name not in new:
                continue
            like = class_likeness(roster_class.name)
            same = [o for o in others if o != roster_class.name and class_likeness(o) == like]
            message = _(
                "The new class %(new)s looks like %(other)s: is it the same class? Then "
                "write its name the same way."
            )
            notes += [
                Problem(
                    roster_class.file,
                    roster_class.row,
                    message % {"new": roster_class.name, "other": other},
                )
                for other in same[:1]
            ]
        return notes

    def _plan_existing_class(self, roster_class: RosterClass, classroom, teacher) -> None:
        result = self.result
        result.class_ids[roster_class.name] = classroom.pk
        if classroom.name != roster_class.name:  # matched by its id, renamed in the file
            result.changes.append(
                Change(
                    "class_name",
                    roster_class.name,
                    "",
                    classroom.name,
                    roster_class.name,
                    classroom_id=classroom.pk,
                )
            )
        if roster_class.sourced_id not in ("", classroom.sourced_id, f"class-{classroom.pk}"):
            result.links.append(("classroom", classroom.pk, roster_class.sourced_id))
        if teacher is not None and teacher.pk != classroom.teacher_id:
            result.changes.append(
                Change(
                    "teacher",
                    classroom.name,
                    "",
                    classroom.teacher.get_username(),
                    teacher.get_username(),
                    classroom_id=classroom.pk,
                )
            )
            result.teachers[classroom.name] = teacher.pk

    def _match(self, members: list[Student], entry: RosterStudent) -> Student | None:
        """By sourcedId, else by seat (a spreadsheet), else by name (OneRoster, no id yet)."""
        if entry.sourced_id and (student := self.student_by_sid.get(entry.sourced_id)):
            return student
        if entry.seat is not None:
            return next((s for s in members if s.seat_number == entry.seat), None)
        if self.roster.kind == "oneroster":
            name = entry.name.casefold()
            return next(
                (s for s in members if not s.sourced_id and s.learner.nickname.casefold() == name),
                None,
            )
        return None

    def check_accounts(self) -> None:
        """One school account, one student of the school: an account the file gives is
        nobody else's who keeps theirs (the file's own repeats are said by roster_files)."""
        moving = {a.student_id for a in self.result.accounts}
        keeping = {
            s.school_account: s for s in self.students if s.school_account and s.pk not in moving
        }
        for given in self.result.accounts:
            holder = keeping.get(given.account)
            if holder is None:
                continue
            message = _("The school account %(account)s is already %(name)s's in %(class)s.")
            values = {
                "account": given.account,
                "name": holder.learner.nickname,
                "class": holder.classroom.name,
            }
            self.result.problems.append(Problem(given.file, given.row, message % values))

    def check_account_sources(self) -> None:
        """An e-mail outside the school's domain is refused (the school's own sign-in would
        never vouch for it); the accounts the school cannot vouch for yet are listed."""
        domain = self.school.account_domain
        for given in self.result.accounts:
            is_email = ":" not in given.account
            if domain and is_email and given.account.rpartition("@")[2] != domain:
                message = _("The school account %(account)s is not of the domain %(domain)s.")
                values = {"account": given.account, "domain": domain}
                self.result.problems.append(Problem(given.file, given.row, message % values))
            elif not self.school.vouches_for(given.account):
                self.result.unvouched.append(given)

    def _account(self, roster_class: RosterClass, entry: RosterStudent, student=None) -> None:
        """The school account the file gives this student, when it is new to them; an empty
        cell leaves theirs as it is."""
        was = student.school_account if student is not None else ""
        if not entry.account or entry.account == was:
            return
        self.result.accounts.append(
            Account(
                roster_class.name,
                entry.seat,
                entry.name,
                entry.account,
                was,
                student.pk if student is not None else None,
                roster_class.file,
                entry.row,
            )
        )

    def _seat(self, entry: RosterStudent) -> int:
        seat = entry.seat or self.next_seat
        self.next_seat = max(self.next_seat, seat) + 1
        return seat

    def plan_student(self, roster_class, classroom, members, entry: RosterStudent) -> None:
        result = self.result
        student = self._match(members, entry)
        if student is None:
            seat = self._seat(entry)
            result.new_students.append(
                NewStudent(roster_class.name, seat, entry.name, entry.sourced_id, entry.account)
            )
            self._account(roster_class, replace(entry, seat=seat))
            return
        self.matched.add(student.pk)
        if entry.sourced_id not in ("", student.sourced_id, f"student-{student.pk}"):
            result.links.append(("student", student.pk, entry.sourced_id))
        changes = []
        if student.learner.nickname != entry.name:
            changes.append(
                Change(
                    "name",
                    roster_class.name,
                    entry.name,
                    student.learner.nickname,
                    entry.name,
                    student.pk,
                )
            )
        if classroom is None or student.classroom_id != classroom.pk:
            changes.append(
                Change(
                    "class",
                    roster_class.name,
                    entry.name,
                    student.classroom.name,
                    roster_class.name,
                    student.pk,
                    seat=self._seat(entry),
                )
            )
        elif entry.seat is not None and entry.seat != student.seat_number:
            changes.append(
                Change(
                    "seat",
                    roster_class.name,
                    entry.name,
                    str(student.seat_number),
                    str(entry.seat),
                    student.pk,
                )
            )
        result.changes += changes
        accounts = len(result.accounts)
        self._account(roster_class, replace(entry, seat=entry.seat or student.seat_number), student)
        result.unchanged += not changes and len(result.accounts) == accounts


def apply(school: School, roster: Roster, importer, digest: str) -> Plan | None:
    """Import `roster` if its plan is still the one previewed (`digest`), all or nothing.

    Returns the plan carried out, or None when the school's classes changed since the
    preview (nothing written: the teacher looks at the new preview)."""
    with transaction.atomic():
        School.objects.select_for_update().get(pk=school.pk)  # one import at a time
        result = plan(school, roster, importer)
        if result.problems or result.digest() != digest:
            return None
        _carry_out(school, roster, result)
        if result.changes_anything:
            kind = SchoolEvent.Kind.ROSTER_IMPORTED
            school_events.record(school.pk, kind, importer, **counts(result))
    return result


def counts(result: Plan) -> dict[str, int]:
    """What an import wrote, as the school's events tell it: classes and students added,
    and changed (a student given a school account is changed too)."""
    classes = {c.classroom_id for c in result.changes if c.kind in ("teacher", "class_name")}
    students = {c.student_id for c in result.changes if c.student_id is not None}
    students |= {given.student_id for given in result.accounts if given.student_id is not None}
    return {
        "classes_added": len(result.new_classes),
        "classes_changed": len(classes),
        "students_added": len(result.new_students),
        "students_changed": len(students),
        "accounts": len(result.accounts),
    }


def _carry_out(school: School, roster: Roster, result: Plan) -> None:
    existing = Classroom.objects.in_bulk(result.class_ids.values())
    by_name = {name: existing[pk] for name, pk in result.class_ids.items()}
    users = get_user_model().objects.in_bulk(result.teachers.values())
    class_sid = {c.name: c.sourced_id for c in roster.classes}
    for name, _count, _teacher in result.new_classes:
        by_name[name] = Classroom.objects.create(
            teacher=users[result.teachers[name]],
            name=name,
            school=school,
            school_year=school.school_year,
            sourced_id=class_sid.get(name, ""),
            awaits_teacher=name in result.awaiting,
        )
    for model, pk, sourced_id in result.links:
        (Classroom if model == "classroom" else Student).objects.filter(pk=pk).update(
            sourced_id=sourced_id
        )
    for change in result.changes:
        _change(change, by_name, users, result)
    for given in result.accounts:
        if given.student_id is not None:
            Student.objects.filter(pk=given.student_id).update(school_account=given.account)
    _add_students(result.new_students, by_name)


def _change(change: Change, by_name, users, result: Plan) -> None:
    if change.kind == "teacher":
        teacher = users[result.teachers[change.class_name]]
        Classroom.objects.filter(pk=change.classroom_id).update(
            teacher=teacher, awaits_teacher=False
        )
    elif change.kind == "class_name":
        Classroom.objects.filter(pk=change.classroom_id).update(name=change.becomes)
    elif change.kind == "name":
        Learner.objects.filter(student__pk=change.student_id).update(nickname=change.becomes)
    elif change.kind == "seat":
        Student.objects.filter(pk=change.student_id).update(seat_number=int(change.becomes))
    elif change.kind == "class":
        Student.objects.filter(pk=change.student_id).update(
            classroom=by_name[change.class_name], seat_number=change.seat
        )


def _add_students(new_students: list[NewStudent], by_name) -> None:
    """Every new student with their own learner and picture secret, in two bulk inserts (a
    school of 1,500 is two queries a table, not 3,000)."""
    counts: dict[int, int] = {}
    learners, students = [], []
    for new in new_students:
        classroom = by_name[new.class_name]
        if classroom.pk not in counts:
            counts[classroom.pk] = classroom.students.count()
        avatar = AVATAR_CYCLE[counts[classroom.pk] % len(AVATAR_CYCLE)]
        counts[classroom.pk] += 1
        learners.append(Learner(nickname=new.name, avatar=avatar))
        first, second = new_secret()
        students.append(
            Student(
                classroom=classroom,
                secret_first=first,
                secret_second=second,
                seat_number=new.seat,
                sourced_id=new.sourced_id,
                school_account=new.account,
            )
        )
    Learner.objects.bulk_create(
        learners, batch_size=500
    )  # their ids come back (SQLite, PostgreSQL)
    for learner, student in zip(learners, students, strict=True):
        student.learner = learner
    Student.objects.bulk_create(students, batch_size=500)


def school_students(school: School, *, year: int | None = None):
    """(class, seat, student) of the school's classes now, or of an archived year's."""
    if year is None:
        rows = Student.objects.filter(classroom__school=school, classroom__archived_at__isnull=True)
        return [
            (s.classroom, s.seat_number, s)
            for s in rows.select_related("learner", "classroom__teacher").order_by(
                "classroom__name", "seat_number", "pk"
            )
        ]
    archived = Classroom.objects.filter(school=school, school_year=year, archived_at__isnull=False)
    rows = []
    for classroom in archived.select_related("teacher").order_by("name", "pk"):
        for seat in classroom.seats.select_related("student__learner"):
            rows.append((classroom, seat.seat_number, seat.student))
        for student in classroom.students.select_related("learner"):
            rows.append((classroom, student.seat_number, student))
    return rows


def archived_years(school: School) -> list[int]:
    years = (
        Classroom.objects.filter(school=school, archived_at__isnull=False)
        .filter(~Q(school_year=None))
        .values_list("school_year", flat=True)
        .distinct()
    )
    return sorted(set(years), reverse=True)
