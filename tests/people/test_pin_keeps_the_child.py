"""Entering the parent PIN opens the parent area and leaves the child picked: back on the
lessons, what is solved is still the child's, until someone picks another."""

import pytest
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.models import ChildProfile, GrownUp
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)
from tests.people.conftest import signed_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]

JUMP = ("/lessons/knight/knight-first-jump/", {"square": "f3", "selected": "g1", "mode": "move"})


def test_the_pin_keeps_the_child_picked_and_her_answers_hers(parent, child):
    GrownUp.objects.get(user=parent).set_pin("2468")
    device = signed_in(parent)
    device.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    opened = device.post(
        reverse("people:unlock"), {"pin": "2468", "next": reverse("people:parent_home")}
    )
    assert opened["Location"] == reverse("people:parent_home")
    assert device.session[LEARNER_SESSION_KEY] == child.learner_id
    assert device.post(*JUMP).status_code == 200
    assert list(PuzzleResult.objects.values_list("learner_id", "stars")) == [(child.learner_id, 3)]
    assert set(Attempt.objects.values_list("learner_id", flat=True)) == {child.learner_id}


def test_picking_another_child_after_the_pin_moves_on_to_them(parent, child):
    sister = Learner.objects.create(nickname="小美", avatar="Q")
    ChildProfile.objects.create(parent=parent, learner=sister)
    GrownUp.objects.get(user=parent).set_pin("2468")
    device = signed_in(parent)
    device.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    device.post(reverse("people:unlock"), {"pin": "2468"})
    device.post(reverse("people:who_is_learning"), {"learner": sister.pk})
    assert device.session[LEARNER_SESSION_KEY] == sister.pk
