"""The live lesson's pages: the teacher's presenter view (controls and the prepared
playlist), the audience view for the projector, the students' screen.

Every page works with plain links and forms; htmx polls small partials every two seconds
(the presenter's count and results, the audience's stage, the student's round), plain
HTTP that a school network lets through. A poll that finds nothing new answers 204: htmx
keeps the page.

A phone's poll that finds nothing new is answered from one indexed read before the
session or the student is loaded (live.polls: its page carries a signed poll token);
every answer that carries something reads the session and checks the student here.

A phone answers to the live lesson itself (student_answer): judged and recorded as the
lesson records it, but until the reveal the phone says only that the answer arrived.
A round closes at the reveal (or, with a time limit, answers stop at its deadline): every
phone turns to its student's own result, the lesson's reason for it and the right answer.
While a round is open the phone shows exactly the projected position: a re-ask the
student's browser still owes for that puzzle (lessons.answering.Reasks) is dropped when the
round reaches the phone, and a miss on the phone asks no other position.
"""

import random

from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap, retarget

from board.component import BoardInputError
from curriculum.puzzle_forms import PostError
from lessons.answering import Reasks
from lessons.learners import LEARNER_SESSION_KEY
from lessons.presenter import puzzle_section
from live import announce, polls, push, puzzles, results, rounds, stage
from live.models import TIME_LIMITS, LiveSession, PlaylistItem
from people.assignments import STUDENT_SESSION_KEY
from people.next_url import safe_next_url
from people.permissions import classroom_for_teacher, grown_up_required

_seeds = random.SystemRandom()
PUSH_AUTH_HEADER = "X-Live-Push"  # nginx's question: may this browser subscribe to this path?
POLL_SECONDS = stage.POLL_SECONDS


def _session_for_teacher(user, session_id: int) -> LiveSession:
    session = polls.teachers_session(session_id, user.pk)
    if session is None:
        raise Http404("no such live session of this teacher")
    return session


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "people/bad_request.html", {"message": message}, status=400)


# The teacher ---------------------------------------------------------------------------


