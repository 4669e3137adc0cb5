"""Anonymous learners idle longer than the retention rule are forgotten; nobody else is."""

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner
from people.models import ChildProfile, Classroom, GrownUp
from people.retention import cutoff
from plumbing.models import LearnerSession
from plumbing.sessions import SessionStore
from tests.people.conftest import make_grown_up, make_student

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(days=14 * 31)


def _learner(idle_for: timedelta, **fields) -> Learner:
    then = timezone.now() - idle_for
    learner = Learner.objects.create(last_active_at=then, created_at=then, **fields)
    Attempt.objects.create(
        learner=learner, lesson="board", puzzle="p", answer="e2", verdict="incorrect"
    )
    Attempt.objects.filter(learner=learner).update(created_at=then)
    return learner


def _session_naming(learner: Learner) -> str:
    session = SessionStore()
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    return session.session_key


def test_an_idle_anonymous_learner_goes_with_its_answers_and_its_sessions_mention(
    django_capture_on_commit_callbacks,
):
    idle = _learner(LONG_AGO)
    key = _session_naming(idle)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("forget_idle_learners")
    assert not Learner.objects.filter(pk=idle.pk).exists()
    assert not Attempt.objects.filter(learner_id=idle.pk).exists()
    assert LEARNER_SESSION_KEY not in SessionStore(key).load()
    assert LearnerSession.objects.get(session_key=key).learner_id is None


def test_a_recent_answer_or_visit_keeps_a_learner():
    answered = _learner(LONG_AGO)
    Attempt.objects.create(
        learner=answered, lesson="board", puzzle="q", answer="e2", verdict="correct"
    )
    visited = _learner(timedelta(days=30))
    call_command("forget_idle_learners")
    assert Learner.objects.filter(pk__in=[answered.pk, visited.pk]).count() == 2


def test_childrens_students_and_grown_ups_learners_are_never_forgotten_here():
    parent = make_grown_up("parent")
    child = _learner(LONG_AGO)
    ChildProfile.objects.create(parent=parent, learner=child)
    own = _learner(LONG_AGO)
    GrownUp.objects.filter(user=parent).update(learner=own)
    classroom = Classroom.objects.create(teacher=make_grown_up("teacher"), name="棋社")
    student = make_student(classroom, "小華")
    Learner.objects.filter(pk=student.learner_id).update(last_active_at=timezone.now() - LONG_AGO)
    call_command("forget_idle_learners")
    assert Learner.objects.filter(pk__in=[child.pk, own.pk, student.learner_id]).count() == 3


def test_a_dry_run_counts_and_deletes_nothing(capsys):
    _learner(LONG_AGO)
    call_command("forget_idle_learners", "--dry-run")
    assert capsys.readouterr().out.startswith("1 anonymous learners idle since before ")
    assert Learner.objects.count() == 1


def test_the_months_are_the_rule_and_at_least_one():
    assert timezone.now() - cutoff(13) > timedelta(days=395)
    with pytest.raises(CommandError, match="--months must be 1 or more"):
        call_command("forget_idle_learners", "--months", "0")
