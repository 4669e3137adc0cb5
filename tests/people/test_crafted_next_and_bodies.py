"""Crafted `next`, long addresses and big bodies: a 302 home, a short Location, a 413 in words.

Before: `next=e2e5` (POST /teacher/classes/<id>/unlock/) and `?next=zzz` on the sign-in
with the right password were read as URL names (NoReverseMatch, 500); an anonymous
GET /teacher/?x= + 300 × 王 was sent to the sign-in with a 4,5 KB Location (nginx: 502);
a 3 MB form was refused by Django unread (a reset connection, nginx: 502).
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from plumbing.bodies import BODY_MAX
from plumbing.redirects import LOCATION_MAX, local_path
from tests.people.conftest import signed_in


@pytest.mark.parametrize("path", ["/", "/teacher/", "/teacher/classes/3/?tab=a&b=%E7%8E%8B"])
def test_a_path_of_this_site_is_a_place_to_go(path):
    assert local_path(path) == path


@pytest.mark.parametrize(
    "value",
    [
        "",
        "e2e5",
        "zzz",
        "people:parent_home",
        "//evil.example/",
        "/\\evil.example/",
        "https://evil.example/",
        "/a\x00b",
        "/a\nLocation: x",
        "/" + "a" * LOCATION_MAX,
        None,
        ["/"],
    ],
)
def test_anything_else_is_no_place(value):
    assert local_path(value) is None


@pytest.mark.parametrize("next_value", ["e2e5", "zzz", "²", "people:class_roster"])
def test_the_class_unlock_with_a_word_for_next_goes_back_to_the_roster(classroom, next_value):
    url = reverse("people:unlock_class", args=[classroom.pk])
    response = signed_in(classroom.teacher).post(url, {"next": next_value})
    assert response.status_code == 302
    assert response.url == reverse("people:class_roster", args=[classroom.pk])


def test_the_sign_in_with_a_word_for_next_goes_home(parent):
    form = {"username": "parent", "password": "correct horse battery"}
    response = Client().post(reverse("people:sign_in") + "?next=zzz", form)
    assert response.status_code == 302
    assert response.url == reverse("people:parent_home")


def test_a_local_next_is_still_followed(parent):
    form = {"username": "parent", "password": "correct horse battery", "next": "/teacher/"}
    response = Client().post(reverse("people:sign_in"), form)
    assert response.status_code == 302
    assert response.url == "/teacher/"


def test_a_long_address_is_sent_to_the_sign_in_without_its_query(db):
    response = Client().get("/teacher/", {"x": "王" * 300})
    assert response.status_code == 302
    assert response["Location"] == reverse("people:sign_in")


def test_a_short_address_keeps_its_next(db):
    response = Client().get("/teacher/", {"x": "王"})
    assert response.status_code == 302
    assert (
        response["Location"] == reverse("people:sign_in") + "?next=/teacher/%3Fx%3D%25E7%258E%258B"
    )


def test_a_form_over_the_bound_is_a_413_in_words(db):
    body = "x=" + "a" * (3 * 1024 * 1024)  # between the old 2.5 MB and nginx's 4 MB: now under
    response = Client().post(
        "/accounts/login/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400  # read whole: a sign-in without its fields
    body = "x=" + "a" * BODY_MAX
    response = Client(HTTP_ACCEPT_LANGUAGE="zh-Hant").post(
        "/accounts/login/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 413
    assert "傳送的內容太大" in response.content.decode()


def test_django_and_nginx_bound_a_body_with_one_figure():
    conf = (Path(settings.BASE_DIR) / "deploy" / "nginx.conf").read_text()
    (megabytes,) = re.findall(r"client_max_body_size (\d+)m;", conf)
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == BODY_MAX == int(megabytes) * 1024 * 1024


@pytest.mark.django_db
@pytest.mark.parametrize(
    "bad", ["e2e5", "//evil.example/", "http://evil.example/", "/a\\b", "/" + "x" * 2001]
)
def test_the_zhuyin_switch_goes_back_only_to_a_path_of_this_site(client, bad):
    """The 注音 switch reads `next` as plumbing.redirects does (so does the take-back one)."""
    switch = reverse("zhuyin_switch")
    assert client.post(switch, {"zhuyin": "on", "next": "/glossary/"})["Location"] == "/glossary/"
    assert client.post(switch, {"zhuyin": "on", "next": bad})["Location"] == reverse("lesson_map")
