"""Nobody's progress is lost at sign-up and sign-in, nor given away without asking.

Answers are posted through the real answer view (the small test curriculum), in a browser
that first solved as an anonymous visitor; then a grown-up signs up or in there.
"""

import threading

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from curriculum.loading import CONTENT_DIR, load_curriculum
from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.adoption import merge_progress, unclaimed_summary
from people.models import ChildProfile, GrownUp
from practice import generators
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.usefixtures("curriculum")

JUMP = ("/lessons/knight/knight-first-jump/", {"square": "f3", "selected": "g1", "mode": "move"})
COLOUR = ("/lessons/knight/knight-colour/", {"answer": "dark"})
WRONG_COLOUR = ("/lessons/knight/knight-colour/", {"answer": "light"})
PASSWORD = "a long pass phrase"


def answer(client: Client, what: tuple[str, dict]) -> None:
    assert client.post(*what).status_code == 200


def stars_of(learner_id: int) -> dict[str, int]:
    return dict(PuzzleResult.objects.filter(learner_id=learner_id).values_list("puzzle", "stars"))


def sign_up(client: Client, username: str) -> GrownUp:
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    assert client.post(reverse("people:sign_up"), data).status_code == 302
    return GrownUp.objects.get(user__username=username)


def sign_in(client: Client, username: str, password: str = PASSWORD) -> None:
    data = {"username": username, "password": password}
    assert client.post(reverse("people:sign_in"), data).status_code == 302


@pytest.mark.django_db
def test_a_childs_stars_wait_at_sign_up_and_go_to_the_child_the_parent_names():
    device = Client()
    answer(device, JUMP)
    answer(device, COLOUR)
    anonymous = device.session[LEARNER_SESSION_KEY]
    grown_up = sign_up(device, "mum")
    # Nothing moved yet: the stars wait, and the browser goes on with them.
    assert grown_up.unclaimed_id == anonymous
    assert device.session[LEARNER_SESSION_KEY] == anonymous
    home = device.get(reverse("people:parent_home")).content.decode()
    assert "這些星星是誰的？" in home
    assert "2 題。" in home and "顆星星" not in home
    device.post(reverse("people:add_child"), {"nickname": "小明", "avatar": "N"})
    child = ChildProfile.objects.get(parent=grown_up.user)
    home = device.get(reverse("people:parent_home")).content.decode()
    assert f'name="owner" value="{child.learner_id}"' in home
    response = device.post(reverse("people:claim_stars"), {"owner": child.learner_id})
    assert response.status_code == 302
    assert stars_of(child.learner_id) == {"knight-first-jump": 3, "knight-colour": 3}
    assert Attempt.objects.filter(learner=child.learner).count() == 2
    assert not Learner.objects.filter(pk=anonymous).exists()
    grown_up.refresh_from_db()
    assert grown_up.unclaimed is None
    assert stars_of(grown_up.learner_id) == {}
    assert "這些星星是誰的？" not in device.get(reverse("people:parent_home")).content.decode()
    # The parent picks the child: the child's map shows them.
    device.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert "完成 2／3 題" in device.get("/").content.decode()


@pytest.mark.django_db
def test_picking_a_child_while_stars_wait_asks_again_and_moves_nothing():
    device = Client()
    answer(device, COLOUR)
    grown_up = sign_up(device, "mum")
    device.post(reverse("people:add_child"), {"nickname": "小明", "avatar": "N"})
    child = ChildProfile.objects.get(parent=grown_up.user)
    page = device.get(reverse("people:who_is_learning")).content.decode()
    assert "這些星星是誰的？" in page
    device.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert stars_of(child.learner_id) == {}
    assert stars_of(grown_up.unclaimed_id) == {"knight-colour": 3}


@pytest.mark.django_db
def test_stars_the_grown_up_calls_theirs_stay_theirs_after_signing_out_and_in():
    device = Client()
    answer(device, COLOUR)
    grown_up = sign_up(device, "dad")
    device.post(reverse("people:claim_stars"), {"owner": "me"})
    grown_up.refresh_from_db()
    assert stars_of(grown_up.learner_id) == {"knight-colour": 3}
    device.post(reverse("people:sign_out"))
    sign_in(device, "dad")
    assert device.session[LEARNER_SESSION_KEY] == grown_up.learner_id


