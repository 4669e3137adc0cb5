"""A live round's writes, as a service: starting a lesson, putting a puzzle up, the
reveal, showing names, the end, and the class's playlist. No HTTP here: each function
takes the session (or class, or playlist item) and the puzzle, writes in its own
transaction, and returns what the view needs to answer.

The views (live.views) read the request, check who asks, and call these. With a push
server in front, what the class sees is published once the write has committed
(live.announce through live.push); without one, nothing is published and the pages poll.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from live import announce, push, results
from live.models import LiveRound, LiveSession, PlaylistItem
from plumbing.ordering import swap_with_neighbour

DOUBLE_CLICK = timedelta(seconds=5)  # a second 開始上課 sooner is the same lesson


def start(classroom) -> LiveSession:
    """A new live lesson of the class; one still open is ended first. Two starts at the
    same moment (a double click on 開始上課) make one lesson: a start within DOUBLE_CLICK of
    the open one's returns it, and the one that loses a race to insert finds the other's
    open session (one_open_live_session_per_class) and returns it."""
    try:
        with transaction.atomic():
            now = timezone.now()
            open_now = LiveSession.objects.filter(classroom=classroom, ended_at__isnull=True)
            just_started = open_now.filter(started_at__gte=now - DOUBLE_CLICK).first()
            if just_started is not None:  # the second click of a double click, however late
                return just_started
            open_now.update(ended_at=now)
            session = LiveSession.objects.create(classroom=classroom)
    except IntegrityError:
        return LiveSession.objects.get(classroom=classroom, ended_at__isnull=True)
    push.after_commit(announce.changed, session.pk)
    return session


def put_up(session: LiveSession, puzzle) -> bool:
    """The puzzle before the class; the round before it closes. False when it was up
    already (a double tap, or a double click racing itself): nothing is written."""
    current = session.current_round()
    if current is not None and (current.lesson, current.puzzle) == (puzzle.lesson, puzzle.id):
        return False
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
                total=_total(session, puzzle, number),
                deadline=_deadline(session, now),
            )
    except IntegrityError:  # a double click racing itself: the other one put it up
        return False
    push.after_commit(announce.changed, session.pk, True)
    return True


def _total(session: LiveSession, puzzle, number: int) -> int | None:
    """The lesson's puzzles as they stand: the rounds so far (this one too) and the prepared
    ones not up yet; None when the class has no playlist (nobody knows how many)."""
    prepared = set(session.classroom.playlist.values_list("lesson", "puzzle"))
    if not prepared:
        return None
    played = set(session.rounds.values_list("lesson", "puzzle")) | {(puzzle.lesson, puzzle.id)}
    return max(number, number + len(prepared - played))


def _deadline(session: LiveSession, opened_at):
    if session.seconds_per_round is None:
        return None
    return opened_at + timedelta(seconds=session.seconds_per_round)


def reveal(session: LiveSession) -> list[LiveRound]:
    """The open round's results shown: its counting window closes now, and the right
    answer every phone shows is stored with it. The rounds revealed (none when it was)."""
    revealed = []
    with transaction.atomic():
        unrevealed = session.rounds.filter(closed_at__isnull=True, revealed_at__isnull=True)
        for live_round in unrevealed.select_for_update():
            # The counting window closes now: what the phones show at the reveal is fixed.
            live_round.revealed_at = timezone.now()
            live_round.right_answer = results.first_right_answer(live_round) or ""
            live_round.save(update_fields=["revealed_at", "right_answer"])
            revealed.append(live_round)
    if revealed:
        push.after_commit(announce.changed, session.pk)
    return revealed


def show_names(session: LiveSession, show: bool) -> None:
    session.show_names = show
    session.save(update_fields=["show_names"])


def set_time_limit(session: LiveSession, seconds: int | None) -> None:
    """Each round's time from the next one up (None: no limit); the open round keeps its own."""
    session.seconds_per_round = seconds
    session.save(update_fields=["seconds_per_round"])


def show_podium(session: LiveSession, show: bool) -> None:
    session.show_podium = show
    session.save(update_fields=["show_podium"])
    push.after_commit(announce.changed, session.pk)


def end(session: LiveSession) -> bool:
    """The lesson ends and its open round closes; False when it had ended already."""
    if not session.is_open:
        return False
    now = timezone.now()
    with transaction.atomic():
        session.rounds.filter(closed_at__isnull=True).update(closed_at=now)
        session.ended_at = now
        session.save(update_fields=["ended_at"])
    push.after_commit(announce.changed, session.pk)
    return True


def add_to_playlist(classroom, puzzle) -> bool:
    """The puzzle at the end of the class's playlist; False when it was there already."""
    last = classroom.playlist.aggregate(last=Max("position"))["last"] or 0
    try:
        with transaction.atomic():
            PlaylistItem.objects.create(
                classroom=classroom, position=last + 1, lesson=puzzle.lesson, puzzle=puzzle.id
            )
    except IntegrityError:  # already in the playlist
        return False
    return True


def move_in_playlist(item: PlaylistItem, step: int) -> None:
    """One place earlier (-1) or later (1): the two neighbours swap places."""
    with transaction.atomic():
        swap_with_neighbour(item.classroom.playlist.select_for_update(), item, step)


def remove_from_playlist(item: PlaylistItem) -> None:
    item.delete()
