"""Who may see what: a grown-up only their own sets and puzzles (another's set only through
its share link), assigns only to their own classes and children; a learner sees only the
sets given to their class or to them. Anything else answers 404."""

from __future__ import annotations

import secrets

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from lessons.learners import current_learner
from people.models import ChildProfile, Classroom
from puzzlesets.models import PuzzleSet, SetAssignment, SetItem


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


def set_for_owner(user, set_id: int) -> PuzzleSet:
    return get_object_or_404(PuzzleSet, pk=set_id, owner=user)


def item_for_owner(user, item_id: int) -> SetItem:
    return get_object_or_404(
        SetItem.objects.select_related("puzzle_set"), pk=item_id, puzzle_set__owner=user
    )


def assignment_for_owner(user, assignment_id: int) -> SetAssignment:
    return get_object_or_404(
        SetAssignment.objects.select_related("puzzle_set", "classroom", "child"),
        pk=assignment_id,
        puzzle_set__owner=user,
    )


def assign_choices(user) -> list[tuple[str, str]]:
    """The classes the user teaches and the children they look after, as form choices."""
    classes = [
        (f"class-{pk}", _("Class: %(name)s") % {"name": name})
        for pk, name in Classroom.objects.filter(teacher=user).values_list("pk", "name")
    ]
    children = [
        (f"child-{pk}", _("Child: %(name)s") % {"name": name})
        for pk, name in ChildProfile.objects.filter(parent=user).values_list(
            "learner_id", "learner__nickname"
        )
    ]
    return classes + children


def assign_target(user, choice: str) -> dict:
    kind, _sep, pk = choice.partition("-")
    if kind == "class":
        return {"classroom": get_object_or_404(Classroom, pk=int(pk), teacher=user)}
    profile = get_object_or_404(ChildProfile, learner_id=int(pk), parent=user)
    return {"child": profile.learner}


def assignments_of(learner_id: int | None):
    """The set assignments a learner is given: their class's and their own."""
    if learner_id is None:
        return SetAssignment.objects.none()
    return SetAssignment.objects.filter(
        Q(classroom__students__learner_id=learner_id) | Q(child_id=learner_id)
    ).select_related("puzzle_set")


def assignment_for_learner(learner, assignment_id: int) -> SetAssignment:
    if learner is None:
        raise Http404("no learner")
    return get_object_or_404(assignments_of(learner.pk), pk=assignment_id)


def item_for_student(request, item_id: int) -> SetItem:
    """A set item a signed-in student may answer live (the set of their class's teacher),
    or its owner try (a preview from the set page)."""
    items = SetItem.objects.select_related("own", "puzzle_set")
    if request.user.is_authenticated and items.filter(pk=item_id, puzzle_set__owner=request.user):
        return items.get(pk=item_id)
    learner = current_learner(request)
    if learner is None:
        raise Http404("no learner")
    return get_object_or_404(
        items.distinct(), pk=item_id, puzzle_set__owner__classrooms__students__learner=learner
    )
