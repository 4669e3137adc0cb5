"""The set pages: a grown-up's puzzles and sets (/teacher/sets/…), the shared link, and a
child's set (/sets/<assignment>/…), answered by the lessons' answering service."""

from __future__ import annotations

import random
from functools import partial

from django.db import transaction
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from board.component import BoardInputError, BoardView, board_context
from curriculum import authoring
from curriculum.loading import get_curriculum
from curriculum.puzzle_forms import PostError
from curriculum.puzzles import Puzzle
from editor.links import may_edit
from languages import lists
from lessons import answering
from lessons.answering import Hints, Reasks
from lessons.learners import current_learner, learner_and_history
from lessons.pages import render_puzzle
from lessons.presenter import present_puzzle
from people.permissions import grown_up_required
from plumbing.ids import parse_id
from plumbing.ordering import swap_with_neighbour
from practice import generators
from puzzlesets import catalogue, exchange, permissions, questions
from puzzlesets.forms import AssignForm, PuzzleForm, SetForm
from puzzlesets.models import OwnPuzzle, PuzzleSet, SetAssignment, SetItem
from puzzlesets.pages import item_view
from puzzlesets.results import assignment_results, learner_results
from worksheets.printing import BadSheet, SheetForm, paper_of, sheet_response
from worksheets.sheets import worksheet_for

_seeds = random.SystemRandom()


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "people/bad_request.html", {"message": message}, status=400)


# --- a grown-up's sets -----------------------------------------------------------------


@grown_up_required
@require_http_methods(["GET", "HEAD", "POST"])
def sets_home(request: HttpRequest) -> HttpResponse:
    form = SetForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return _bad_request(request, _("Give the set a name."))
        made = PuzzleSet.objects.create(owner=request.user, name=form.cleaned_data["name"])
        return redirect("puzzlesets:set_page", made.pk)
    context = {
        "sets": PuzzleSet.objects.filter(owner=request.user),
        "own": [_own_row(own) for own in request.user.own_puzzles.all()],
        "form": form,
    }
    return render(request, "puzzlesets/home.html", context)


def _own_row(own: OwnPuzzle) -> tuple[Puzzle | None, BoardView | None, str]:
    """An own puzzle as its list shows it: the puzzle, a small picture of its position (the
    side to move below) and the picture's spoken words."""
    puzzle = catalogue.own_puzzle(own)
    if puzzle is None or not puzzle.start_fen:
        return puzzle, None, ""
    board = board_context(puzzle.start_fen, mode="view", orientation=puzzle.side_to_move)
    pieces = lists.join(square.label for square in board.squares if square.piece)
    return puzzle, board, _("The position: %(pieces)s") % {"pieces": pieces}


@grown_up_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_puzzle(request: HttpRequest) -> HttpResponse:
    """The new-puzzle form; `fen` and `moves` are prefilled from the same GET parameters."""
    to_set = _owned_set_or_none(request, request.POST.get("set") or request.GET.get("set"))
    if request.method != "POST":
        initial = {name: request.GET.get(name, "") for name in ("fen", "moves", "question")}
        return _puzzle_form(request, PuzzleForm(initial=initial), to_set)
    form = PuzzleForm(request.POST)
    if not form.is_valid():
        return _puzzle_form(request, form, to_set, status=400)
    everything = [p for lesson in get_curriculum().lessons for p in lesson.puzzles]
    prompt = form.cleaned_data["prompt"]
    try:
        draft = authoring.completed(form.draft(), everything, prompt)
    except authoring.Refused as refused:
        reasons = [questions.refusal_text(r) for r in refused.refusals]
        return _puzzle_form(request, form, to_set, reasons=reasons, status=400)
    with transaction.atomic():
        own = OwnPuzzle.objects.create(owner=request.user, draft=draft.as_dict(), prompt=prompt)
        if to_set is not None:
            _append(to_set, own=own)
    if to_set is not None:
        return redirect("puzzlesets:set_page", to_set.pk)
    return redirect("puzzlesets:sets_home")


