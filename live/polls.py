"""The phone's poll, nearly free: "nothing new" from one indexed read, no session loaded.

1,200 phones polling every 2 s are 600 polls a second, and almost every one of them finds
nothing new. So the page a student's phone shows carries a **poll token**: the class,
the learner and the state the phone shows (session, round, reveal: `ClassState`), signed
with the site's SECRET_KEY (django.core.signing, its own salt). The poll sends it back;

- `NothingNewMiddleware` (near the top of MIDDLEWARE) takes only that poll: `unchanged(token)`
  checks the signature (pure: no database, nothing kept per process) and asks one
  statement (`_STATE_SQL`) for that class's state *as that learner is still its
  student*; the same state is a 204 with no body, before the session (which the language
  middleware would read), the account, the learner or the student is read.
- Anything else (a changed state, a learner no longer in the class, a token that does not
  verify, no token) goes on to live.views.student_round: the session is read and the
  student checked, and only the signed-in student's own class is ever rendered. A changed
  state goes on with the request (`request.live_state`): when the signed-in learner is
  the token's, the view shows it without reading it again.

The middlewares it skips add nothing to an empty 204: the host is still checked
(ALLOWED_HOSTS), and the answer is `private, no-store` as the privacy middleware would
make it, so no proxy keeps it.

What a token tells its holder: whether its class's round is still the one it names, while
its learner is in that class: nothing a stranger can make (the signature), and nothing
about another class or another learner. Everything is read from the database at each
poll, so any app server answers any phone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from functools import cached_property

from django.core import signing
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone

from lessons.models import Attempt
from live.models import LiveRound, LiveSession
from people.models import Classroom, Student
from plumbing import first_read

ENDED_SHOWN = timedelta(hours=3)  # how long a phone still says 「這堂課結束了」 with the score
_SALT = "live.polls"

# The state of a student's class, in one statement over indexed columns: the student
# (learner_id is unique), the class's open session (its partial unique index), that
# session's open round with the highest number (session, number is unique), and only
# when no session is open, the one that ended last within ENDED_SHOWN. No row: the learner
# is not a student (of that class, in _CLASS_STATE_SQL).
_ROUND_COLUMNS = (
    "id",
    "number",
    "lesson",
    "puzzle",
    "opened_at",
    "revealed_at",
    "closed_at",
    "right_answer",
    "total",
    "deadline",
)
_REVEALED_AT = _ROUND_COLUMNS.index("revealed_at")
_STATE_SQL = f"""
SELECT st.classroom_id, s.id,
       CASE WHEN s.id IS NULL THEN (
           SELECT e.id FROM {LiveSession._meta.db_table} e
           WHERE e.classroom_id = st.classroom_id AND e.ended_at >= %s
           ORDER BY e.ended_at DESC LIMIT 1
       ) END,
       {", ".join(f"r.{column}" for column in _ROUND_COLUMNS)}
FROM {Student._meta.db_table} st
LEFT JOIN {LiveSession._meta.db_table} s
    ON s.classroom_id = st.classroom_id AND s.ended_at IS NULL
