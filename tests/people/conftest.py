"""Shared set-up for the people tests: for every kind of grown-up, an owner, another adult
of the same kind, and an outsider (signed in, but neither a parent nor a teacher of anyone)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from curriculum.loading import get_curriculum
from lessons.models import Learner
from tutor.people.models import ChildProfile, Classroom, GrownUp, Student, next_seat_number


def make_grown_up(username: str):
    user = get_user_model().objects.create_user(
        username, email=f"{username}@example.org", password="correct horse battery"
    )
    GrownUp.objects.create(user=user)
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