def _puzzle_form(request, form, to_set, reasons=(), status=200) -> HttpResponse:
    context = {"form": form, "to_set": to_set, "reasons": reasons}
    return render(request, "puzzlesets/new_puzzle.html", context, status=status)


def _owned_set_or_none(request, pk) -> PuzzleSet | None:
    pk = parse_id(str(pk or ""))
    if pk is None:
        return None
    return permissions.set_for_owner(request.user, pk)


def _append(puzzle_set: PuzzleSet, **what) -> SetItem:
    last = puzzle_set.items.aggregate(last=Max("position"))["last"] or 0
    return SetItem.objects.create(puzzle_set=puzzle_set, position=last + 1, **what)


@grown_up_required
@require_safe
def set_page(request: HttpRequest, set_id: int) -> HttpResponse:
    puzzle_set = permissions.set_for_owner(request.user, set_id)
    entries = [(item, catalogue.puzzle_of(item)) for item in puzzle_set.items.select_related("own")]
    assignments = [
        (a, assignment_results(a))
        for a in puzzle_set.assignments.select_related("classroom", "child")
    ]
    context = {
        "puzzle_set": puzzle_set,
        "entries": entries,
        "own": [(own, catalogue.own_puzzle(own)) for own in request.user.own_puzzles.all()],
        "lesson_choices": _lesson_choices(),
        "practice_rules": _practice_rules(),
        "assign_form": AssignForm(
            choices=permissions.assign_choices(request.user), items=len(entries)
        ),
        "assignments": assignments,
        "share_url": request.build_absolute_uri(
            reverse("puzzlesets:shared", args=[puzzle_set.share_token])
        )
        if puzzle_set.share_token
        else "",
    }
    return render(request, "puzzlesets/set_page.html", context)


@grown_up_required
@require_safe
def set_sheet(request: HttpRequest, set_id: int, as_pdf: bool = False) -> HttpResponse:
    """The set as a worksheet (print page or PDF): its puzzles in its order; each puzzle's
    QR code opens the item for the owner's class, the sheet's own opens the child's map
    (where the set waits under 「要做的題組」)."""
    puzzle_set = permissions.set_for_owner(request.user, set_id)
    try:
        paper = paper_of(request)
    except BadSheet as error:
        return _bad_request(request, str(error))
    entries = catalogue.puzzles_in(puzzle_set)
    if not entries:
        return _bad_request(request, _("This set has no puzzles yet: add some, then print it."))
    item_of = {puzzle.id: item for item, puzzle in entries}
    sheet = worksheet_for(
        puzzle_set.name,
        [puzzle for _item, puzzle in entries],
        request.build_absolute_uri(reverse("lesson_map")),
        paper,
        puzzle_url=lambda puzzle: request.build_absolute_uri(
            reverse("puzzlesets:item_puzzle", args=[item_of[puzzle.id].pk])
        ),
    )
    return sheet_response(
        request,
        sheet,
        pdf_url=reverse("puzzlesets:set_sheet_pdf", args=[puzzle_set.pk]),
        filename=f"worksheet-set-{puzzle_set.pk}-{paper}.pdf",
        as_pdf=as_pdf,
        form=SheetForm(paper),
    )


def _lesson_choices():
    return [
        (lesson.title, [(p.id, f"{n}. {p.prompt}") for n, p in enumerate(lesson.puzzles, 1)])
        for lesson in get_curriculum().lessons
    ]


def _practice_rules():
    titles = {lesson.slug: lesson.title for lesson in get_curriculum().lessons}
    return [(rule, titles[rule]) for rule in generators.rules_in_curriculum()]


