"""The live lesson's pages: the teacher's projector and controls, the students' screen.

Every page works with plain links and forms; htmx polls two small partials every two
seconds (the projector's count and results, the student's round), plain HTTP that a
school network lets through. A poll that finds nothing new answers 204: htmx keeps the page.
"""

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from lessons.learners import LEARNER_SESSION_KEY
from live import puzzles, results
from live.models import LiveRound, LiveSession
from tutor.people.assignments import STUDENT_SESSION_KEY
from tutor.people.models import Student
from tutor.people.permissions import classroom_for_teacher, grown_up_required

POLL_SECONDS = 2


def _session_for_teacher(user, session_id: int) -> LiveSession:
    return get_object_or_404(
        LiveSession.objects.select_related("classroom"), pk=session_id, classroom__teacher=user
    )


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "people/bad_request.html", {"message": message}, status=400)


# The teacher ---------------------------------------------------------------------------


@grown_up_required
def class_live(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The class's live lessons: start one (POST), and every earlier one with its results."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    if request.method == "POST":
        with transaction.atomic():
            LiveSession.objects.filter(classroom=classroom, ended_at__isnull=True).update(
                ended_at=timezone.now()
            )
            session = LiveSession.objects.create(classroom=classroom)
        return redirect("live:projector", session_id=session.pk)
    sessions = classroom.live_sessions.prefetch_related("rounds")
    return render(request, "live/class_live.html", {"classroom": classroom, "sessions": sessions})


def _projector_context(session: LiveSession) -> dict:
    live_round = session.current_round() if session.is_open else None
    puzzle = puzzles.find(live_round.lesson, live_round.puzzle) if live_round else None
    outcome = results.round_results(live_round) if live_round and live_round.revealed else None
    return {
        "session": session,
        "classroom": session.classroom,
        "round": live_round,
        "puzzle": puzzle,
        "lesson_title": puzzles.lesson_title(puzzle) if puzzle else "",
        "board": puzzles.projector_board(puzzle, outcome.right_move if outcome else None)
        if puzzle
        else None,
        "answered": results.answered_count(live_round) if live_round else 0,
        "students": session.classroom.students.count(),
        "results": outcome,
        "choices": puzzles.choices(),
        "poll_seconds": POLL_SECONDS,
    }


@grown_up_required
@require_GET
def projector(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    if not session.is_open:
        return redirect("live:results", session_id=session.pk)
    return render(request, "live/projector.html", _projector_context(session))


@grown_up_required
@require_GET
def projector_panel(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live count, and after the reveal the results: polled by the projector."""
    session = _session_for_teacher(request.user, session_id)
    response = render(request, "live/projector.html#panel", _projector_context(session))
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_POST
@grown_up_required
def put_puzzle(request: HttpRequest, session_id: int) -> HttpResponse:
    """Put a puzzle ("lesson/puzzle") before the class; the round before it closes."""
    session = _session_for_teacher(request.user, session_id)
    lesson_slug, _slash, puzzle_id = request.POST.get("puzzle", "").partition("/")
    puzzle = puzzles.find(lesson_slug, puzzle_id)
    if puzzle is None:
        return _bad_request(request, _("Choose one of the puzzles."))
    if not session.is_open:
        return _bad_request(request, _("This live lesson has ended."))
    try:
        with transaction.atomic():
            now = timezone.now()
            session.rounds.filter(closed_at__isnull=True).update(closed_at=now)
            number = (session.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
            LiveRound.objects.create(
                session=session,
                number=number,
                lesson=puzzle.lesson,
                puzzle=puzzle.id,
                opened_at=now,
            )
    except IntegrityError:  # a double click racing itself: the other one put it up
        pass
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def reveal(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    session.rounds.filter(closed_at__isnull=True, revealed_at__isnull=True).update(
        revealed_at=timezone.now()
    )
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def toggle_names(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    session.show_names = request.POST.get("show") == "1"
    session.save(update_fields=["show_names"])
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def end(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    if session.is_open:
        now = timezone.now()
        with transaction.atomic():
            session.rounds.filter(closed_at__isnull=True).update(closed_at=now)
            session.ended_at = now
            session.save(update_fields=["ended_at"])
    return redirect("live:results", session_id=session.pk)


@grown_up_required
@require_GET
def session_results(request: HttpRequest, session_id: int) -> HttpResponse:
    """Every round of a live lesson with its results: kept on the class's live page."""
    session = _session_for_teacher(request.user, session_id)
    rounds = []
    for live_round in session.rounds.all():
        puzzle = puzzles.find(live_round.lesson, live_round.puzzle)
        rounds.append(
            {
                "round": live_round,
                "puzzle": puzzle,
                "lesson_title": puzzles.lesson_title(puzzle) if puzzle else live_round.lesson,
                "results": results.round_results(live_round),
            }
        )
    context = {"session": session, "classroom": session.classroom, "rounds": rounds}
    return render(request, "live/results.html", context)


# The students --------------------------------------------------------------------------


def _signed_in_student(request: HttpRequest) -> Student | None:
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    if not request.session.get(STUDENT_SESSION_KEY) or learner_id is None:
        return None
    return Student.objects.select_related("classroom").filter(learner_id=learner_id).first()


def _student_context(student: Student) -> dict:
    session = (
        LiveSession.objects.filter(classroom=student.classroom, ended_at__isnull=True)
        .order_by("-started_at")
        .first()
    )
    live_round = session.current_round() if session else None
    puzzle = puzzles.find(live_round.lesson, live_round.puzzle) if live_round else None
    return {
        "session": session,
        "round": live_round,
        "puzzle": puzzle,
        "answer_url": puzzles.answer_url(puzzle) if puzzle else "",
        # What the page shows, carried by its poll: a change of round or session redraws it.
        "state": f"{session.pk if session else 0}-{live_round.pk if live_round else 0}",
        "poll_seconds": POLL_SECONDS,
    }


@require_GET
def student_live(request: HttpRequest) -> HttpResponse:
    student = _signed_in_student(request)
    if student is None:
        return redirect("people:join_class")
    context = {"student": student, **_student_context(student)}
    return render(request, "live/student.html", context)


@require_GET
def student_round(request: HttpRequest) -> HttpResponse:
    """Polled by the student's page: 204 while the round shown is still the class's round."""
    student = _signed_in_student(request)
    if student is None:
        return HttpResponse(status=403)
    context = {"student": student, **_student_context(student)}
    if request.GET.get("state") == context["state"]:
        return HttpResponse(status=204)
    response = render(request, "live/student.html#round", context)
    patch_vary_headers(response, ["HX-Request"])
    return response
