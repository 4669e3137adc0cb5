"""How far picture-word guessing can go, and the teacher's one tap that undoes a lock.

A secret is one of 132 ordered pairs, so guessing must stay slow for a whole class, not
just for one student:

- a student: STUDENT_MAX wrong pairs from one address within rate_limit.WINDOW lock that
  student at that address;
- a class: CLASS_MAX wrong pairs for any of its students, from anywhere, within WINDOW
  lock the whole class's picture login for CLASS_LOCK (or until the teacher unlocks).

So one class gives a guesser at most CLASS_MAX tries an hour (spraying_odds below: 7.4 %
for CLASS_MAX = 10, where the per-student limit alone gave 69 % in 15 minutes for a class
of 30). A lock also stops the real child: the teacher's roster shows every lock with a
one-tap unlock, and 「換新密碼」 ends the sessions the old secret opened.
"""

from datetime import timedelta

from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from tutor.people import rate_limit
from tutor.people.models import Classroom, LoginFailure, Student
from tutor.people.picture_words import PICTURE_WORDS

STUDENT_SCOPE = "student"
CLASS_SCOPE = "class"
CLASS_LOCK_SCOPE = "class-lock"
STUDENT_MAX = rate_limit.MAX_FAILURES
CLASS_MAX = 10
CLASS_LOCK = timedelta(hours=1)


def secret_count() -> int:
    """Ordered pairs of two different picture words."""
    return len(PICTURE_WORDS) * (len(PICTURE_WORDS) - 1)


def spraying_odds(students: int, tries_per_student: int, total_tries: int) -> float:
    """The chance that guessing signs in as somebody, spreading `total_tries` wrong-or-right
    tries over the class, at most `tries_per_student` on one student, never a pair twice."""
    secrets = secret_count()
    left = total_tries
    miss = 1.0
    for _ in range(students):
        tries = min(tries_per_student, left)
        miss *= (secrets - tries) / secrets  # `tries` different pairs on one student
        left -= tries
        if left == 0:
            break
    return 1 - miss


def _student_key(request: HttpRequest, student: Student) -> str:
    return rate_limit.client_key(request, f"student-{student.pk}")


def _class_key(classroom_id: int) -> str:
    return f"class-{classroom_id}"


def class_locked(classroom_id: int) -> bool:
    since = timezone.now() - CLASS_LOCK
    return LoginFailure.objects.filter(
        scope=CLASS_LOCK_SCOPE, key=_class_key(classroom_id), created_at__gte=since
    ).exists()


def is_blocked(request: HttpRequest, student: Student) -> bool:
    return class_locked(student.classroom_id) or rate_limit.is_blocked(
        STUDENT_SCOPE, _student_key(request, student), STUDENT_MAX
    )


def record_wrong_pair(request: HttpRequest, student: Student) -> None:
    rate_limit.record_failure(STUDENT_SCOPE, _student_key(request, student))
    class_key = _class_key(student.classroom_id)
    rate_limit.record_failure(CLASS_SCOPE, class_key)
    if rate_limit.is_blocked(CLASS_SCOPE, class_key, CLASS_MAX) and not class_locked(
        student.classroom_id
    ):
        # Kept past the failures' window: record_failure keeps rows WINDOW long, so the
        # lock is its own row, read for CLASS_LOCK (see class_locked).
        LoginFailure.objects.create(scope=CLASS_LOCK_SCOPE, key=class_key)


def record_right_pair(request: HttpRequest, student: Student) -> None:
    rate_limit.clear_failures(STUDENT_SCOPE, _student_key(request, student))


def locked_student_ids(classroom: Classroom) -> set[int]:
    """Students locked at some address now (one query), for the teacher's roster."""
    since = timezone.now() - rate_limit.WINDOW
    keys = LoginFailure.objects.filter(
        scope=STUDENT_SCOPE,
        key__startswith="student-",
        created_at__gte=since,
    ).values_list("key", flat=True)
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    ids = set()
    for key, count in counts.items():
        student_part = key.split("|", 1)[0].removeprefix("student-")
        if count >= STUDENT_MAX and student_part.isdigit():
            ids.add(int(student_part))
    return ids & set(classroom.students.values_list("pk", flat=True))


def unlock_student(student: Student) -> None:
    prefix = f"student-{student.pk}|"
    LoginFailure.objects.filter(scope=STUDENT_SCOPE, key__startswith=prefix).delete()


def unlock_class(classroom: Classroom) -> None:
    key = _class_key(classroom.pk)
    LoginFailure.objects.filter(Q(scope=CLASS_SCOPE) | Q(scope=CLASS_LOCK_SCOPE), key=key).delete()
