"""How far picture-word guessing can go without a child's slip locking anybody out.

A secret is one of 132 ordered pairs. A school's children share one address, and a
six-year-old taps the wrong picture now and then, so:

- a child: after FREE_TRIES wrong pairs within rate_limit.WINDOW, each further try waits
  a growing pause (pause_after: 15 s, 30 s, 1 min, ... never more than LONGEST_PAUSE),
  wherever it comes from. A slip costs nothing; guessing one child gets about a dozen
  tries in 15 minutes, and the pause ends by itself, so nobody needs the teacher;
- a class: paused only for a sweep, wrong pairs for SPRAY_CHILDREN different children from
  one device (its session) within WINDOW. The pause is short (CLASS_LOCK) and ends at the
  teacher's one tap (class_lock_banner, on every teacher page of the class and the live
  ones). A tablet the class shares starts a new session at every sign-in, so children
  taking turns on it are not a sweep. A school's children share one address: their slips
  from it are counted per child only (before issue 44, 12 children slipping once each from
  the school's address, or 4 wrong pairs from one browser, locked the class for an hour).
  A guesser who drops cookies is held by each child's own pause.

Most children never tap pictures at all: the QR badge on their card signs them in with a
token nobody types (people.views.student_login.badge_sign_in).
"""

from datetime import datetime, timedelta

from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from people.limits import rate_limit
from people.models import Classroom, LoginFailure, Student
from people.picture_words import PICTURE_WORDS

CHILD_SCOPE = "pictures-child"  # key: student-<id>
DEVICE_SCOPE = "pictures-device"  # key: class-<id>|<session key>|student-<id>
ADDRESS_SCOPE = "pictures-address"  # no longer written (issue 44); unlock_class clears it
CLASS_LOCK_SCOPE = "class-lock"  # key: class-<id>
FREE_TRIES = 3
FIRST_PAUSE = timedelta(seconds=15)
LONGEST_PAUSE = timedelta(minutes=2)
SPRAY_CHILDREN = 6
CLASS_LOCK = timedelta(minutes=10)


def secret_count() -> int:
    """Ordered pairs of two different picture words."""
    return len(PICTURE_WORDS) * (len(PICTURE_WORDS) - 1)


def pause_after(wrong: int) -> timedelta:
    """The wait before the next try after `wrong` wrong pairs: none for the first
    FREE_TRIES, then doubling from FIRST_PAUSE up to LONGEST_PAUSE."""
    if wrong < FREE_TRIES:
        return timedelta(0)
    return min(FIRST_PAUSE * 2 ** (wrong - FREE_TRIES), LONGEST_PAUSE)


def tries_in(window: timedelta) -> int:
    """How many pairs one child can be tried on within `window`, waiting out every pause."""
    tries, spent = 0, timedelta(0)
    while spent <= window:
        tries += 1
        spent += pause_after(tries)
    return tries


def _child_key(student: Student) -> str:
    return f"student-{student.pk}"


def _class_key(classroom_id: int) -> str:
    return f"class-{classroom_id}"


def _device(request: HttpRequest) -> str:
    if request.session.session_key is None:
        request.session.save()  # a device that has never had a session gets one now
    return request.session.session_key


def class_locked(classroom_id: int) -> bool:
    since = timezone.now() - CLASS_LOCK
    return LoginFailure.objects.filter(
        scope=CLASS_LOCK_SCOPE, key=_class_key(classroom_id), created_at__gte=since
    ).exists()


def _recent_wrong(student: Student) -> list[datetime]:
    since = timezone.now() - rate_limit.WINDOW
    return list(
        LoginFailure.objects.filter(
            scope=CHILD_SCOPE, key=_child_key(student), created_at__gte=since
        ).values_list("created_at", flat=True)
    )


def wait_left(student: Student) -> timedelta:
    """How long this child's picture login still pauses (zero when a try may come now)."""
    wrong = _recent_wrong(student)
    if not wrong:
        return timedelta(0)
    left = max(wrong) + pause_after(len(wrong)) - timezone.now()
    return max(left, timedelta(0))


def is_blocked(request: HttpRequest, student: Student) -> bool:
    return class_locked(student.classroom_id) or wait_left(student) > timedelta(0)


def _children_tried(scope: str, prefix: str) -> int:
    since = timezone.now() - rate_limit.WINDOW
    keys = LoginFailure.objects.filter(scope=scope, key__startswith=prefix, created_at__gte=since)
    return keys.values("key").distinct().count()


def record_wrong_pair(request: HttpRequest, student: Student) -> None:
    class_key = _class_key(student.classroom_id)
    device = f"{class_key}|{_device(request)}|"
    rate_limit.record_failure(CHILD_SCOPE, _child_key(student))
    rate_limit.record_failure(DEVICE_SCOPE, device + _child_key(student))
    if _children_tried(DEVICE_SCOPE, device) >= SPRAY_CHILDREN and not class_locked(
        student.classroom_id
    ):
        # Kept past the failures' window: record_failure keeps rows rate_limit.KEPT_FOR,
        # so the lock is its own row, read for CLASS_LOCK (see class_locked).
        LoginFailure.objects.create(scope=CLASS_LOCK_SCOPE, key=class_key)


def record_right_pair(request: HttpRequest, student: Student) -> None:
    rate_limit.clear_failures(CHILD_SCOPE, _child_key(student))


def locked_student_ids(classroom: Classroom) -> set[int]:
    """The class's children whose picture login pauses now, for the teacher's roster."""
    since = timezone.now() - rate_limit.WINDOW
    rows = LoginFailure.objects.filter(
        scope=CHILD_SCOPE, key__startswith="student-", created_at__gte=since
    ).values_list("key", "created_at")
    times: dict[int, list[datetime]] = {}
    for key, created_at in rows:
        student_id = key.removeprefix("student-")
        if student_id.isdigit():
            times.setdefault(int(student_id), []).append(created_at)
    now = timezone.now()
    paused = {
        student_id
        for student_id, wrong in times.items()
        if max(wrong) + pause_after(len(wrong)) > now
    }
    return paused & set(classroom.students.values_list("pk", flat=True))


def locked_classrooms(user) -> list[Classroom]:
    """The teacher's classes whose picture login is locked now (one query each way)."""
    since = timezone.now() - CLASS_LOCK
    keys = LoginFailure.objects.filter(
        scope=CLASS_LOCK_SCOPE, key__startswith="class-", created_at__gte=since
    ).values_list("key", flat=True)
    ids = {int(key.removeprefix("class-")) for key in keys if key[6:].isdigit()}
    if not ids:
        return []
    return list(Classroom.objects.filter(teacher=user, pk__in=ids))


def unlock_student(student: Student) -> None:
    LoginFailure.objects.filter(scope=CHILD_SCOPE, key=_child_key(student)).delete()


def unlock_class(classroom: Classroom) -> None:
    """The lock goes, and with it the pattern that made it (so it does not come back at the
    next slip); each child's own pauses stay."""
    key = _class_key(classroom.pk)
    LoginFailure.objects.filter(
        Q(scope=CLASS_LOCK_SCOPE, key=key)
        | Q(scope__in=[DEVICE_SCOPE, ADDRESS_SCOPE], key__startswith=f"{key}|")
    ).delete()
