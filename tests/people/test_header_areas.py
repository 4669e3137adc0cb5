"""The header offers a grown-up the areas they signed up for: a family's grown-up sees 家長區
and no 老師區 nor 我的題組 until they make a class (then they are "both"); a teacher sees
both (家長區 stays one tap away, people.areas)."""

import pytest
from django.urls import reverse

from people.models import GrownUp, HereFor
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.django_db

PARENTS = f'<a href="{reverse("people:parent_home")}">家長區</a>'
TEACHERS = f'<a href="{reverse("people:teacher_home")}">老師區</a>'


def header_of(user) -> str:
    return signed_in(user).get(reverse("people:parent_home")).content.decode()


def here_for(user, value):
    GrownUp.objects.filter(user=user).update(here_for=value)
    return user


def test_a_family_sees_the_parents_area_only_until_it_makes_a_class():
    family = here_for(make_grown_up("family"), HereFor.FAMILY)
    client = signed_in(family)
    page = client.get(reverse("people:parent_home")).content.decode()
    assert PARENTS in page and TEACHERS not in page
    assert "data-sets-link" not in page and "我也要教一個班級" in page
    client.post(reverse("people:teacher_home"), {"name": "社團"})
    assert GrownUp.objects.get(user=family).here_for == HereFor.BOTH
    page = client.get(reverse("people:parent_home")).content.decode()
    assert TEACHERS in page and "data-sets-link" in page


@pytest.mark.parametrize("value", [HereFor.CLASS, HereFor.BOTH])
def test_a_teacher_sees_both_areas(value):
    teacher = here_for(make_grown_up("teacher"), value)
    page = signed_in(teacher).get(reverse("people:teacher_home")).content.decode()
    assert TEACHERS in page and PARENTS in page


def test_the_sign_in_keeps_what_they_came_for_in_the_session():
    family = here_for(make_grown_up("family"), HereFor.FAMILY)
    assert signed_in(family).session["here_for"] == "family"
