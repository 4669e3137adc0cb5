"""Every form that posts carries the CSRF token; Django refuses a post without it."""

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "people"
POST_FORM = re.compile(r"<form[^>]*method=\"post\"[^>]*>(.*?)</form>", re.S | re.I)


def test_every_post_form_of_the_people_pages_has_a_csrf_token():
    forms = [
        (path.name, body)
        for path in sorted(TEMPLATES.glob("*.html"))
        for body in POST_FORM.findall(path.read_text())
    ]
    assert len(forms) >= 15
    assert [name for name, body in forms if "{% csrf_token %}" not in body] == []


@pytest.mark.django_db
def test_a_sign_in_post_without_the_token_is_refused():
    response = Client(enforce_csrf_checks=True).post(
        reverse("people:sign_in"), {"username": "x", "password": "y"}
    )
    assert response.status_code == 403