@pytest.mark.django_db
def test_what_a_grown_up_solves_after_signing_up_is_there_after_signing_out_and_in():
    device = Client()
    grown_up = sign_up(device, "dad")  # nothing solved here before
    answer(device, JUMP)
    answer(device, COLOUR)
    device.post(reverse("people:sign_out"))
    assert LEARNER_SESSION_KEY not in device.session
    sign_in(device, "dad")
    grown_up.refresh_from_db()
    assert device.session[LEARNER_SESSION_KEY] == grown_up.learner_id
    assert stars_of(grown_up.learner_id) == {"knight-first-jump": 3, "knight-colour": 3}
    assert Learner.objects.count() == 1


@pytest.mark.django_db
def test_signing_in_where_someone_solved_asks_rather_than_dropping_the_stars():
    user = make_grown_up("gran")
    own = Learner.objects.create()
    GrownUp.objects.filter(user=user).update(learner=own)
    device = Client()
    answer(device, COLOUR)
    anonymous = device.session[LEARNER_SESSION_KEY]
    sign_in(device, "gran", "correct horse battery")
    grown_up = GrownUp.objects.get(user=user)
    assert grown_up.learner == own
    assert grown_up.unclaimed_id == anonymous
    assert "這些星星是誰的？" in device.get(reverse("people:parent_home")).content.decode()
    device.post(reverse("people:claim_stars"), {"owner": "me"})
    assert stars_of(own.pk) == {"knight-colour": 3}
    assert device.session[LEARNER_SESSION_KEY] == own.pk


@pytest.mark.django_db
def test_another_parents_child_cannot_be_named_as_the_owner(parent, other_parent):
    other_child = ChildProfile.objects.create(
        parent=other_parent, learner=Learner.objects.create(nickname="乙童")
    )
    waiting = Learner.objects.create()
    Attempt.objects.create(learner=waiting, lesson="l", puzzle="p", answer="a", verdict="illegal")
    GrownUp.objects.filter(user=parent).update(unclaimed=waiting)
    client = Client()
    client.force_login(parent)
    response = client.post(reverse("people:claim_stars"), {"owner": other_child.learner_id})
    assert response.status_code == 404
    assert client.post(reverse("people:claim_stars"), {"owner": "x"}).status_code == 400
    assert Attempt.objects.filter(learner=waiting).count() == 1


@pytest.mark.django_db
def test_merging_keeps_the_best_result_of_each_puzzle_and_every_attempt():
    source, target = Learner.objects.create(), Learner.objects.create()
    early, late = "2026-01-01T10:00:00Z", "2026-02-01T10:00:00Z"
    PuzzleResult.objects.create(learner=source, lesson="l", puzzle="a", stars=3, solved_at=late)
    PuzzleResult.objects.create(learner=target, lesson="l", puzzle="a", stars=1, solved_at=early)
    PuzzleResult.objects.create(learner=source, lesson="l", puzzle="b", stars=2, solved_at=late)
    PuzzleResult.objects.create(learner=target, lesson="l", puzzle="c", stars=3, solved_at=early)
    PuzzleResult.objects.create(learner=source, lesson="l", puzzle="c", stars=1, solved_at=late)
    for learner in (source, source, target):
        Attempt.objects.create(
            learner=learner, lesson="l", puzzle="a", answer="x", verdict="illegal"
        )
    merge_progress(source, target)
    assert stars_of(target.pk) == {"a": 3, "b": 2, "c": 3}
    assert PuzzleResult.objects.get(learner=target, puzzle="a").solved_at.month == 1
    assert Attempt.objects.filter(learner=target).count() == 3
    assert not Learner.objects.filter(pk=source.pk).exists()
    assert PuzzleResult.objects.count() == 3


# --- two tabs -------------------------------------------------------------------


def two_tabs() -> tuple[Client, Client]:
    """Two tabs of one browser before either has answered: the CSRF cookie is shared, the
    session cookie not yet set (each first answer will start one)."""
    first = Client()
    first.get("/lessons/knight/")
    second = Client()
    second.cookies = first.cookies.__class__(first.cookies)
    return first, second


@pytest.mark.django_db
def test_the_first_answers_of_two_tabs_land_on_one_learner():
    first, second = two_tabs()
    answer(first, JUMP)
    answer(second, COLOUR)
    assert first.session[LEARNER_SESSION_KEY] == second.session[LEARNER_SESSION_KEY]
    assert Learner.objects.count() == 1
    assert stars_of(first.session[LEARNER_SESSION_KEY]) == {
        "knight-first-jump": 3,
        "knight-colour": 3,
    }


