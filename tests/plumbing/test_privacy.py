"""Grown-ups' sessions end within 30 days; pages about someone are never stored by a cache.

A teacher on a shared classroom PC must not stay signed in for a year with the login cards
one click away; a child's anonymous progress keeps its year. And a page that depends on
who is asking (children's data, the exports, the login cards) carries no-store.
"""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from people.models import Classroom
from plumbing.privacy import GROWN_UP_SESSION_AGE, NO_STORE
from tests.crawler import ROUTES, addresses, real_values_for, visitor
from tests.people.conftest import make_grown_up, make_student

DAY = 24 * 60 * 60


def cookie_age(response) -> int:
    return int(response.cookies[settings.SESSION_COOKIE_NAME]["max-age"])


def test_a_grown_up_signing_in_gets_a_session_of_at_most_30_days(db):
    make_grown_up("teacher")
    client = Client()
    response = client.post(
        reverse("people:sign_in"), {"username": "teacher", "password": "correct horse battery"}
    )
    assert response.status_code == 302
    assert 29 * DAY < cookie_age(response) <= 30 * DAY
    assert client.session.get_expiry_age() <= 30 * DAY


def test_a_grown_up_signing_up_gets_a_session_of_at_most_30_days(db):
    client = Client()
    response = client.post(
        reverse("people:sign_up"),
        {
            "username": "new-parent",
            "email": "new@example.org",
            "password1": "a long enough phrase",
            "password2": "a long enough phrase",
        },
    )
    assert response.status_code == 302, response.content.decode()[:500]
    assert 29 * DAY < cookie_age(response) <= 30 * DAY


def test_the_30_days_count_from_signing_in_not_from_the_last_page(db):
    client = Client()
    client.force_login(make_grown_up("parent"))
    client.get(reverse("people:parent_home"))
    expiry = client.session.get_expiry_date()
    client.get(reverse("people:parent_home"))
    assert client.session.get_expiry_date() == expiry
    assert expiry - timezone.now() <= GROWN_UP_SESSION_AGE


def test_a_grown_up_session_from_before_the_cap_is_capped_on_the_next_page(db):
    client = Client()
    client.force_login(make_grown_up("parent"))
    session = client.session
    session.set_expiry(None)  # as before: the year of SESSION_COOKIE_AGE
    session.save()
    assert client.session.get_expiry_age() > 300 * DAY
    client.get(reverse("people:parent_home"))
    assert client.session.get_expiry_age() <= 30 * DAY


def test_an_anonymous_learner_keeps_the_year(db):
    client = Client()
    url = reverse("puzzle_answer", args=["board", "board-step-to-e2"])
    response = client.post(url, {"played": "", "selected": "e1", "square": "e2"})
    assert response.status_code == 200
    assert cookie_age(response) == settings.SESSION_COOKIE_AGE == 365 * DAY


def test_a_student_signed_in_by_pictures_keeps_the_year(db):
    teacher = make_grown_up("teacher")
    student = make_student(Classroom.objects.create(teacher=teacher, name="棋社"), "小華")
    client = Client()
    client.force_login(teacher)  # a teacher's session on the same PC ends first
    url = reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])
    response = client.post(url, {"first": "sun", "second": "moon"})
    assert response.status_code == 302
    assert cookie_age(response) == 365 * DAY


GROWN_UP_PAGES = [
    "people:parent_home",
    "people:child_progress",
    "people:learner_json",
    "people:teacher_home",
    "people:class_dashboard",
    "people:class_roster",
    "people:login_cards",
    "people:grid_csv",
    "people:attempts_csv",
    "people:student_history",
]


@pytest.mark.parametrize("who", ["parent", "teacher"])
def test_pages_with_childrens_data_the_exports_and_the_cards_are_never_stored(world, who):
    client = visitor(who, world)
    opened = []
    for name in GROWN_UP_PAGES:
        route = ROUTES[name]
        for url in addresses(route, real_values_for(route, world["real"]))[:1]:
            response = client.get(url)
            if response.status_code == 200:
                opened.append(name)
                assert response["Cache-Control"] == NO_STORE, url
    assert len(opened) >= 3  # the parent's pages, or the teacher's


@pytest.mark.parametrize("who", ["anonymous", "learner", "student"])
def test_every_page_that_reads_the_session_is_never_stored(world, who):
    client = visitor(who, world)
    for name, route in sorted(ROUTES.items()):
        for url in addresses(route, real_values_for(route, world["real"]))[:1]:
            response = client.get(url)
            if "Cookie" in response.get("Vary", ""):
                assert "no-store" in response["Cache-Control"], f"{name} {url}"


def test_a_view_that_sets_its_own_cache_control_keeps_it(db):
    response = Client().get("/healthz")
    assert "no-store" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
