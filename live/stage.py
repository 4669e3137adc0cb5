"""What the class sees of a live lesson (the presenter's panel, the audience's stage):
read in one statement (live.polls.read_stage), drawn by the views and, with a push server
in front, published by live.push when it changes."""

import math

from django.utils import timezone
from django.utils.translation import gettext as _

from live import polls, puzzles, results
from live.models import LiveRound, LiveSession

POLL_SECONDS = 2


def state(session: LiveSession) -> tuple[LiveRound | None, int, str, int]:
    """The round, its count, what the audience view shows as one string (any change
    redraws it), and the class's size: read before anything else (one statement), so an
    unchanged poll answers 204 at once."""
    stage = polls.read_stage(session) if session.is_open else None
    live_round = stage.round if stage else None
    answered = stage.answered if stage else 0
    revealed = bool(live_round and live_round.revealed)
    parts = (
        int(session.is_open),
        live_round.pk if live_round else 0,
        int(revealed),
        answered,
        int(session.show_podium),
    )
    students = stage.students if stage else None
    return live_round, answered, "-".join(str(part) for part in parts), students


def context(session: LiveSession, stage: tuple | None = None) -> dict:
    """What the class sees: the round's board and question, the count, the results."""
    live_round, answered, stage_state, students = stage or state(session)
    if students is None:  # no open session: the page still says how many there are
        students = session.classroom.students.count()
    puzzle = puzzles.find(live_round.lesson, live_round.puzzle) if live_round else None
    outcome = results.round_results(live_round) if live_round and live_round.revealed else None
    podium = results.podium(live_round) if outcome and session.show_podium else []
    return {
        "session": session,
        "classroom": session.classroom,
        "round": live_round,
        "puzzle": puzzle,
        "lesson_title": puzzles.lesson_title(puzzle) if puzzle else "",
        "round_heading": round_heading(live_round) if live_round else "",
        "board": puzzles.projector_board(puzzle, outcome.right_move if outcome else None)
        if puzzle
        else None,
        "answered": answered,
        "students": students,
        "results": outcome,
        "podium": podium,
        "seconds_left": seconds_left(live_round) if live_round and not outcome else None,
        "poll_seconds": POLL_SECONDS,
        "stage_state": stage_state,
        # The presenter's panel also names the students when the teacher shows names.
        "panel_state": panel_state(session, stage_state),
    }


def panel_state(session: LiveSession, stage_state: str) -> str:
    return f"{stage_state}-{int(session.show_names)}"


def round_heading(live_round: LiveRound) -> str:
    """The round's number as the projector and every phone write it: 「第 2 題（共 8 題）」,
    or 「第 2 題」 when the lesson has no playlist (the teacher picks as it goes)."""
    if live_round.total is None:
        return _("Puzzle %(number)s") % {"number": live_round.number}
    return _("Puzzle %(number)s of %(total)s") % {
        "number": live_round.number,
        "total": live_round.total,
    }


def seconds_left(live_round: LiveRound) -> int | None:
    """Whole seconds until the round's deadline (0 once it has passed); None: no limit."""
    if live_round.deadline is None:
        return None
    left = (live_round.deadline - timezone.now()).total_seconds()
    return max(0, math.ceil(left))


def is_late(live_round: LiveRound) -> bool:
    return live_round.deadline is not None and timezone.now() >= live_round.deadline