@pytest.mark.django_db
def test_an_old_learner_under_the_browsers_key_is_not_taken_up_again(parent):
    first, second = two_tabs()
    answer(first, JUMP)
    old = Learner.objects.get()
    Learner.objects.filter(pk=old.pk).update(created_at="2026-01-01T00:00:00Z")
    ChildProfile.objects.create(parent=parent, learner=old)  # adopted since, say
    answer(second, COLOUR)
    assert second.session[LEARNER_SESSION_KEY] != old.pk
    assert Attempt.objects.filter(learner=old).count() == 1


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent writers need a server database (SQLite's test database is in memory)",
)
@pytest.mark.django_db(transaction=True)
def test_two_tabs_answering_at_the_same_moment_land_on_one_learner(monkeypatch):
    import lessons.learners

    first, second = two_tabs()
    both_looked = threading.Barrier(2, timeout=10)
    looked_up = lessons.learners.current_learner

    def look_up_then_wait(request):
        learner = looked_up(request)
        if learner is None and request.method == "POST":
            both_looked.wait()  # both tabs found no learner: now both create one
        return learner

    monkeypatch.setattr(lessons.learners, "current_learner", look_up_then_wait)
    statuses = []

    def tab(client, what):
        statuses.append(client.post(*what).status_code)
        connection.close()

    threads = [threading.Thread(target=tab, args=a) for a in ((first, JUMP), (second, COLOUR))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200, 200]
    assert Learner.objects.count() == 1
    assert first.session[LEARNER_SESSION_KEY] == second.session[LEARNER_SESSION_KEY]
    assert Attempt.objects.filter(learner=Learner.objects.get()).count() == 2


def waiting_with(grown_up: GrownUp, results: dict[str, int]) -> None:
    """A browser's solved puzzles (id → stars) waiting for `grown_up` to place them."""
    learner = Learner.objects.create()
    for puzzle, stars in results.items():
        PuzzleResult.objects.create(
            learner=learner, lesson="knight", puzzle=puzzle, stars=stars, solved_at=timezone.now()
        )
    grown_up.unclaimed = learner
    grown_up.save(update_fields=["unclaimed"])


@pytest.mark.django_db
def test_the_waiting_stars_count_the_lessons_puzzles_and_say_the_practice_apart(parent):
    practice = [generators.puzzle_id("knight", 1, 7), generators.puzzle_id("castling", 2, 8)]
    lessons = {"knight-first-jump": 3, "knight-colour": 2}
    waiting_with(parent.grown_up, {**lessons, **dict.fromkeys(practice, 3)})
    assert unclaimed_summary(parent.grown_up) == {"puzzles": 2, "stars": 5, "practice": 2}
    page = signed_in(parent).get(reverse("people:parent_home")).content.decode()
    assert "登入前，這台裝置解了 2 題。" in page
    assert "另外還解了 2 題練習題。" in page


@pytest.mark.django_db
def test_with_no_practice_waiting_the_page_does_not_speak_of_it(parent):
    waiting_with(parent.grown_up, {"knight-colour": 3})
    assert unclaimed_summary(parent.grown_up) == {"puzzles": 1, "stars": 3, "practice": 0}
    page = signed_in(parent).get(reverse("people:parent_home")).content.decode()
    assert "登入前，這台裝置解了 1 題。" in page
    assert "data-waiting-practice" not in page


def test_no_lesson_puzzle_is_counted_as_practice():
    lessons = load_curriculum(CONTENT_DIR).lessons
    ids = [puzzle.id for lesson in lessons for puzzle in lesson.puzzles]
    assert [i for i in ids if i.startswith(generators.ID_PREFIX)] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("count", "sentence"),
    [(1, "1 practice puzzle was solved too."), (3, "3 practice puzzles were solved too.")],
)
def test_in_english_the_practice_waiting_is_one_puzzle_or_several(parent, count, sentence):
    practice = [generators.puzzle_id("knight", 1, seed) for seed in range(count)]
    waiting_with(parent.grown_up, {"knight-colour": 3, **dict.fromkeys(practice, 3)})
    client = signed_in(parent)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(reverse("people:parent_home")).content.decode()
    assert sentence in page
