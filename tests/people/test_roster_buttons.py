"""The roster's three buttons on a student or a class — 解鎖 (a student), 讓全班重新登入
(the class) and 新的密語 (a new secret): POST only, by the class's own teacher with the
grown-up area open; each ends back on the class roster, and a refused one changes nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from people.limits.picture_locks import CHILD_SCOPE, CLASS_LOCK_SCOPE, FREE_TRIES
from people.models import LoginFailure
from people.permissions import LOCKED_SESSION_KEY
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db

BUTTONS = ["unlock_student", "unlock_class", "reset_secret"]


@pytest.fixture
def locked(classroom, student):
    """小華's picture login pausing, and the whole class locked too."""
    for _ in range(FREE_TRIES):
        LoginFailure.objects.create(scope=CHILD_SCOPE, key=f"student-{student.pk}")
    LoginFailure.objects.create(scope=CLASS_LOCK_SCOPE, key=f"class-{classroom.pk}")
    return FREE_TRIES + 1


def button_url(name: str, classroom, student) -> str:
    return reverse(f"people:{name}", args=[classroom.pk if name == "unlock_class" else student.pk])


def unchanged(student, rows: int) -> bool:
    student.refresh_from_db()
    secret = (student.secret_first, student.secret_second)
    return secret == ("sun", "moon") and LoginFailure.objects.count() == rows


@pytest.mark.parametrize("name", BUTTONS)
def test_it_ends_back_on_the_class_roster(teacher, classroom, student, locked, name):
    response = signed_in(teacher).post(button_url(name, classroom, student))
    assert response.status_code == 302
    assert response.url == reverse("people:class_roster", args=[classroom.pk])


@pytest.mark.parametrize(
    ("name", "rows_left", "new_secret"),
    [("unlock_student", 1, False), ("unlock_class", FREE_TRIES, False), ("reset_secret", 1, True)],
)
def test_it_lifts_exactly_its_own_lock(
    teacher, classroom, student, locked, name, rows_left, new_secret, monkeypatch
):
    monkeypatch.setattr("people.views.classes.new_secret", lambda: ("fish", "boat"))
    signed_in(teacher).post(button_url(name, classroom, student))
    assert LoginFailure.objects.count() == rows_left
    student.refresh_from_db()
    secret = ("fish", "boat") if new_secret else ("sun", "moon")
    assert (student.secret_first, student.secret_second) == secret


@pytest.mark.parametrize("name", BUTTONS)
def test_it_needs_a_post(teacher, classroom, student, locked, name):
    response = signed_in(teacher).get(button_url(name, classroom, student))
    assert response.status_code == 405
    assert unchanged(student, locked)


@pytest.mark.parametrize("name", BUTTONS)
def test_it_is_a_404_for_another_teacher(other_teacher, classroom, student, locked, name):
    response = signed_in(other_teacher).post(button_url(name, classroom, student))
    assert response.status_code == 404
    assert unchanged(student, locked)


@pytest.mark.parametrize("name", BUTTONS)
def test_it_asks_for_the_pin_when_the_grown_up_area_is_locked(
    teacher, classroom, student, locked, name
):
    client = signed_in(teacher)
    session = client.session
    session[LOCKED_SESSION_KEY] = True
    session.save()
    url = button_url(name, classroom, student)
    response = client.post(url)
    assert response.status_code == 302
    assert response.url == f"{reverse('people:unlock')}?next={url.replace('/', '%2F')}"
    assert unchanged(student, locked)


@pytest.mark.parametrize("name", BUTTONS)
def test_it_sends_someone_not_signed_in_to_sign_in(classroom, student, locked, name):
    url = button_url(name, classroom, student)
    response = Client().post(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("people:sign_in"))
    assert unchanged(student, locked)