@grown_up_required
@require_POST
def add_item(request: HttpRequest, set_id: int) -> HttpResponse:
    """An own puzzle, a lesson's puzzle or a fresh practice puzzle at the end of the set."""
    puzzle_set = permissions.set_for_owner(request.user, set_id)
    own_pk, source, rule = (request.POST.get(k, "") for k in ("own", "source", "practice"))
    if (own_id := parse_id(own_pk)) is not None:
        own = get_object_or_404(OwnPuzzle, pk=own_id, owner=request.user)
        _append(puzzle_set, own=own)
    elif source and get_curriculum().puzzle(source) is not None:
        _append(puzzle_set, source=source)
    elif rule in generators.RULES:
        made = generators.fresh(rule, 1 + len(puzzle_set.items.all()) % 3, _seeds)
        if made is None:
            return _bad_request(request, _("No practice puzzle could be made just now."))
        _append(puzzle_set, source=made.id)
    else:
        return _bad_request(request, _("Choose one of the puzzles."))
    return redirect("puzzlesets:set_page", puzzle_set.pk)


@grown_up_required
@require_POST
def move_item(request: HttpRequest, set_item_id: int) -> HttpResponse:
    item = permissions.item_for_owner(request.user, set_item_id)
    step = -1 if request.POST.get("direction") == "up" else 1
    with transaction.atomic():
        swap_with_neighbour(item.puzzle_set.items.select_for_update(), item, step)
    return redirect("puzzlesets:set_page", item.puzzle_set_id)


@grown_up_required
@require_POST
def remove_item(request: HttpRequest, set_item_id: int) -> HttpResponse:
    item = permissions.item_for_owner(request.user, set_item_id)
    item.delete()
    return redirect("puzzlesets:set_page", item.puzzle_set_id)


@grown_up_required
@require_POST
def assign(request: HttpRequest, set_id: int) -> HttpResponse:
    puzzle_set = permissions.set_for_owner(request.user, set_id)
    items = puzzle_set.items.count()
    form = AssignForm(request.POST, choices=permissions.assign_choices(request.user), items=items)
    if not items:
        return _bad_request(request, _("Add puzzles to the set first."))
    if not form.is_valid():
        return _bad_request(
            request,
            _("Choose a class or a child, and a pass mark from 1 to %(count)s.") % {"count": items},
        )
    target = permissions.assign_target(request.user, form.cleaned_data["to"])
    # Given again: the new due date and pass mark replace the old (its answers stay).
    SetAssignment.objects.update_or_create(
        puzzle_set=puzzle_set,
        **target,
        defaults={
            "due_on": form.cleaned_data["due_on"],
            "pass_mark": form.cleaned_data["pass_mark"],
        },
    )
    return redirect("puzzlesets:set_page", puzzle_set.pk)


@grown_up_required
@require_POST
def remove_assignment(request: HttpRequest, set_assignment_id: int) -> HttpResponse:
    assignment = permissions.assignment_for_owner(request.user, set_assignment_id)
    assignment.delete()
    return redirect("puzzlesets:set_page", assignment.puzzle_set_id)


@grown_up_required
@require_safe
def results_csv(request: HttpRequest, set_assignment_id: int) -> HttpResponse:
    assignment = permissions.assignment_for_owner(request.user, set_assignment_id)
    return exchange.results_csv(assignment, assignment_results(assignment))


# --- sharing ------------------------------------------------------------------------------


@grown_up_required
@require_POST
def share(request: HttpRequest, set_id: int) -> HttpResponse:
    puzzle_set = permissions.set_for_owner(request.user, set_id)
    if not puzzle_set.share_token:
        puzzle_set.share_token = permissions.new_share_token()
        puzzle_set.save(update_fields=["share_token"])
    return redirect("puzzlesets:set_page", puzzle_set.pk)


@grown_up_required
@require_http_methods(["GET", "HEAD", "POST"])
def shared(request: HttpRequest, token: str) -> HttpResponse:
    puzzle_set = get_object_or_404(PuzzleSet.objects.exclude(share_token=""), share_token=token)
    if request.method == "POST":
        copy = exchange.copy_set(puzzle_set, request.user)
        return redirect("puzzlesets:set_page", copy.pk)
    context = {"puzzle_set": puzzle_set, "entries": catalogue.puzzles_in(puzzle_set)}
    return render(request, "puzzlesets/shared.html", context)


