"""A live phone's answer: sent as a plain form (no JavaScript) it is accepted and counted."""

import pytest
from django.test import Client
from django.urls import reverse

from live.results import answered_count, round_results
from tests.live.helpers import page_forms, put_up, start, student_client
from tests.people.conftest import make_student

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(classroom):
    return [make_student(classroom, name) for name in ("小華", "小明", "小美")]


def strict_phone(student) -> Client:
    """A signed-in student's browser whose posts go through Django's CSRF check, as a
    real browser's do (the test client skips it unless told)."""
    phone = Client(enforce_csrf_checks=True)
    phone.cookies = student_client(student).cookies
    return phone


def answer_form(html: str) -> dict:
    return next(form for form in page_forms(html) if "played" in form["fields"])


def test_a_plain_form_answer_without_javascript_is_accepted_and_counted(teacher, classroom, three):
    teacher_client, session = start(teacher, classroom)
    put_up(teacher_client, session)
    phone = strict_phone(three[0])
    page = phone.get(reverse("live:student")).content.decode()
    form = answer_form(page)
    assert form["fields"]["csrfmiddlewaretoken"]
    sent = phone.post(form["action"], {**form["fields"], "mode": "move", "typed": "a1b3"})
    assert sent.status_code in (200, 302, 303)
    live_round = session.rounds.get()
    assert answered_count(live_round) == 1
    teacher_client.post(reverse("live:reveal", args=[session.pk]))
    assert round_results(session.rounds.get()).right == 1
