"""The game homework page refuses what no page of ours sends without a 500 (issue 44)."""

import pytest
from django.urls import reverse

from people.models import Classroom
from play.models import GameAssignment
from tests.people.conftest import make_grown_up, signed_in


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "١", "12345678901234567890", "x"])
def test_removing_a_homework_by_an_id_no_database_holds_removes_nothing(value):
    teacher = make_grown_up("teacher")
    classroom = Classroom.objects.create(teacher=teacher, name="西洋棋社", join_code="ABCD23")
    kept = GameAssignment.objects.create(classroom=classroom, opponent="rabbit", games=2)
    url = reverse("play:class_games", args=[classroom.pk])
    response = signed_in(teacher).post(url, {"remove": value})
    assert response.status_code == 302
    assert list(GameAssignment.objects.all()) == [kept]
