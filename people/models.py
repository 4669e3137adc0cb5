"""The people around a learner: grown-ups, their children, classes and their students.

Progress itself lives in lessons.models (Learner, Attempt, PuzzleResult); a
child's and a student's progress are the same kind of Learner, linked here.
"""

import secrets

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from lessons.models import Learner

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud in class
JOIN_CODE_LENGTH = 8  # 32**8 codes; classes made with 6 letters keep them
JOIN_CODE_MAX_LENGTH = 12
CLASS_MESSAGE_MAX = 140


class HereFor(models.TextChoices):
    """What a grown-up signed up for: it decides which area they land on."""

    FAMILY = "family", _("My children at home")
    CLASS = "class", _("A class I teach")
    BOTH = "both", _("Both")


class GrownUp(models.Model):
    """A parent or teacher account's extras: their own learner, the parent-area PIN and
    what they are here for."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="grown_up"
    )
    learner = models.OneToOneField(
        Learner, on_delete=models.SET_NULL, null=True, blank=True, related_name="grown_up"
    )
    # Stars a browser made before this grown-up signed up or in there, waiting to be told
    # whose they are (「這些星星是誰的？」): never moved without asking (people.adoption).
    unclaimed = models.OneToOneField(
        Learner, on_delete=models.SET_NULL, null=True, blank=True, related_name="unclaimed_by"
    )
    pin_hash = models.CharField(max_length=128, blank=True)
    here_for = models.CharField(max_length=10, choices=HereFor.choices, default=HereFor.FAMILY)
    # The username as a reader sees it (people.names.name_key): no two accounts share
    # one, on SQLite as on PostgreSQL. Null only for an account made before it existed
    # whose name looked like an older one's.
    name_key = models.CharField(max_length=254, unique=True, null=True)  # noqa: DJ001 (unique, many nulls)
    # The account's e-mail (user.email) case-folded, and whether a link mailed to it was
    # opened. Until then it is only a claim: it signs nobody in and gets no reset link,
    # and whoever verifies an address first keeps it (one verified account an address).
    email_key = models.CharField(max_length=254, blank=True, default="")
    email_verified = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["email_key"],
                condition=models.Q(email_verified=True),
                name="one_verified_account_an_email",
            )
        ]

    def __str__(self) -> str:
        return f"grown-up {self.user_id}"

    @property
    def home_url_name(self) -> str:
        """The area they land on after signing up or in; the other stays one link away."""
        return "people:teacher_home" if self.here_for == HereFor.CLASS else "people:parent_home"

    @property
    def has_pin(self) -> bool:
        return bool(self.pin_hash)

    def set_pin(self, pin: str) -> None:
        self.pin_hash = make_password(pin)
        self.save(update_fields=["pin_hash"])

    def check_pin(self, pin: str) -> bool:
        return self.has_pin and check_password(pin, self.pin_hash)


class ChildProfile(models.Model):
    """A parent's child: the learner carries the nickname and avatar; nothing else is asked."""

    parent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="children"
    )
    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="child_profile")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"child {self.learner_id} of {self.parent_id}"


def new_join_code() -> str:
    while True:
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Classroom.objects.filter(join_code=code).exists():
            return code


class School(models.Model):
    """A school that owns classes: its teachers' accounts, its administrators among them
    (they import the rosters and start a new school year), the school year now running.

    A class without a school is a teacher's own, as every class was before schools.
    """

    name = models.CharField(max_length=100)
    # As the school writes it (學年度 115, or 2026); a new school year adds one.
    school_year = models.PositiveSmallIntegerField()
    # The grade whose classes graduate at the new school year (6: 六年級, 9: 九年級).
    top_grade = models.PositiveSmallIntegerField(default=6)
    teachers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="SchoolTeacher", related_name="schools"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Where the school's own accounts come from: a school account its roster names signs a
    # student in only when the sign-in is of it (school_sign_in.accounts.trusts). Set
    # by an administrator whose own school account is of it (people.views.schools).
    microsoft_tenant = models.CharField(max_length=36, blank=True)  # Entra's `tid`, a GUID
    account_domain = models.CharField(max_length=253, blank=True)  # Google's `hd`, or e-mail

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def has_account_source(self) -> bool:
        return bool(self.microsoft_tenant or self.account_domain)

    def vouches_for(self, account: str) -> bool:
        """Whether a school account its roster names (Student.school_account) can sign a
        student in by the school's button alone: the school has said where that kind of
        account comes from (a `microsoft:` one, its tenant; any other, its domain), or it
        is the server's one school and has said nothing. The sign-in's own tenant or
        domain is checked then (school_sign_in.accounts.trusts)."""
        if not self.has_account_source:
            return School.objects.count() <= 1
        if account.startswith("microsoft:"):
            return bool(self.microsoft_tenant)
        return bool(self.account_domain)


