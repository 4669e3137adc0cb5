"""「這些星星是誰的？」 moves everything a learner owns: every model with a key to
lessons.Learner is found in Django's app registry, so a model added later is not forgotten."""

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.models import Attempt, Learner, PuzzleResult
from people.adoption import LEARNER_KEYS, NOT_PROGRESS, merge_progress
from people.models import ChildProfile, GrownUp
from play.models import Game
from practice.models import Review
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)
from tests.play.helpers import move, start

PASSWORD = "a long pass phrase"

pytestmark = pytest.mark.django_db


def learner_keys() -> set[str]:
    return {
        f"{model._meta.label}.{field.name}"
        for model in apps.get_models()
        for field in model._meta.concrete_fields
        if field.is_relation and field.related_model is Learner
    }


def test_every_key_to_a_learner_is_named_in_the_merge():
    assert learner_keys() == set(LEARNER_KEYS)


def _rows(learner: Learner) -> dict[str, int]:
    counts = {}
    for key in sorted(learner_keys()):
        label, name = key.rsplit(".", 1)
        counts[key] = apps.get_model(label).objects.filter(**{name: learner}).count()
    return counts


def _one_of_each(learner: Learner) -> None:
    """A row in every model a learner owns (the tallies come from the triggers); a model
    added later writes its row here, or the test below fails at "one of each"."""
    now = timezone.now()
    Attempt.objects.create(
        learner=learner, lesson="knight", puzzle="knight-first-jump", answer="g1g3",
        verdict="illegal", reason="NOT_HOW_IT_MOVES",
    )  # fmt: skip
    PuzzleResult.objects.create(
        learner=learner, lesson="knight", puzzle="knight-colour", stars=3, solved_at=now
    )
    Review.objects.create(learner=learner, rule="knight", due_at=now)
    Game.objects.create(
        learner=learner, opponent="any_move", side="white", start_fen="8/8/8/8/8/8/8/K6k w - - 0 1",
        seed=1,
    )  # fmt: skip
    apps.get_model("play.PlaySettings").objects.create(learner=learner, takebacks=False)
    owner = GrownUp.objects.get(user__username="parent").user
    puzzle_set = apps.get_model("puzzlesets.PuzzleSet").objects.create(owner=owner, name="題組")
    apps.get_model("puzzlesets.SetAssignment").objects.create(
        puzzle_set=puzzle_set, child=learner, pass_mark=1
    )
    apps.get_model("zhuyin.ReadingAids").objects.create(learner=learner, zhuyin=True)


def test_a_learner_with_a_row_in_every_owned_model_moves_whole(parent):
    source, target = Learner.objects.create(), Learner.objects.create(nickname="小明")
    _one_of_each(source)
    owned = {key for key, what in LEARNER_KEYS.items() if what != NOT_PROGRESS}
    before = _rows(source)
    assert {key for key, count in before.items() if count} == owned  # one of each, at least
    merge_progress(source, target)
    after = _rows(target)
    assert {key: after[key] for key in owned} == {key: before[key] for key in owned}
    assert not Learner.objects.filter(pk=source.pk).exists()


def test_the_targets_own_settings_and_further_reviews_stay(parent):
    source, target = Learner.objects.create(), Learner.objects.create(nickname="小明")
    _one_of_each(source)
    Review.objects.create(learner=target, rule="knight", streak=2, step=2)
    apps.get_model("play.PlaySettings").objects.create(learner=target, takebacks=True)
    merge_progress(source, target)
    review = Review.objects.get(learner=target)
    assert (review.rule, review.streak) == ("knight", 2)
    assert apps.get_model("play.PlaySettings").objects.get(learner=target).takebacks is True


def test_a_mastered_review_of_the_source_replaces_a_young_one(parent):
    source, target = Learner.objects.create(), Learner.objects.create()
    now = timezone.now()
    Review.objects.create(learner=source, rule="knight", streak=3, step=3, mastered_at=now)
    Review.objects.create(learner=target, rule="knight", streak=0, step=0, due_at=now)
    merge_progress(source, target)
    assert Review.objects.get(learner=target).mastered_at == now


@pytest.mark.usefixtures("curriculum")
def test_a_game_and_a_review_played_anonymously_go_to_the_child_named():
    """The issue's steps: a game won on /play/, an illegal move in a lesson, sign up, add
    小明, 「這些星星是誰的？」 → 小明: the game and the review entry are his (1 → 1)."""
    device = Client()
    move(device, start(device, fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), 0, "a1a8")
    illegal = {"square": "g3", "selected": "g1", "mode": "move"}
    assert device.post("/lessons/knight/knight-first-jump/", illegal).status_code == 200
    anonymous = Learner.objects.get()
    assert (anonymous.games.count(), Review.objects.filter(learner=anonymous).count()) == (1, 1)
    data = {"username": "mum", "password1": PASSWORD, "password2": PASSWORD}
    assert device.post(reverse("people:sign_up"), data).status_code == 302
    device.post(reverse("people:add_child"), {"nickname": "小明", "avatar": "N"})
    child = ChildProfile.objects.get().learner
    device.post(reverse("people:claim_stars"), {"owner": child.pk})
    assert not Learner.objects.filter(pk=anonymous.pk).exists()
    assert (child.games.count(), Review.objects.filter(learner=child).count()) == (1, 1)
    assert Attempt.objects.filter(learner=child, verdict="illegal").count() == 1
