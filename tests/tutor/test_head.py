"""HEAD is answered wherever GET is (uptime monitors and link checkers ask HEAD): the
same status and headers as GET, no body, nothing written."""

import pytest
from django.test import Client

from lessons.models import Attempt, Learner

pytestmark = pytest.mark.django_db

PAGES = [
    "/",
    "/lessons/board/",
    "/lessons/knight/",
    "/practice/knight/",
    "/review/",
    "/glossary/",
    "/board/",
    "/stickers/",
    "/join/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password-reset/",
    "/healthz",
]


@pytest.mark.parametrize("url", PAGES)
def test_head_answers_as_get_does_with_no_body(url):
    got = Client().get(url)
    head = Client().head(url)
    assert head.status_code == got.status_code != 405
    assert head.content == b""
    assert head["Content-Type"] == got["Content-Type"]


def test_head_on_an_answers_address_writes_nothing():
    response = Client().head("/lessons/board/board-step-to-e2/")
    assert response.status_code == 302
    assert not Attempt.objects.exists() and not Learner.objects.exists()
