"""What a live lesson publishes when it changes (live.push carries it): called by
live.rounds after each write commits, and for each answer (lessons.signals.attempt_recorded).

- Put up: the phones' round fragment itself, once per interface language, drawn as the
  poll draws it for a student but with nothing of one student in it (no answer token, no
  stars, no poll token: the phone keeps its own); the audience's stage fragment.
- The reveal, the end, a new lesson: each phone fetches its own result (``fetch``); the
  stage fragment.
- An answer in an open round: the count (``answered``), to the stage channel only.
"""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation

from lessons.presenter import puzzle_section
from live import polls, push, puzzles, stage
from live.models import LiveRound, LiveSession

ENDED = 2**31  # after every round of its session, before the next session


def phone_order(session_id: int, live_round: LiveRound | None, is_open: bool) -> str:
    """What a phone shows, as numbers that only grow: a message older than the page is
    dropped (the page carries the same, data-live-order)."""
    if not is_open:
        return f"{session_id}.{ENDED}.0"
    if live_round is None:
        return f"{session_id}.0.0"
    return f"{session_id}.{live_round.number}.{int(live_round.revealed)}"


def changed(session_id: int, put_up: bool = False) -> None:
    """Publish what the class and the projector see now (after a write committed)."""
    session = LiveSession.objects.select_related("classroom").filter(pk=session_id).first()
    if session is None:
        return
    live_round = session.current_round() if session.is_open else None
    order = phone_order(session.pk, live_round, session.is_open)
    fragments = _phone_fragments(session, live_round) if put_up and live_round else None
    for code, _name in settings.LANGUAGES:
        channel = push.class_channel(session.classroom_id, code.lower())
        if fragments is not None:
            push.publish(channel, {"order": order, "html": fragments[code]})
        else:
            push.publish(channel, {"order": order, "fetch": True})
    read = stage.state(session)
    html = render_to_string("live/audience.html#stage", stage.context(session, read))
    push.publish(push.stage_channel(session.pk), {"state": read[2], "html": html})


def _phone_fragments(session: LiveSession, live_round: LiveRound) -> dict[str, str]:
    """The round's fragment in each interface language: the puzzle is found and drawn in
    that language (its prompt and options are the curriculum's in it)."""
    request = _nobody()
    fragments = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            puzzle = puzzles.for_phones(live_round, session.classroom_id)
            heading = stage.round_heading(live_round)
            screen = puzzles.phone_screen(request, puzzle) if puzzle is not None else None
            view = puzzles.phone_view(screen, heading) if screen is not None else None
            section = puzzle_section(replace(view, answer_token=""), None) if view else None
            context = {
                "state": f"{session.pk}-{live_round.pk}-0",
                "order": phone_order(session.pk, live_round, True),
                "poll_state": "",
                "session": session.pk,
                "round": live_round,
                "puzzle": puzzle,
                "round_heading": heading,
                "seconds_left": stage.seconds_left(live_round),
                "poll_seconds": stage.POLL_SECONDS,
                "puzzle_section": section,
            }
            fragments[code] = render_to_string("live/student.html#round", context)
    return fragments


def _nobody() -> HttpRequest:
    """A request of no one (no learner, no stars, no re-asks) to draw the class's puzzle."""
    request = HttpRequest()
    request.method = "GET"
    request.session = SessionStore()
    request.user = AnonymousUser()
    request.META["SERVER_NAME"] = "localhost"
    request.META["SERVER_PORT"] = "80"
    return request


def answered(learner_id: int, lesson: str, puzzle: str) -> None:
    """The count of the learner's class's open round, when the answer was to it."""
    found = polls.student_state(learner_id)
    if found is None:
        return
    classroom_id, now = found
    live_round = now.round
    if live_round is None or live_round.revealed:
        return
    if (live_round.lesson, live_round.puzzle) != (lesson, puzzle):
        return
    session = LiveSession(id=now.session_id, classroom_id=classroom_id)
    read = polls.read_stage(session)
    message = {"round": live_round.pk, "answered": read.answered, "students": read.students}
    push.publish(push.stage_channel(session.pk), message)
