from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, Result
from lessons.presenter import stars_badge
from lessons.progress import lesson_progress, record_attempt, stars_by_puzzle
from people.limits.rate_limit import MAX_FAILURES
from people.models import ChildProfile, GrownUp
from people.permissions import LOCKED_SESSION_KEY
from tests.people.conftest import signed_in

pytestmark = pytest.mark.django_db

KNIGHT_IN_THE_WAY = "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1"


def test_parent_home_lists_only_the_parents_own_children(parent, other_parent, child):
    ChildProfile.objects.create(
        parent=other_parent, learner=Learner.objects.create(nickname="阿強")
    )
    page = signed_in(parent).get(reverse("people:parent_home")).content.decode()
    assert "小明" in page
    assert "阿強" not in page


def test_parent_home_sends_a_visitor_to_sign_in():
    response = Client().get(reverse("people:parent_home"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("people:sign_in"))


def test_it_adds_a_child_with_only_a_nickname_and_an_avatar(parent):
    response = signed_in(parent).post(
        reverse("people:add_child"), {"nickname": "  小美 ", "avatar": "Q"}
    )
    assert response.status_code == 302
    child = ChildProfile.objects.get(parent=parent)
    assert (child.learner.nickname, child.learner.avatar) == ("小美", "Q")


def test_it_refuses_a_child_without_a_nickname_with_a_400(parent):
    response = signed_in(parent).post(reverse("people:add_child"), {"nickname": "", "avatar": "Q"})
    assert response.status_code == 400
    assert not ChildProfile.objects.exists()


def test_it_refuses_an_avatar_that_is_not_a_piece(parent):
    response = signed_in(parent).post(
        reverse("people:add_child"), {"nickname": "小美", "avatar": "X"}
    )
    assert response.status_code == 400


def test_child_progress_shows_stars_and_the_rule_tripped_over(parent, child, first_lesson):
    puzzle = first_lesson.puzzles[0]
    record_attempt(
        child.learner,
        lesson=first_lesson.slug,
        puzzle=puzzle.id,
        answer="e2e4",
        verdict=Result.ILLEGAL,
        reason="NOT_HOW_IT_MOVES",
        fen=KNIGHT_IN_THE_WAY,
    )
    record_attempt(
        child.learner, lesson=first_lesson.slug, puzzle=puzzle.id, answer="x", verdict="correct"
    )
    response = signed_in(parent).get(reverse("people:child_progress", args=[child.learner_id]))
    page = response.content.decode()
    assert response.status_code == 200
    assert f"1/{len(first_lesson.puzzles)}" in page
    # The map's unit: the lesson's stars, none lit until it is done; no total of puzzle stars.
    assert f'<td data-lesson-stars="0">{stars_badge(0)}</td>' in page
    assert "一共解了 1 題。" in page
    assert "顆星星" not in page and "／" not in page
    assert "這個棋子不是這樣走的" in page
    assert "1 次" in page
    assert 'class="mini-board"' in page


def test_child_progress_is_404_for_another_parent(other_parent, child):
    response = signed_in(other_parent).get(
        reverse("people:child_progress", args=[child.learner_id])
    )
    assert response.status_code == 404


def test_child_progress_is_404_for_an_outsider(outsider, child):
    response = signed_in(outsider).get(reverse("people:child_progress", args=[child.learner_id]))
    assert response.status_code == 404


def test_child_progress_sends_a_visitor_to_sign_in(child):
    response = Client().get(reverse("people:child_progress", args=[child.learner_id]))
    assert response.status_code == 302


def test_who_is_learning_lists_the_children_as_big_buttons(parent, child):
    page = signed_in(parent).get(reverse("people:who_is_learning")).content.decode()
    assert f'name="learner" value="{child.learner_id}"' in page
    assert "現在誰在學？" in page


def test_picking_a_child_makes_them_the_learner_in_this_browser(parent, child):
    client = signed_in(parent)
    response = client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert response.status_code == 302
    assert client.session[LEARNER_SESSION_KEY] == child.learner_id


def test_the_grown_up_is_offered_beside_the_children_and_learns_as_themselves(parent, child):
    client = signed_in(parent)
    page = client.get(reverse("people:who_is_learning")).content.decode()
    assert '<button type="submit" name="learner" value="me" class="big-choice" data-myself>' in page
    assert "<span>我自己</span>" in page
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    response = client.post(reverse("people:who_is_learning"), {"learner": "me"})
    assert response.status_code == 302
    own = GrownUp.objects.get(user=parent).learner
    assert own is not None and client.session[LEARNER_SESSION_KEY] == own.pk
    assert "正在學" not in client.get(reverse("lesson_map")).content.decode()


def test_a_parent_with_no_children_yet_may_still_pick_themselves(parent):
    page = signed_in(parent).get(reverse("people:who_is_learning")).content.decode()
    assert 'value="me"' in page and "還沒有" in page


def test_behind_the_pin_a_child_cannot_pick_the_grown_up(parent, child):
    client = locked_client(parent, child)
    response = client.post(reverse("people:who_is_learning"), {"learner": "me"})
    assert response["Location"].startswith(reverse("people:unlock"))
    assert client.session[LEARNER_SESSION_KEY] == child.learner_id


def test_the_header_says_which_child_is_learning_until_the_child_is_deleted(parent, child):
    client = signed_in(parent)
    assert "正在學" not in client.get(reverse("lesson_map")).content.decode()
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    header = client.get(reverse("lesson_map")).content.decode()
    assert '<li class="now-learning" data-now-learning>' in header
    assert "小明 正在學" in header
    client.post(reverse("people:delete_learner", args=[child.learner_id]))
    assert "正在學" not in client.get(reverse("lesson_map")).content.decode()


def test_a_grown_ups_own_learner_is_not_named_in_the_header(parent):
    parent.grown_up.learner = Learner.objects.create()
    parent.grown_up.save()
    client = Client()
    client.post(
        reverse("people:sign_in"), {"username": "parent", "password": "correct horse battery"}
    )
    assert LEARNER_SESSION_KEY in client.session
    assert "正在學" not in client.get(reverse("lesson_map")).content.decode()


@pytest.mark.parametrize("who", ["other_parent", "outsider", "teacher"])
def test_picking_another_parents_child_is_404(who, child, request):
    client = signed_in(request.getfixturevalue(who))
    response = client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert response.status_code == 404
    assert LEARNER_SESSION_KEY not in client.session


def test_picking_nonsense_is_a_400(parent):
    response = signed_in(parent).post(reverse("people:who_is_learning"), {"learner": "abc"})
    assert response.status_code == 400


def test_setting_a_pin_stores_only_its_hash(parent):
    signed_in(parent).post(reverse("people:set_pin"), {"pin": "2468"})
    grown_up = GrownUp.objects.get(user=parent)
    assert "2468" not in grown_up.pin_hash
    assert grown_up.check_pin("2468")


def test_a_pin_that_is_not_4_to_6_digits_is_a_400(parent):
    response = signed_in(parent).post(reverse("people:set_pin"), {"pin": "12ab"})
    assert response.status_code == 400
    assert not GrownUp.objects.get(user=parent).has_pin


def locked_client(parent, child) -> Client:
    GrownUp.objects.get(user=parent).set_pin("2468")
    client = signed_in(parent)
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    return client


def test_after_a_child_is_picked_the_parent_area_asks_for_the_pin(parent, child):
    client = locked_client(parent, child)
    response = client.get(reverse("people:child_progress", args=[child.learner_id]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("people:unlock"))
    assert client.get(reverse("people:teacher_home")).status_code == 302


def test_without_a_pin_picking_a_child_leaves_the_area_open(parent, child):
    client = signed_in(parent)
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    assert client.get(reverse("people:parent_home")).status_code == 200


def test_the_right_pin_opens_the_parent_area_again(parent, child):
    client = locked_client(parent, child)
    response = client.post(
        reverse("people:unlock"), {"pin": "2468", "next": reverse("people:parent_home")}
    )
    assert response["Location"] == reverse("people:parent_home")
    assert LOCKED_SESSION_KEY not in client.session
    assert client.get(reverse("people:parent_home")).status_code == 200


def test_a_wrong_pin_keeps_the_area_closed(parent, child):
    client = locked_client(parent, child)
    assert client.post(reverse("people:unlock"), {"pin": "1111"}).status_code == 400
    assert client.get(reverse("people:parent_home")).status_code == 302


def test_pin_guessing_is_stopped_after_five_tries(parent, child):
    client = locked_client(parent, child)
    for _ in range(MAX_FAILURES):
        client.post(reverse("people:unlock"), {"pin": "0000"})
    assert client.post(reverse("people:unlock"), {"pin": "2468"}).status_code == 429
    assert client.session[LOCKED_SESSION_KEY] is True


def test_child_attempts_are_the_same_records_the_lessons_write(parent, child, first_lesson):
    record_attempt(
        child.learner,
        lesson=first_lesson.slug,
        puzzle=first_lesson.puzzles[0].id,
        answer="a1",
        verdict="incorrect",
    )
    assert Attempt.objects.get().learner == child.learner


def test_last_active_is_the_childs_latest_attempt(parent, child):
    picked = datetime(2026, 11, 1, 1, 0, tzinfo=UTC)
    Learner.objects.filter(pk=child.learner_id).update(last_active_at=picked)
    Attempt.objects.create(
        learner=child.learner,
        lesson="board",
        puzzle="board-x",
        answer="a1",
        verdict="incorrect",
        created_at=datetime(2026, 11, 20, 2, 30, tzinfo=UTC),
    )
    client = signed_in(parent)
    assert "2026-11-20 10:30" in client.get(reverse("people:parent_home")).content.decode()
    page = client.get(reverse("people:child_progress", args=[child.learner_id])).content.decode()
    assert "2026-11-20 10:30" in page


def test_a_finished_lesson_shows_the_maps_stars_on_the_childs_page(parent, child, first_lesson):
    first, *others = first_lesson.puzzles
    lesson = first_lesson.slug
    for _ in range(2):  # two mistakes: one star for the first puzzle, three for the others
        record_attempt(
            child.learner, lesson=lesson, puzzle=first.id, answer="x", verdict="incorrect"
        )
    for puzzle in (first, *others):
        record_attempt(
            child.learner, lesson=lesson, puzzle=puzzle.id, answer="x", verdict="correct"
        )
    stars = lesson_progress(
        [p.id for p in first_lesson.puzzles], stars_by_puzzle(child.learner)
    ).stars
    assert 1 <= stars <= 3
    page = signed_in(parent).get(reverse("people:child_progress", args=[child.learner_id]))
    html = page.content.decode()
    assert f'<td data-lesson-stars="{stars}">{stars_badge(stars)} 這一課完成了</td>' in html
    assert html.count('class="star on"') == stars
