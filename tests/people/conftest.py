"""Shared set-up for the people tests: for every kind of grown-up, an owner, another adult
of the same kind, and an outsider (signed in, but neither a parent nor a teacher of anyone)."""

import csv
import io
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from curriculum.loading import get_curriculum
from lessons.models import Learner, Result
from lessons.progress import record_attempt
from people.limits import rate_limit
from people.models import ChildProfile, Classroom, GrownUp, Student, next_seat_number


class Clock:
    """rate_limit's clock, stopped: the tests do not depend on how fast the machine is."""

    def __init__(self):
        self.time = timezone.now()

    def now(self):
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += timedelta(seconds=seconds)


@pytest.fixture
def stopped_clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(rate_limit, "timezone", clock)
    return clock


def make_grown_up(username: str):
    user = get_user_model().objects.create_user(
        username, email=f"{username}@example.org", password="correct horse battery"
    )
    # An account whose address was checked by its link (people.views.email_links).
    GrownUp.objects.create(user=user, name_key=username, email_key=user.email, email_verified=True)
    return user


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def parent(db):
    return make_grown_up("parent")


@pytest.fixture
def other_parent(db):
    return make_grown_up("other-parent")


@pytest.fixture
def teacher(db):
    return make_grown_up("teacher")


@pytest.fixture
def other_teacher(db):
    return make_grown_up("other-teacher")


@pytest.fixture
def outsider(db):
    return make_grown_up("outsider")


@pytest.fixture
def child(parent) -> ChildProfile:
    learner = Learner.objects.create(nickname="小明", avatar="N")
    return ChildProfile.objects.create(parent=parent, learner=learner)


@pytest.fixture
def classroom(teacher) -> Classroom:
    return Classroom.objects.create(teacher=teacher, name="西洋棋社", join_code="ABCD23")


@pytest.fixture
def student(classroom) -> Student:
    return make_student(classroom, "小華", ("sun", "moon"))


def make_student(classroom: Classroom, nickname: str, secret=("sun", "moon")) -> Student:
    learner = Learner.objects.create(nickname=nickname, avatar="R")
    return Student.objects.create(
        classroom=classroom,
        learner=learner,
        secret_first=secret[0],
        secret_second=secret[1],
        seat_number=next_seat_number(classroom),
    )


@pytest.fixture
def first_lesson():
    """The first lesson of the real curriculum, with its puzzles."""
    return get_curriculum().lessons[0]


BOM = "\ufeff"
ATTEMPTS_HEADER = [
    "暱稱",
    "時間（Asia/Taipei）",
    "課程",
    "題目",
    "答案",
    "判定",
    "規則",
    "局面（FEN）",
]


def give_progress(learner, lesson, answer="e2e4") -> None:
    puzzle = lesson.puzzles[0].id
    record_attempt(
        learner,
        lesson=lesson.slug,
        puzzle=puzzle,
        answer="a1a8",
        verdict=Result.ILLEGAL,
        reason="PATH_BLOCKED",
        fen="4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1",
    )
    record_attempt(learner, lesson=lesson.slug, puzzle=puzzle, answer=answer, verdict="correct")


def read_csv(response) -> list[list[str]]:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = body.decode("utf-8")
    assert text.startswith(BOM)
    return list(csv.reader(io.StringIO(text[1:])))