LEFT JOIN {LiveRound._meta.db_table} r ON r.id = (
    SELECT r2.id FROM {LiveRound._meta.db_table} r2
    WHERE r2.session_id = s.id AND r2.closed_at IS NULL
    ORDER BY r2.number DESC LIMIT 1
)
WHERE st.learner_id = %s
"""
_CLASS_STATE_SQL = _STATE_SQL + " AND st.classroom_id = %s"


@dataclass(frozen=True)
class ClassState:
    """A class's live lesson as its phones show it: the open session (its id), the round
    up in it (the whole row, so showing it needs no other read), or else the lesson that
    ended within ENDED_SHOWN (its id)."""

    session_id: int | None
    ended_id: int | None
    classroom_id: int
    # The round's _ROUND_COLUMNS as read, or None: made a LiveRound only when it is shown
    # (the 204 compares the state alone, at 600 polls a second).
    round_row: tuple | None = field(default=None, repr=False)

    @cached_property
    def round(self) -> LiveRound | None:
        if self.round_row is None:
            return None
        # What live.results reads of the round's session: its class (known here).
        session = LiveSession(id=self.session_id, classroom_id=self.classroom_id)
        return _round_from(self.round_row, session)

    @property
    def state(self) -> str:
        """What the phone shows, as one string: a change of session, round or reveal (or
        of the lesson that ended) changes it."""
        if self.session_id is None:
            return f"ended-{self.ended_id or 0}"
        if self.round_row is None:
            return f"{self.session_id}-0-0"
        round_id, revealed_at = self.round_row[0], self.round_row[_REVEALED_AT]
        return f"{self.session_id}-{round_id}-{int(revealed_at is not None)}"


def read_state(classroom_id: int, learner_id: int) -> ClassState | None:
    """The class's live lesson as that learner's phone would show it, or None when the
    learner is not a student of that class."""
    found = _read(_CLASS_STATE_SQL, [learner_id, classroom_id])
    return found[1] if found else None


def student_state(learner_id: int) -> tuple[int, ClassState] | None:
    """(class id, its state) of the class the learner is a student of (a learner is a
    student of one class at most), or None when the learner is no student: one statement."""
    return _read(_STATE_SQL, [learner_id])


def _read(sql: str, params: list) -> tuple[int, ClassState] | None:
    since = connection.ops.adapt_datetimefield_value(timezone.now() - ENDED_SHOWN)
    row = first_read.fetch_one(sql, [since, *params])  # the poll's first statement
    if row is None:
        return None
    classroom_id, session_id, ended_id, *round_row = row
    round_row = tuple(round_row) if round_row[0] is not None else None
    return classroom_id, ClassState(session_id, ended_id, classroom_id, round_row)


def _round_from(round_row, session: LiveSession) -> LiveRound:
    """A LiveRound from its _ROUND_COLUMNS, converted as the ORM converts them."""
    converters = connection.ops.get_db_converters
    values = dict(zip(_ROUND_COLUMNS, round_row, strict=True))
    for column in _ROUND_COLUMNS:  # SQLite hands dates back as text; the backend converts them
        model_field = LiveRound._meta.get_field(column)
        for convert in converters(model_field.get_col(LiveRound._meta.db_table)):
            values[model_field.attname] = convert(values[model_field.attname], None, connection)
    live_round = LiveRound(session_id=session.pk, **values)
    live_round.session = session
    return live_round


# The presenter's panel and the audience's stage poll every 2 s, and while a class answers
# every poll finds a new count: what they show is read in one statement too. The class's
# students, the session's open round with the highest number (as LiveSession.current_round)
# and how many students answered it in its window (as live.results.answered_count: the
# window closes at the reveal; the round is open, so not before).
_STAGE_SQL = f"""
SELECT c.students, (
           SELECT COUNT(DISTINCT a.learner_id) FROM {Attempt._meta.db_table} a
           JOIN {Student._meta.db_table} st ON st.learner_id = a.learner_id
           WHERE st.classroom_id = %s AND a.lesson = r.lesson AND a.puzzle = r.puzzle
             AND a.created_at >= r.opened_at
             AND (r.revealed_at IS NULL OR a.created_at < r.revealed_at)
       ),
       {", ".join(f"r.{column}" for column in _ROUND_COLUMNS)}