class SchoolTeacher(models.Model):
    """A teacher account of a school; an administrator manages the whole school."""

    school = models.ForeignKey(School, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="school_memberships"
    )
    is_admin = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["school", "user"], name="one_membership_a_school")
        ]

    def __str__(self) -> str:
        return f"teacher {self.user_id} of {self.school_id}"


class SchoolInvitation(models.Model):
    """An administrator's invitation to a teacher account (people.views.schools): it
    becomes a membership only when that account accepts it. Kept under the name typed, so
    the administrator's page reads the same whether or not such an account exists;
    `user` is the account the name named then (none: nobody can ever accept it)."""

    school = models.ForeignKey(School, on_delete=models.CASCADE, related_name="invitations")
    username = models.CharField(max_length=150)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="school_invitations",
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["school", "username"], name="one_invitation_a_name")
        ]

    def __str__(self) -> str:
        return f"invitation of {self.username!r} to {self.school_id}"


class SchoolEvent(models.Model):
    """Something a school's IT would look for, on the school's 紀錄 page (its
    administrators'; people.rosters.events): written in the same transaction as the
    change. Classes, students and accounts are named as text in `details`, so an event
    outlives them; so does the grown-up who made the change, by name (`by_name`). An event
    stays as long as its school (docs/school-rosters.md)."""

    class Kind(models.TextChoices):
        ACCOUNT_SOURCE = "account_source"  # the school's tenant or domain set or cleared
        SCHOOL_ACCOUNT_UNLINKED = "school_account_unlinked"  # a student's, by their teacher
        ROSTER_IMPORTED = "roster_imported"
        NEW_YEAR = "new_year"
        GRADUATES_DELETED = "graduates_deleted"  # manage.py delete_graduates: nobody's doing
        TEACHER_INVITED = "teacher_invited"  # by an administrator, by the name typed
        TEACHER_ADDED = "teacher_added"  # the invited teacher accepted (`by`: the inviter)
        TEACHER_LEFT = "teacher_left"  # the teacher's account deleted

    # indexed by school_events_by_time, which leads with it
    school = models.ForeignKey(
        School, on_delete=models.CASCADE, related_name="events", db_index=False
    )
    at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    by_name = models.CharField(max_length=150, blank=True)  # the username then; "": nobody
    kind = models.CharField(max_length=32, choices=Kind.choices)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["school", "at"], name="school_events_by_time")]

    def __str__(self) -> str:
        return f"{self.kind} at school {self.school_id}"


class Classroom(models.Model):
    """A teacher's class; students join it with its code."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classrooms"
    )
    name = models.CharField(max_length=60)
    join_code = models.CharField(
        max_length=JOIN_CODE_MAX_LENGTH, unique=True, default=new_join_code
    )
    # Tablets the class shares: a student's sign-in ends after SHARED_DEVICE_IDLE without
    # a change to the session (people.views.student_login), not a year later.
    shared_devices = models.BooleanField(default=False)
    # A short note from the teacher on the students' first screen; they cannot reply.
    message = models.CharField(max_length=CLASS_MESSAGE_MAX, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # A school's class (people.views.schools): its year, and its id in the school's
    # OneRoster files (people.rosters.files).
    school = models.ForeignKey(
        School, on_delete=models.SET_NULL, null=True, blank=True, related_name="classrooms"
    )
    school_year = models.PositiveSmallIntegerField(null=True, blank=True)
    sourced_id = models.CharField(max_length=100, blank=True)
    # Last year's class after a new school year (people.rosters.school_year): read-only,
    # nobody signs in to it, its seats (ArchivedSeat) name who was in it. A graduates'
    # class keeps its students until `delete_on` has passed (manage.py delete_graduates).
    archived_at = models.DateTimeField(null=True, blank=True)
    delete_on = models.DateField(null=True, blank=True)
    # Imported from a roster that names no teacher the school knows: held by whoever
    # imported it (the school's IT), listed on the school's page, not on their own 老師區,
    # until an import names its teacher.
    awaits_teacher = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return self.name


def new_badge_token() -> str:
    """The secret a child's QR badge carries: random, never typed, changed by the teacher."""
    return secrets.token_urlsafe(24)