@grown_up_required
@require_safe
def export_toml(request: HttpRequest, set_id: int) -> HttpResponse:
    puzzle_set = permissions.set_for_owner(request.user, set_id)
    response = HttpResponse(exchange.to_toml(puzzle_set), content_type="application/toml")
    response["Content-Disposition"] = f'attachment; filename="set-{puzzle_set.pk}.toml"'
    return response


@grown_up_required
@require_POST
def import_toml(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("file")
    text = request.POST.get("text", "")
    if upload is not None:
        if upload.size > exchange.MAX_FILE:
            return _bad_request(request, _("This file is too large."))
        text = upload.read().decode("utf-8", errors="replace")
    made, problems = exchange.import_set(text, request.user)
    if made is None:
        context = {"problems": problems}
        return render(request, "puzzlesets/import_problems.html", context, status=400)
    return redirect("puzzlesets:set_page", made.pk)


# --- a child's set ------------------------------------------------------------------------


@require_safe
def set_start(request: HttpRequest, set_assignment_id: int) -> HttpResponse:
    """The child's set: the first puzzle not yet right, or the results when all are."""
    assignment = permissions.assignment_for_learner(current_learner(request), set_assignment_id)
    entries = catalogue.puzzles_in(assignment.puzzle_set)
    row = learner_results(assignment, current_learner(request))
    for number, cell in enumerate(row.cells, start=1):
        if cell.mark in ("not_tried", "wrong"):
            return redirect("puzzlesets:set_puzzle", assignment.pk, number)
    context = {"assignment": assignment, "row": row, "entries": entries}
    return render(request, "puzzlesets/set_done.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def set_puzzle(request: HttpRequest, set_assignment_id: int, number: int) -> HttpResponse:
    assignment = permissions.assignment_for_learner(current_learner(request), set_assignment_id)
    entries = catalogue.puzzles_in(assignment.puzzle_set)
    if not 1 <= number <= len(entries):
        raise Http404("no such puzzle in the set")
    item, puzzle = entries[number - 1]
    here = reverse("puzzlesets:set_puzzle", args=[assignment.pk, number])
    screen = _screen(request, item, puzzle)
    if isinstance(screen, HttpResponse):
        return screen
    following = (
        reverse("puzzlesets:set_puzzle", args=[assignment.pk, number + 1])
        if number < len(entries)
        else reverse("puzzlesets:set_start", args=[assignment.pk])
    )
    view = present_puzzle(
        screen,
        may_edit=may_edit(request),
        answer_url=here,
        retry_url=here,
        next_url=following,
        heading=_("Puzzle %(number)s of %(count)s") % {"number": number, "count": len(entries)},
        next_label=_("Next puzzle"),
    )
    context = {"assignment": assignment, "puzzle_view": view}
    return render_puzzle(request, "puzzlesets/set_puzzle.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def item_puzzle(request: HttpRequest, set_item_id: int) -> HttpResponse:
    """One item of a set, for the live lesson's phones: the class's teacher owns the set."""
    item = permissions.item_for_student(request, set_item_id)
    puzzle = catalogue.puzzle_of(item)
    if puzzle is None:
        raise Http404("this puzzle no longer loads")
    screen = _screen(request, item, puzzle)
    if isinstance(screen, HttpResponse):
        return screen
    view = item_view(request, item, screen)
    return render_puzzle(request, "puzzlesets/set_puzzle.html", {"puzzle_view": view})


def _screen(request: HttpRequest, item: SetItem, puzzle):
    reasks = Reasks(request.session, catalogue.partners(item))
    if request.method in ("GET", "HEAD"):
        return answering.first_screen(puzzle, reasks, Hints(request.session))
    try:
        return answering.answer(
            puzzle,
            request.POST,
            Hints(request.session),
            reasks,
            partial(learner_and_history, request),
        )
    except (PostError, BoardInputError) as error:
        return _bad_request(request, str(error))
    except ValueError:
        return _bad_request(request, _("This answer cannot be read."))