@grown_up_required
def class_live(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """The class's live lessons: start one (POST), and every earlier one with its results."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    if request.method == "POST":
        session = rounds.start(classroom)
        return redirect("live:projector", session_id=session.pk)
    sessions = classroom.live_sessions.prefetch_related("rounds")
    context = {
        "classroom": classroom,
        "sessions": sessions,
        "choices": puzzles.choices(),
        **_more_choices(request.user),
    }
    context["playlist"] = playlist = _playlist(classroom)
    context["add_selected"] = _after_last(playlist)
    return render(request, "live/class_live.html", context)


def _more_choices(user) -> dict:
    """The playlist's other pickers: a fresh practice puzzle of a rule, one of the teacher's
    puzzle sets (all its puzzles, in order)."""
    return {"practice_rules": puzzles.practice_rules(), "teacher_sets": puzzles.teacher_sets(user)}


def _playlist(classroom, session: LiveSession | None = None) -> list[dict]:
    """The prepared puzzles in order, each with its words and whether `session` had it."""
    played = set(session.rounds.values_list("lesson", "puzzle")) if session else set()
    items = []
    for item in classroom.playlist.all():
        puzzle = puzzles.find(item.lesson, item.puzzle)
        items.append(
            {
                "item": item,
                "puzzle": puzzle,
                "lesson_title": puzzles.lesson_title(puzzle) if puzzle else item.lesson,
                "played": (item.lesson, item.puzzle) in played,
            }
        )
    return items


def _after_last(playlist: list[dict]) -> str:
    """The add picker's choice: the puzzle after the last one prepared, so adding a run of
    a lesson's puzzles is one tap each."""
    last = playlist[-1]["puzzle"] if playlist else None
    return puzzles.following(last) if last else ""


def _next_up(playlist: list[dict]) -> dict | None:
    return next((e for e in playlist if not e["played"] and e["puzzle"] is not None), None)


def _projector_context(session: LiveSession) -> dict:
    context = _panel_context(session)
    playlist = _playlist(session.classroom, session)
    return {
        **context,
        "choices": puzzles.choices(),
        "selected": puzzles.following(context["puzzle"]) if context["puzzle"] else "",
        "playlist": playlist,
        "add_selected": _after_last(playlist),
        "next_up": _next_up(playlist),
        "time_limits": TIME_LIMITS,
        **_more_choices(session.classroom.teacher),
    }


@grown_up_required
@require_safe
def projector(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    if not session.is_open:
        return redirect("live:results", session_id=session.pk)
    context = {**_projector_context(session), "push_path": _stage_push(request, session)}
    return render(request, "live/projector.html", context)


@grown_up_required
@require_safe
def projector_panel(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live count, and after the reveal the results: polled by the presenter, 204
    while the count, the round, the reveal and the names shown are what it shows."""
    session = _session_for_teacher(request.user, session_id)
    read = stage.state(session)
    if request.GET.get("state") == stage.panel_state(session, read[2]):
        return polls.nothing_new()
    response = render(request, "live/projector.html#panel", _panel_context(session, read))
    patch_vary_headers(response, ["HX-Request"])
    return response


def _panel_context(session: LiveSession, read: tuple | None = None) -> dict:
    """What the presenter's panel shows beyond the class's stage: who has not answered yet,
    by name (the teacher's screen only: the audience view never names anyone)."""
    context = stage.context(session, read)
    live_round = context["round"]
    waiting = results.not_answered(live_round) if live_round and not live_round.revealed else []
    return {**context, "not_answered": waiting}


@grown_up_required
@require_safe
def audience(request: HttpRequest, session_id: int) -> HttpResponse:
    """The projector's own window: the board, the question, the count and the results,
    big, names never shown, no controls and no site menu; it follows every round."""
    session = _session_for_teacher(request.user, session_id)
    context = {**stage.context(session), "push_path": _stage_push(request, session)}
    return render(request, "live/audience.html", context)


def _stage_push(request: HttpRequest, session: LiveSession) -> str:
    """The stage channel's signed path for the session's teacher; "" without a push server."""
    if not push.enabled() or not session.is_open:
        return ""
    return push.subscriber_path("stage", session.pk, request.user.pk)


@grown_up_required
@require_safe
def audience_stage(request: HttpRequest, session_id: int) -> HttpResponse:
    """Polled by the audience view: 204 while what it shows is still what the class sees."""
    session = _session_for_teacher(request.user, session_id)
    read = stage.state(session)
    if request.GET.get("state") == read[2]:
        return polls.nothing_new()
    response = render(request, "live/audience.html#stage", stage.context(session, read))
    patch_vary_headers(response, ["HX-Request"])
    return response


def _posted_puzzle(request: HttpRequest):
    lesson_slug, _slash, puzzle_id = request.POST.get("puzzle", "").partition("/")
    return puzzles.find(lesson_slug, puzzle_id)


@require_POST
@grown_up_required
def put_puzzle(request: HttpRequest, session_id: int) -> HttpResponse:
    """Put a puzzle ("lesson/puzzle") before the class; the round before it closes."""
    session = _session_for_teacher(request.user, session_id)
    puzzle = _posted_puzzle(request)
    if puzzle is None:
        return _bad_request(request, _("Choose one of the puzzles."))
    return _put_up(request, session, puzzle)


@require_POST
@grown_up_required
def next_puzzle(request: HttpRequest, session_id: int) -> HttpResponse:
    """One tap: the playlist's first puzzle this lesson has not had yet goes up."""
    session = _session_for_teacher(request.user, session_id)
    entry = _next_up(_playlist(session.classroom, session))
    if entry is None:
        return _bad_request(request, _("Every prepared puzzle has been up already."))
    return _put_up(request, session, entry["puzzle"])


def _put_up(request: HttpRequest, session: LiveSession, puzzle) -> HttpResponse:
    if not session.is_open:
        return _bad_request(request, _("This live lesson has ended."))
    rounds.put_up(session, puzzle)  # a double tap changes nothing: it is up
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def playlist_add(request: HttpRequest, classroom_id: int) -> HttpResponse:
    """A puzzle at the end of the class's playlist (once: a second time changes nothing):
    a lesson's ("lesson/puzzle"), a fresh practice puzzle of a rule (`practice`), or every
    puzzle of one of the teacher's sets (`set`), in its order."""
    classroom = classroom_for_teacher(request.user, classroom_id)
    if request.POST.get("set"):
        chosen = puzzles.set_puzzles(request.user, request.POST["set"])
    elif request.POST.get("practice"):
        made = puzzles.fresh_practice(request.POST["practice"], _seeds)
        chosen = [made] if made is not None else None
    else:
        puzzle = _posted_puzzle(request)
        chosen = [puzzle] if puzzle is not None else None
    if not chosen:
        return _bad_request(request, _("Choose one of the puzzles."))
    for puzzle in chosen:
        rounds.add_to_playlist(classroom, puzzle)
    return _back(request, classroom)


def _item_for_teacher(user, item_id: int) -> PlaylistItem:
    return get_object_or_404(
        PlaylistItem.objects.select_related("classroom"), pk=item_id, classroom__teacher=user
    )


@require_POST
@grown_up_required
def playlist_move(request: HttpRequest, item_id: int) -> HttpResponse:
    """One place earlier ("up") or later ("down"): the two neighbours swap places."""
    item = _item_for_teacher(request.user, item_id)
    direction = request.POST.get("direction")
    if direction not in ("up", "down"):
        return _bad_request(request, _("Move a puzzle up or down."))
    rounds.move_in_playlist(item, -1 if direction == "up" else 1)
    return _back(request, item.classroom)


@require_POST
@grown_up_required
def playlist_remove(request: HttpRequest, item_id: int) -> HttpResponse:
    item = _item_for_teacher(request.user, item_id)
    rounds.remove_from_playlist(item)
    return _back(request, item.classroom)


def _back(request: HttpRequest, classroom) -> HttpResponse:
    """Back to the page the playlist was edited on: the presenter or the class's live page."""
    return redirect(safe_next_url(request, reverse("live:class_live", args=[classroom.pk])))


@require_POST
@grown_up_required
def reveal(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    rounds.reveal(session)
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def toggle_names(request: HttpRequest, session_id: int) -> HttpResponse:
    return _switch(request, session_id, rounds.show_names)


@require_POST
@grown_up_required
def toggle_podium(request: HttpRequest, session_id: int) -> HttpResponse:
    return _switch(request, session_id, rounds.show_podium)


def _switch(request: HttpRequest, session_id: int, write) -> HttpResponse:
    """A presenter's on/off switch (`show` 1 or 0): the names, the podium."""
    session = _session_for_teacher(request.user, session_id)
    write(session, request.POST.get("show") == "1")
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def time_limit(request: HttpRequest, session_id: int) -> HttpResponse:
    """Each round's time to answer from the next puzzle up: 30, 60 or 90 s, or none ("")."""
    session = _session_for_teacher(request.user, session_id)
    chosen = request.POST.get("seconds", "")
    allowed = {str(seconds): seconds for seconds in TIME_LIMITS}
    if chosen and chosen not in allowed:
        return _bad_request(request, _("Choose one of the time limits."))
    rounds.set_time_limit(session, allowed.get(chosen))
    return redirect("live:projector", session_id=session.pk)


@require_POST
@grown_up_required
def end(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session_for_teacher(request.user, session_id)
    rounds.end(session)
    return redirect("live:results", session_id=session.pk)


@grown_up_required
@require_safe
def session_results(request: HttpRequest, session_id: int) -> HttpResponse:
    """Every round of a live lesson with its results: kept on the class's live page."""
    session = _session_for_teacher(request.user, session_id)
    played = []
    for live_round in session.rounds.all():
        puzzle = puzzles.find(live_round.lesson, live_round.puzzle)
        played.append(
            {
                "round": live_round,
                "puzzle": puzzle,
                "lesson_title": puzzles.lesson_title(puzzle) if puzzle else live_round.lesson,
                "results": results.round_results(live_round),
            }
        )
    context = {"session": session, "classroom": session.classroom, "rounds": played}
    return render(request, "live/results.html", context)


# The students --------------------------------------------------------------------------


def _signed_in_learner(request: HttpRequest) -> int | None:
    """The learner of a student signed in on this device, as the session names them."""
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    if not request.session.get(STUDENT_SESSION_KEY) or learner_id is None:
        return None
    return learner_id


def _student_state(request: HttpRequest, learner_id: int) -> dict | None:
    """What the phone should show, or None when the learner is no student: the class's
    state read by live.polls' one statement (the same the 204 answers from), with the
    round it names. A poll whose token names this learner brings it already read."""
    read = getattr(request, "live_state", None)
    if read is not None and read[0] == learner_id:
        classroom_id, now = read[1], read[2]
    else:
        found = polls.student_state(learner_id)
        if found is None:
            return None
        classroom_id, now = found
    shown = {
        "classroom_id": classroom_id,
        "state": now.state,
        "poll_state": polls.token(classroom_id, learner_id, now.state),
        "learner_id": learner_id,
    }
    if now.session_id is None:
        ended = LiveSession.objects.filter(pk=now.ended_id).first() if now.ended_id else None
        order = announce.phone_order(ended.pk, None, False) if ended else "0.0.0"
        return {**shown, "session": None, "ended": ended, "order": order}
    # The template asks only whether a session is open: its id stands for it.
    order = announce.phone_order(now.session_id, now.round, True)
    return {**shown, "session": now.session_id, "round": now.round, "order": order}


def _student_context(request: HttpRequest, state: dict) -> dict:
    """The round as the phone shows it: the projected puzzle, or once answered only that the
    answer arrived, or at the reveal the child's own result, its reason and the right
    answer, or after the end the score."""
    learner_id = state["learner_id"]
    context = {**state, "poll_seconds": POLL_SECONDS}
    if state["session"] is None:
        ended = state["ended"]
        context["score"] = results.session_score(ended, learner_id) if ended else None
        return context
    live_round = state["round"]
    if live_round is None:
        return context
    puzzle = puzzles.for_phones(live_round, state["classroom_id"])
    heading = stage.round_heading(live_round)
    context |= {"puzzle": puzzle, "round_heading": heading}
    context["seconds_left"] = None if live_round.revealed else stage.seconds_left(live_round)
    if live_round.revealed:
        context["own"] = results.own_result(live_round, learner_id)
        context["own_reasons"] = _kept_reasons(request).get(str(live_round.pk), [])
        if puzzle is None:
            context["right_answer"] = ""
        elif puzzles.is_move_puzzle(puzzle):
            right = live_round.right_answer  # stored at the reveal, the same for the class
            context["right_answer"] = puzzles.right_answer_label(puzzle, right or None)
        else:
            context["right_answer"] = puzzles.right_answer_label(puzzle)
    elif puzzle is not None and results.first_answer(live_round, learner_id) is not None:
        context["received"] = True  # nothing of right or wrong before the reveal
    elif puzzle is not None:
        Reasks(request.session).forget(puzzle)  # the phone shows the projected position
        view = puzzles.phone_view(puzzles.phone_screen(request, puzzle), heading)
        # The form carries the page's token: without JavaScript (or before htmx has loaded)
        # 對答案 is a plain form post, and Django's CSRF check wants it in the form.
        context["puzzle_section"] = puzzle_section(view, get_token(request))
    return context


REASONS_SESSION_KEY = "live_reasons"
# What the lesson says of its board or of its next step, not of the answer (lessons.answering).
_ABOUT_THE_BOARD = (
    "The dashed circles show where it can go.",
    "Here is a hint to help you.",
    "Now the same question in another position.",
)
_REASONS_KEPT = 20  # rounds whose reasons a phone keeps for the reveal


def _kept_reasons(request: HttpRequest) -> dict[str, list[str]]:
    return request.session.get(REASONS_SESSION_KEY, {})


def _keep_reason(request: HttpRequest, round_pk: int, feedback) -> None:
    """What the lesson would have said of the student's first answer, kept in their session
    until the reveal shows it (the phone says nothing of it before)."""
    kept = _kept_reasons(request)
    if str(round_pk) in kept:
        return
    board_words = {_(said) for said in _ABOUT_THE_BOARD}  # no board beside them at the reveal
    said = (str(message) for message in (*feedback.messages, *feedback.why) if message)
    reasons = [message for message in said if message not in board_words]
    recent = list(kept.items())[-(_REASONS_KEPT - 1) :]
    request.session[REASONS_SESSION_KEY] = {**dict(recent), str(round_pk): reasons}


def _phone_page(request: HttpRequest, state: dict, context: dict) -> HttpResponse:
    """The phone's whole page, or for htmx its round (in place of whatever was posted)."""
    if request.htmx:
        response = render(request, "live/student.html#round", context)
        return reswap(retarget(response, "#live-round"), "outerHTML")
    if push.enabled():
        language = push.language()
        context["push_path"] = push.subscriber_path(
            "class", state["classroom_id"], state["learner_id"], language
        )
    return render(request, "live/student.html", context)


@require_safe
def student_live(request: HttpRequest) -> HttpResponse:
    learner_id = _signed_in_learner(request)
    state = _student_state(request, learner_id) if learner_id is not None else None
    if state is None:
        return redirect("people:join_class")
    return _phone_page(request, state, _student_context(request, state))


@require_POST
def student_answer(request: HttpRequest) -> HttpResponse:
    """對答案 on a phone: judged and recorded as the lesson records it (the round counts the
    first answer), answered with only 「收到了」 (the whole page, or for htmx the round); a
    tap that is not an answer yet (a piece chosen, the hint, the promotion picker) draws
    the puzzle again. An answer to a round that is over is refused in words."""
    learner_id = _signed_in_learner(request)
    state = _student_state(request, learner_id) if learner_id is not None else None
    if state is None:
        return HttpResponse(status=403)
    live_round = state.get("round")
    puzzle = puzzles.for_phones(live_round, state["classroom_id"]) if live_round else None
    if puzzle is None or live_round.revealed or request.POST.get("asked") != puzzle.id:
        note = _("This puzzle is over. Your answer was not counted.")
        return _phone_page(request, state, {**_student_context(request, state), "note": note})
    if stage.is_late(live_round):
        note = _("Time is up for this puzzle. Your answer was not counted.")
        return _phone_page(request, state, {**_student_context(request, state), "note": note})
    answered_before = results.first_answer(live_round, learner_id) is not None
    try:
        screen = puzzles.phone_answer(request, puzzle)
    except (PostError, BoardInputError, ValueError):
        return _bad_request(request, _("This answer cannot be read."))
    if not answered_before and results.first_answer(live_round, learner_id) is None:
        heading = stage.round_heading(live_round)
        view = puzzles.phone_view(screen, heading)
        if request.htmx:
            return HttpResponse(puzzle_section(view, None))
        context = {**_student_context(request, state)}
        context["puzzle_section"] = puzzle_section(view, get_token(request))
        return _phone_page(request, state, context)
    if not answered_before and screen.feedback is not None:
        _keep_reason(request, live_round.pk, screen.feedback)
    if request.htmx:
        return _phone_page(request, state, _student_context(request, state))
    return redirect("live:student")


@require_safe
def student_round(request: HttpRequest) -> HttpResponse:
    """Polled by the student's page: 204 while the round shown is still the class's round.
    Most of those are answered before the session is read (live.polls.NothingNewMiddleware);
    what reaches here is checked against the signed-in student, who sees only their own
    class."""
    if PUSH_AUTH_HEADER in request.headers:
        return push_auth(request)
    shown = request.GET.get("state", "")
    learner_id = _signed_in_learner(request)
    state = _student_state(request, learner_id) if learner_id is not None else None
    if state is None:
        return HttpResponse(status=403)
    if shown == state["poll_state"]:
        return polls.nothing_new()
    response = render(request, "live/student.html#round", _student_context(request, state))
    patch_vary_headers(response, ["HX-Request"])
    return response


def push_auth(request: HttpRequest) -> HttpResponse:
    """Asked by nginx once per subscription to a live channel (nchan_authorize_request,
    deploy/nginx-push-locations.conf), at the students' own live address with the
    subscriber's path (the X-Live-Push header) and cookies: 200 when the path is one this
    site signed (live.push) and its subscriber is who it names, still the class's student
    or the session's teacher; otherwise 403. (It answers at /live/round so that the site's
    list of public addresses, tests/tutor/public_urls.tsv, stays as it is.)"""
    parsed = push.parse(request.headers.get(PUSH_AUTH_HEADER, ""))
    if parsed is None:
        return HttpResponse(status=403)
    kind, ident, who, _language = parsed
    if kind == "class":
        allowed = _signed_in_learner(request) == who and polls.read_state(ident, who) is not None
    elif kind in push.SUBSCRIBERS:
        allowed = _signed_in_learner(request) == who and push.SUBSCRIBERS[kind](request, ident, who)
    else:
        allowed = (
            request.user.is_authenticated
            and request.user.pk == who
            and polls.teachers_session(ident, who) is not None
        )
    response = HttpResponse(status=200 if allowed else 403)
    response["Cache-Control"] = "private, no-store"
    return response