class Student(models.Model):
    """A learner in a class, who logs in with the class code, their name and two picture words.

    The secret is stored readable on purpose: the teacher prints it on a login
    card (with its QR badge). It guards a child's star chart, not money; login tries are
    rate-limited (people.limits.picture_locks).
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="students")
    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="student")
    secret_first = models.CharField(max_length=20)
    secret_second = models.CharField(max_length=20)
    # The teacher's order: the pasted list's, numbered from 1 like the seats in a classroom.
    seat_number = models.PositiveSmallIntegerField(default=0)
    # The QR badge on the child's login card signs in with this (people.views.student_login).
    badge_token = models.CharField(max_length=40, unique=True, default=new_badge_token)
    created_at = models.DateTimeField(default=timezone.now)
    # The student's id in the school's OneRoster files (users.csv), kept across years.
    sourced_id = models.CharField(max_length=100, blank=True)
    # The school account a roster names (people.rosters.files.school_account):
    # "<provider>:<subject id>" or an e-mail address. Their first school sign-in finds them
    # by it and links that identity (school_sign_in.accounts.link_roster_student).
    school_account = models.CharField(max_length=255, blank=True, db_index=True)

    class Meta:
        ordering = ["seat_number", "pk"]

    def __str__(self) -> str:
        return f"student {self.learner_id} in {self.classroom_id}"


class ArchivedSeat(models.Model):
    """Who sat in last year's class, and where: the student has moved on to this year's
    class with their progress; deleting the student takes the seat."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="seats")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="past_seats")
    seat_number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seat_number", "pk"]

    def __str__(self) -> str:
        return f"seat {self.seat_number} of {self.classroom_id}"


def add_student(
    classroom: Classroom, nickname: str, *, seat: int, avatar: str, sourced_id: str = ""
) -> Student:
    """A new student with their own learner and a new picture secret."""
    from people.picture_words import new_secret

    learner = Learner.objects.create(nickname=nickname, avatar=avatar)
    first, second = new_secret()
    return Student.objects.create(
        classroom=classroom,
        learner=learner,
        secret_first=first,
        secret_second=second,
        seat_number=seat,
        sourced_id=sourced_id,
    )


def next_seat_number(classroom: Classroom) -> int:
    """The seat after the class's last one."""
    last = classroom.students.aggregate(last=models.Max("seat_number"))["last"]
    return (last or 0) + 1


class Assignment(models.Model):
    """A lesson a teacher asks a class to finish (or its rule to master), optionally by a date."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    lesson = models.CharField(max_length=40)
    due_on = models.DateField(null=True, blank=True)
    # "Practise castling until mastered": done when the rule is mastered (practice's
    # review list), not when the lesson's puzzles are solved.
    until_mastered = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["due_on", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "lesson"], name="one_assignment_per_lesson"
            )
        ]

    def __str__(self) -> str:
        return f"{self.lesson} for {self.classroom_id}"


class KnownAddress(models.Model):
    """An address (as the limits count it: an IPv6 /64) an account signed in from with its
    password, and when last (people.limits.known_places)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="known_addresses"
    )
    address = models.CharField(max_length=64)
    last_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "address"], name="one_row_an_address")
        ]

    def __str__(self) -> str:
        return f"{self.address} of {self.user_id}"


class LoginFailure(models.Model):
    """One failed sign-in, kept briefly so repeated guessing can be slowed down."""

    scope = models.CharField(max_length=20)
    key = models.CharField(max_length=200)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "created_at"])]

    def __str__(self) -> str:
        return f"{self.scope} {self.key} {self.created_at:%Y-%m-%d %H:%M}"