FROM (SELECT COUNT(*) AS students FROM {Student._meta.db_table} WHERE classroom_id = %s) c
LEFT JOIN {LiveRound._meta.db_table} r ON r.id = (
    SELECT r2.id FROM {LiveRound._meta.db_table} r2
    WHERE r2.session_id = %s AND r2.closed_at IS NULL
    ORDER BY r2.number DESC LIMIT 1
)
"""


# Every teacher's live page and poll first finds the session, with its class, among the
# teacher's own (a stranger's id is a 404): one fixed statement, not a queryset built per
# poll.
_SESSION_FIELDS = tuple(LiveSession._meta.concrete_fields)
_CLASSROOM_FIELDS = tuple(Classroom._meta.concrete_fields)
_TEACHERS_SESSION_SQL = (
    f"SELECT {', '.join(f's.{each.column}' for each in _SESSION_FIELDS)},"
    f" {', '.join(f'c.{each.column}' for each in _CLASSROOM_FIELDS)}"
    f" FROM {LiveSession._meta.db_table} s"
    f" JOIN {Classroom._meta.db_table} c ON c.id = s.classroom_id"
    " WHERE s.id = %s AND c.teacher_id = %s"
)


def teachers_session(session_id: int, teacher_id: int) -> LiveSession | None:
    """``LiveSession.objects.select_related("classroom").filter(pk=session_id,
    classroom__teacher_id=teacher_id).first()``."""
    with connection.cursor() as cursor:
        cursor.execute(_TEACHERS_SESSION_SQL, [session_id, teacher_id])
        row = cursor.fetchone()
    if row is None:
        return None
    width = len(_SESSION_FIELDS)
    session = _model_from(LiveSession, _SESSION_FIELDS, row[:width])
    session.classroom = _model_from(Classroom, _CLASSROOM_FIELDS, row[width:])
    return session


def _model_from(model, fields, values):
    """A model instance from its columns as read, each converted as the ORM converts it."""
    converted = []
    for model_field, value in zip(fields, values, strict=True):
        col = model_field.get_col(model._meta.db_table)
        for convert in connection.ops.get_db_converters(col) + col.get_db_converters(connection):
            value = convert(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, [each.attname for each in fields], converted)


@dataclass(frozen=True)
class Stage:
    """What the presenter's panel and the audience's stage show of an open session."""

    round: LiveRound | None
    answered: int  # students who answered the round in its window (0 without a round)
    students: int  # in the class


def read_stage(session: LiveSession) -> Stage:
    """The session's round, its count and the class's size, in one statement."""
    with connection.cursor() as cursor:
        cursor.execute(_STAGE_SQL, [session.classroom_id, session.classroom_id, session.pk])
        students, answered, *round_row = cursor.fetchone()
    if round_row[0] is None:
        return Stage(None, 0, students)
    return Stage(_round_from(round_row, session), answered, students)


def token(classroom_id: int, learner_id: int, state: str) -> str:
    """The poll token a student's page carries (URL-safe: digits, letters, - _ : .)."""
    return _signer().sign(f"{classroom_id}.{learner_id}.{state}")


def parse(value: str) -> tuple[int, int, str] | None:
    """(class id, learner id, state) of a token this site signed; None for anything else."""
    try:
        classroom, learner, state = _signer().unsign(value).split(".", 2)
        return int(classroom), int(learner), state
    except (signing.BadSignature, ValueError):
        return None


def unchanged(value: str, request: HttpRequest | None = None) -> bool:
    """True when the token is ours and its class still shows the state it names to its
    learner, who is still in that class: the poll can answer 204 at once. Otherwise the
    state read is left on `request` (`live_state`) for the view, which uses it only for
    the signed-in learner the token names."""
    parsed = parse(value) if value else None
    if parsed is None:
        return False
    classroom_id, learner_id, state = parsed
    now = read_state(classroom_id, learner_id)
    if now is not None and request is not None:
        request.live_state = (learner_id, classroom_id, now)
    return now is not None and now.state == state


def _signer() -> signing.Signer:
    # Made at each call from the settings (cheap), so nothing is kept per process.
    return signing.Signer(salt=_SALT)


def nothing_new() -> HttpResponse:
    response = HttpResponse(status=204)  # htmx keeps the page
    # Never kept by a proxy: the next poll must reach the app to see a change.
    response["Cache-Control"] = "private, no-store"
    return response


class NothingNewMiddleware:
    """The phone's poll that finds nothing new, answered before the session is read."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.poll_path = reverse("live:student_round")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == self.poll_path and request.method in ("GET", "HEAD"):
            request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware would check it
            if unchanged(request.GET.get("state", ""), request):
                return nothing_new()
        return self.get_response(request)
