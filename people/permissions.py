"""Who may see what: a teacher only their classes, a parent only their children.

The helpers raise Http404 for anything not the user's own, so another adult
cannot even learn that a class or child exists.
"""

from collections.abc import Callable
from functools import wraps
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from lessons.models import Learner
from people.models import ChildProfile, Classroom, GrownUp, Student

LOCKED_SESSION_KEY = "grown_up_area_locked"


def grown_up_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed in, and the grown-up area not locked by the PIN since a child was picked."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.session.get(LOCKED_SESSION_KEY):
            query = urlencode({"next": request.get_full_path()})
            return redirect(f"{reverse('people:unlock')}?{query}")
        return view(request, *args, **kwargs)

    return wrapped


def grown_up_of(user) -> GrownUp:
    grown_up, _ = GrownUp.objects.get_or_create(user=user)
    return grown_up


def classroom_for_teacher(user, classroom_id: int) -> Classroom:
    """One of the teacher's classes; last year's (archived) are the school's pages' only."""
    return get_object_or_404(Classroom, pk=classroom_id, teacher=user, archived_at__isnull=True)


def student_for_teacher(user, student_id: int) -> Student:
    return get_object_or_404(
        Student.objects.select_related("learner", "classroom"),
        pk=student_id,
        classroom__teacher=user,
        classroom__archived_at__isnull=True,
    )


def child_for_parent(user, learner_id: int) -> ChildProfile:
    return get_object_or_404(
        ChildProfile.objects.select_related("learner"), learner_id=learner_id, parent=user
    )


def learner_for_grown_up(user, learner_id: int) -> Learner:
    """A learner the user looks after: their child, a student in one of their classes, their
    own progress, or the progress waiting for them to place."""
    return get_object_or_404(
        Learner.objects.filter(
            Q(child_profile__parent=user)
            | Q(student__classroom__teacher=user)
            | Q(grown_up__user=user)
            | Q(unclaimed_by__user=user)
        ).distinct(),
        pk=learner_id,
    )


def is_adoptable(learner: Learner) -> bool:
    """An anonymous browser's learner, not yet anybody's child, student or own progress."""
    return not (
        ChildProfile.objects.filter(learner=learner).exists()
        or Student.objects.filter(learner=learner).exists()
        or GrownUp.objects.filter(Q(learner=learner) | Q(unclaimed=learner)).exists()
    )
