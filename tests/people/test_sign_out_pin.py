"""A child picked on a parent's device cannot sign the parent out: signing out needs the PIN."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse

from people.limits.rate_limit import MAX_FAILURES
from people.models import GrownUp
from people.permissions import LOCKED_SESSION_KEY
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db

SIGN_OUT = reverse("people:sign_out")


def locked_client(parent, child) -> Client:
    GrownUp.objects.get(user=parent).set_pin("2468")
    client = signed_in(parent)
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert client.session[LOCKED_SESSION_KEY] is True
    return client


def test_the_childs_sign_out_asks_for_the_pin_and_keeps_the_parent_signed_in(parent, child):
    client = locked_client(parent, child)
    response = client.post(SIGN_OUT)
    assert response.status_code == 200
    assert "要登出大人的帳號，請輸入家長密碼。" in response.content.decode()
    assert int(client.session[SESSION_KEY]) == parent.pk
    assert client.session[LOCKED_SESSION_KEY] is True


def test_a_wrong_pin_does_not_sign_out(parent, child):
    client = locked_client(parent, child)
    response = client.post(SIGN_OUT, {"pin": "1111"})
    assert response.status_code == 400
    assert "密碼不對。" in response.content.decode()
    assert int(client.session[SESSION_KEY]) == parent.pk


def test_the_right_pin_signs_out(parent, child):
    client = locked_client(parent, child)
    response = client.post(SIGN_OUT, {"pin": "2468"})
    assert response["Location"] == reverse("lesson_map")
    assert SESSION_KEY not in client.session


def test_guessing_the_pin_at_sign_out_is_stopped_too(parent, child):
    client = locked_client(parent, child)
    for _ in range(MAX_FAILURES):
        client.post(SIGN_OUT, {"pin": "0000"})
    assert client.post(SIGN_OUT, {"pin": "2468"}).status_code == 429
    assert int(client.session[SESSION_KEY]) == parent.pk


def test_without_a_pin_signing_out_needs_nothing(parent, child):
    client = signed_in(parent)
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert client.post(SIGN_OUT)["Location"] == reverse("lesson_map")
    assert SESSION_KEY not in client.session
