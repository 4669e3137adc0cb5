"""Parents: their children, 「現在誰在學？」 on a shared device, the PIN closing the area."""

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Max, OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lessons.learners import LEARNER_SESSION_KEY, use_learner
from lessons.models import Attempt, Learner
from people import adoption, reports
from people.forms import ChildForm, PinForm
from people.limits import rate_limit
from people.models import ChildProfile
from people.next_url import safe_next_url
from people.permissions import (
    LOCKED_SESSION_KEY,
    child_for_parent,
    grown_up_of,
    grown_up_required,
)
from people.post_only import post_only
from people.reports.mastery import rule_standings
from plumbing.ids import parse_id

PIN_SCOPE = "pin"


def _children(user) -> list[ChildProfile]:
    """The parent's children, each with `last_active`: their latest answer, None before the
    first (being added or picked is not learning) (one query;
    each child's latest attempt is one step down the (learner, created_at) index, so the
    page costs the same after 200 attempts or 200,000)."""
    latest_attempt = (
        Attempt.objects.filter(learner=OuterRef("learner"))
        .order_by("-created_at")
        .values("created_at")[:1]
    )
    children = list(
        ChildProfile.objects.filter(parent=user)
        .select_related("learner")
        .annotate(last_active=Subquery(latest_attempt))
    )
    return children


def _parent_page(request: HttpRequest, child_form: ChildForm, pin_form: PinForm, status=200):
    context = {
        "children": _children(request.user),
        "child_form": child_form,
        "pin_form": pin_form,
        "grown_up": grown_up_of(request.user),
    }
    return render(request, "people/parent_home.html", context, status=status)


@grown_up_required
def parent_home(request: HttpRequest) -> HttpResponse:
    return _parent_page(request, ChildForm(), PinForm())


@post_only(
    lambda: _("To add a child, fill in the form on the parents' page."),
    "people:parent_home",
    lambda: _("Go to the parents' page"),
)
@grown_up_required
def add_child(request: HttpRequest) -> HttpResponse:
    form = ChildForm(request.POST)
    if not form.is_valid():
        return _parent_page(request, form, PinForm(), status=400)
    with transaction.atomic():
        learner = Learner.objects.create(
            nickname=form.cleaned_data["nickname"], avatar=form.cleaned_data["avatar"]
        )
        ChildProfile.objects.create(parent=request.user, learner=learner)
    return redirect("people:parent_home")


@grown_up_required
def child_progress(request: HttpRequest, learner_id: int) -> HttpResponse:
    child = child_for_parent(request.user, learner_id)
    lessons = reports.stars_per_lesson(child.learner)
    context = {
        "child": child,
        "learner": child.learner,
        "last_active": Attempt.objects.filter(learner=child.learner).aggregate(t=Max("created_at"))[
            "t"
        ],
        # What the child has done leads; the lessons not started yet are one tap away.
        "lessons": [row for row in lessons if row.progress.solved],
        "not_started": [row.lesson for row in lessons if not row.progress.solved],
        "solved_total": sum(row.progress.solved for row in lessons),
        "trips": reports.rules_tripped_over([child.learner_id]),
        "rules": rule_standings([child.learner_id])[child.learner_id],
    }
    return render(request, "people/child_progress.html", context)


@require_POST
@grown_up_required
def set_pin(request: HttpRequest) -> HttpResponse:
    form = PinForm(request.POST)
    if not form.is_valid():
        return _parent_page(request, ChildForm(), form, status=400)
    grown_up_of(request.user).set_pin(form.cleaned_data["pin"])
    return redirect("people:parent_home")


@login_required
def who_is_learning(request: HttpRequest) -> HttpResponse:
    """A child picks themselves, or the grown-up themselves (「我自己」); with a PIN set, the
    grown-up area closes behind a child, and only the PIN gives the grown-up's learner back."""
    if request.method == "POST":
        if request.POST.get("learner") == "me":
            return _learn_as_the_grown_up(request)
        learner_id = parse_id(request.POST.get("learner", ""))
        if learner_id is None:
            return render(request, "people/bad_request.html", status=400)
        child = child_for_parent(request.user, learner_id)
        use_learner(request, child.learner)
        if grown_up_of(request.user).has_pin:
            request.session[LOCKED_SESSION_KEY] = True
        return redirect("lesson_map")
    return render(request, "people/who_is_learning.html", {"children": _children(request.user)})


@grown_up_required
def _learn_as_the_grown_up(request: HttpRequest) -> HttpResponse:
    use_learner(request, adoption.own_learner(grown_up_of(request.user)))
    return redirect("lesson_map")


def pin_answer(request: HttpRequest, grown_up, form: PinForm) -> str:
    """Check a posted PIN, rate-limited per account: "right", "wrong" or "blocked"."""
    key = rate_limit.client_key(request, str(request.user.pk))
    if rate_limit.is_blocked(PIN_SCOPE, key):
        return "blocked"
    if form.is_valid() and grown_up.check_pin(form.cleaned_data["pin"]):
        rate_limit.clear_failures(PIN_SCOPE, key)
        return "right"
    rate_limit.record_failure(PIN_SCOPE, key)
    return "wrong"


@login_required
def unlock(request: HttpRequest) -> HttpResponse:
    grown_up = grown_up_of(request.user)
    next_url = safe_next_url(request, "")
    form = PinForm(request.POST or None)
    if request.method == "POST":
        answer = pin_answer(request, grown_up, form)
        if answer == "blocked":
            return render(request, "people/too_many_tries.html", status=429)
        if answer == "right":  # the area opens; the child picked stays picked
            request.session.pop(LOCKED_SESSION_KEY, None)
            return redirect(next_url or "people:parent_home")
        context = {"form": form, "next": next_url, "wrong": True}
        return render(request, "people/unlock.html", context, status=400)
    return render(request, "people/unlock.html", {"form": form, "next": next_url})


@require_POST
@grown_up_required
def claim_stars(request: HttpRequest) -> HttpResponse:
    """「這些星星是誰的？」 answered: the grown-up's own (「me」) or one of their children's."""
    owner = request.POST.get("owner", "")
    target = None
    if owner != "me":
        learner_id = parse_id(owner)
        if learner_id is None:
            return render(request, "people/bad_request.html", status=400)
        target = child_for_parent(request.user, learner_id).learner
    moved = adoption.place_unclaimed(grown_up_of(request.user), target)
    if moved is not None and request.session.get(LEARNER_SESSION_KEY) == moved:
        # The grown-up is at the device: it goes on as them; a child is picked as always.
        use_learner(request, adoption.own_learner(grown_up_of(request.user)))
    return redirect(safe_next_url(request, "") or grown_up_of(request.user).home_url_name)
