"""Sign-up asks what the grown-up is here for and lands on that area; both stay reachable."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from people.models import GrownUp, HereFor

pytestmark = pytest.mark.django_db

SIGN_UP = reverse("people:sign_up")
PASSWORDS = {"password1": "a long pass phrase", "password2": "a long pass phrase"}


def sign_up(username: str, **extra) -> tuple[Client, object]:
    client = Client()
    response = client.post(SIGN_UP, {"username": username, **PASSWORDS, **extra})
    return client, response


def test_the_sign_up_page_asks_what_the_grown_up_is_here_for():
    page = Client().get(SIGN_UP).content.decode()
    assert "你來這裡是為了？" in page
    for value, label in (("family", "在家陪孩子學"), ("class", "我教的班級"), ("both", "兩個都是")):
        assert f'value="{value}"' in page
        assert label in page


def test_a_teacher_lands_on_the_teachers_area_and_can_still_reach_the_parents():
    client, response = sign_up("coach", here_for="class")
    assert response.status_code == 302
    assert response["Location"] == reverse("people:teacher_home")
    assert GrownUp.objects.get(user__username="coach").here_for == HereFor.CLASS
    page = client.get(response["Location"]).content.decode()
    assert f'href="{reverse("people:parent_home")}"' in page
    assert client.get(reverse("people:parent_home")).status_code == 200


@pytest.mark.parametrize("here_for", ["family", "both"])
def test_a_family_lands_on_the_parents_area_with_the_teachers_one_link_away(here_for):
    client, response = sign_up("mum", here_for=here_for)
    assert response["Location"] == reverse("people:parent_home")
    page = client.get(response["Location"]).content.decode()
    assert f'href="{reverse("people:teacher_home")}"' in page


def test_a_sign_up_that_does_not_say_is_a_familys():
    _, response = sign_up("dad")
    assert response["Location"] == reverse("people:parent_home")
    assert GrownUp.objects.get(user__username="dad").here_for == HereFor.FAMILY


def test_an_unknown_answer_is_a_400_and_no_account_is_made():
    _, response = sign_up("who", here_for="school-board")
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="who").exists()


def test_signing_in_lands_a_teacher_on_their_classes():
    sign_up("coach", here_for="class")
    response = Client().post(
        reverse("people:sign_in"), {"username": "coach", "password": PASSWORDS["password1"]}
    )
    assert response["Location"] == reverse("people:teacher_home")
