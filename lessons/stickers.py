"""Stickers and certificates: what a child keeps of a finished lesson (issue 25).

A finished lesson (every puzzle solved) is a sticker: its picture coloured in on the map and
on the sticker page. A finished group of lessons (lessons.progress.MapGroup) offers a
certificate to print, with the child's nickname (or a name typed on the page, never stored)
and the day the group's last puzzle was solved; static/css/stickers.css has its print
stylesheet. Read only: nothing here writes.
"""

from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from curriculum.loading import get_curriculum
from lessons.learners import current_learner
from lessons.models import PuzzleResult
from lessons.progress import MapGroup, lesson_map, stars_by_puzzle

NAME_LIMIT = 20  # characters of a name typed on a certificate


def group_complete(group: MapGroup) -> bool:
    return all(entry.progress.complete for entry in group.entries)


@require_safe
def sticker_page(request: HttpRequest) -> HttpResponse:
    groups = lesson_map(get_curriculum(), stars_by_puzzle(current_learner(request)))
    entries = [entry for group in groups for entry in group.entries]
    context = {
        "groups": groups,
        "earned": sum(entry.progress.complete for entry in entries),
        "total": len(entries),
        "finished_groups": {group.key for group in groups if group_complete(group)},
    }
    return render(request, "lessons/stickers.html", context)


@require_safe
def certificate(request: HttpRequest, group: str) -> HttpResponse:
    learner = current_learner(request)
    groups = {found.key: found for found in lesson_map(get_curriculum(), stars_by_puzzle(learner))}
    found = groups.get(group)
    if found is None:
        message = _("There is no group of lessons called “%(slug)s”.") % {"slug": group[:40]}
        return _problem(request, message, 404)
    left = sum(not entry.progress.complete for entry in found.entries)
    if left or learner is None:
        message = _("Finish every lesson of “%(group)s” first: %(count)s more to go.") % {
            "group": found.title,
            "count": left,
        }
        return _problem(request, message, 403)
    typed = request.GET.get("name")
    name = (typed if typed is not None else learner.nickname).strip()
    if len(name) > NAME_LIMIT:
        message = _("A name has at most %(count)s characters.") % {"count": NAME_LIMIT}
        return _problem(request, message, 400)
    finished_on = PuzzleResult.objects.filter(
        learner=learner, lesson__in=[entry.lesson.slug for entry in found.entries]
    ).aggregate(at=Max("solved_at"))["at"]
    context = {"group": found, "name": name, "finished_on": finished_on, "limit": NAME_LIMIT}
    return render(request, "lessons/certificate.html", context)


def _problem(request: HttpRequest, message: str, status: int) -> HttpResponse:
    context = {"message": message, "back_to_stickers": True}
    return render(request, "lessons/problem.html", context, status=status)
