"""The set pages one by one: the new-puzzle form's contract (fen and moves from GET), bad
input answered 400 in words, order and removal, and who may reach each page."""

import pytest
from django.urls import reverse

from people.models import Classroom
from puzzlesets.models import OwnPuzzle, PuzzleSet, SetAssignment, SetItem
from tests.people.conftest import make_grown_up, make_student, signed_in
from tests.puzzlesets.helpers import KNIGHT_STAR, as_learner, make_puzzle

pytestmark = pytest.mark.django_db

SQUARES = {"question": "squares", "fen": "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "square": "g1"}


@pytest.fixture
def puzzle_set(owner):
    made = PuzzleSet.objects.create(owner=owner, name="題組")
    for position, source in enumerate(("knight-first-jump", "rook-lines", "rook-far-corner"), 1):
        SetItem.objects.create(puzzle_set=made, position=position, source=source)
    return made


def test_the_form_prefills_fen_and_moves_from_the_address(owner):
    url = reverse("puzzlesets:new_puzzle") + "?fen=8/8/8/8/8/8/8/K6k%20w%20-%20-%200%201&moves=a1a2"
    page = signed_in(owner).get(url).content.decode()
    assert 'name="fen" value="8/8/8/8/8/8/8/K6k w - - 0 1"' in page
    assert 'name="moves" value="a1a2"' in page


def test_the_form_holds_the_position_editor_beside_its_fen_and_moves(owner):
    page = signed_in(owner).get(reverse("puzzlesets:new_puzzle")).content.decode()
    form = page.split("data-new-puzzle>")[1].split("</form>")[0]
    assert 'data-editor data-editor-url="/editor/" data-embed hidden' in form
    assert 'name="fen"' in form and 'name="moves"' in form and "js/editor.js" in form


def test_a_form_missing_its_position_is_a_400_in_words_and_saves_nothing(owner):
    response = make_puzzle(signed_in(owner), {"question": "squares", "fen": ""})
    assert response.status_code == 400 and "這個欄位是必須的" in response.content.decode()
    assert not OwnPuzzle.objects.exists()


def test_an_own_puzzle_goes_into_the_set_it_was_made_for(owner, puzzle_set):
    response = make_puzzle(signed_in(owner), SQUARES, puzzle_set.pk)
    assert response["Location"] == reverse("puzzlesets:set_page", args=[puzzle_set.pk])
    assert puzzle_set.items.last().own.draft["question"] == "squares"


def test_items_move_up_and_down_and_are_removed(owner, puzzle_set):
    client = signed_in(owner)
    first, second, third = puzzle_set.items.all()
    client.post(reverse("puzzlesets:move_item", args=[third.pk]), {"direction": "up"})
    assert [i.source for i in puzzle_set.items.all()] == [
        "knight-first-jump",
        "rook-far-corner",
        "rook-lines",
    ]
    client.post(reverse("puzzlesets:move_item", args=[first.pk]), {"direction": "up"})  # stays
    client.post(reverse("puzzlesets:remove_item", args=[second.pk]))
    assert [i.source for i in puzzle_set.items.all()] == ["knight-first-jump", "rook-far-corner"]


def test_a_pass_mark_above_the_set_s_puzzles_is_refused(owner, puzzle_set):
    room = Classroom.objects.create(teacher=owner, name="班", join_code="ABCDEF23")
    client = signed_in(owner)
    url = reverse("puzzlesets:assign", args=[puzzle_set.pk])
    response = client.post(url, {"to": f"class-{room.pk}", "pass_mark": 4})
    assert response.status_code == 400 and "及格題數 1 到 3" in response.content.decode()
    assert client.post(url, {"to": f"class-{room.pk}", "pass_mark": 0}).status_code == 400
    assert not SetAssignment.objects.exists()


def test_another_grown_up_reaches_none_of_the_owners_pages(owner, puzzle_set):
    stranger = signed_in(make_grown_up("stranger"))
    item = puzzle_set.items.first()
    own = OwnPuzzle.objects.create(owner=owner, draft=SQUARES)
    assignment = SetAssignment.objects.create(
        puzzle_set=puzzle_set,
        pass_mark=1,
        classroom=Classroom.objects.create(teacher=owner, name="班", join_code="ABCDEF23"),
    )
    gets = [
        reverse("puzzlesets:set_page", args=[puzzle_set.pk]),
        reverse("puzzlesets:export_toml", args=[puzzle_set.pk]),
        reverse("puzzlesets:results_csv", args=[assignment.pk]),
    ]
    posts = [
        (reverse("puzzlesets:move_item", args=[item.pk]), {"direction": "up"}),
        (reverse("puzzlesets:remove_item", args=[item.pk]), {}),
        (reverse("puzzlesets:remove_assignment", args=[assignment.pk]), {}),
        (reverse("puzzlesets:share", args=[puzzle_set.pk]), {}),
        (reverse("puzzlesets:add_item", args=[puzzle_set.pk]), {"source": "rook-lines"}),
    ]
    assert [stranger.get(url).status_code for url in gets] == [404] * 3
    assert [stranger.post(url, data).status_code for url, data in posts] == [404] * 5
    # Nor may another grown-up put the owner's own puzzle into a set of theirs.
    theirs = PuzzleSet.objects.create(owner=make_grown_up("third"), name="y")
    third = signed_in(theirs.owner)
    add = reverse("puzzlesets:add_item", args=[theirs.pk])
    assert third.post(add, {"own": own.pk}).status_code == 404
    assert puzzle_set.items.count() == 3 and not theirs.items.exists()


def test_an_unknown_lesson_puzzle_or_rule_is_a_400(owner, puzzle_set):
    client = signed_in(owner)
    add = reverse("puzzlesets:add_item", args=[puzzle_set.pk])
    assert client.post(add, {"source": "no-such-puzzle"}).status_code == 400
    assert client.post(add, {"practice": "no-such-rule"}).status_code == 400
    assert client.post(add, {"practice": "knight"}).status_code == 302
    assert puzzle_set.items.last().source.startswith("practice-knight-")


def test_a_learner_of_another_class_cannot_open_the_set_or_its_puzzles(owner, puzzle_set):
    room = Classroom.objects.create(teacher=owner, name="班", join_code="ABCDEF23")
    other_room = Classroom.objects.create(
        teacher=make_grown_up("other"), name="別班", join_code="ZZZZ2345"
    )
    assignment = SetAssignment.objects.create(puzzle_set=puzzle_set, pass_mark=1, classroom=room)
    outsider = as_learner(make_student(other_room, "小美").learner)
    insider = as_learner(make_student(room, "小華").learner)
    puzzle = reverse("puzzlesets:set_puzzle", args=[assignment.pk, 1])
    assert outsider.get(puzzle).status_code == 404
    assert insider.get(puzzle).status_code == 200
    assert insider.get(reverse("puzzlesets:set_puzzle", args=[assignment.pk, 4])).status_code == 404


def test_a_finished_set_shows_the_child_their_score(owner):
    client = signed_in(owner)
    client.post(reverse("puzzlesets:sets_home"), {"name": "一題"})
    puzzle_set = PuzzleSet.objects.get()
    make_puzzle(client, KNIGHT_STAR, puzzle_set.pk)
    room = Classroom.objects.create(teacher=owner, name="班", join_code="ABCDEF23")
    assignment = SetAssignment.objects.create(puzzle_set=puzzle_set, pass_mark=1, classroom=room)
    kid = as_learner(make_student(room, "小華").learner)
    asked = f"set-{puzzle_set.items.get().pk}"
    kid.post(
        reverse("puzzlesets:set_puzzle", args=[assignment.pk, 1]), {"typed": "g1f3", "asked": asked}
    )
    page = kid.get(reverse("puzzlesets:set_start", args=[assignment.pk])).content.decode()
    assert "1 題裡，你第一次就答對 1 題。" in page and "你及格了" in page


def test_a_set_given_again_to_the_class_changes_its_pass_mark_not_its_count(owner, puzzle_set):
    room = Classroom.objects.create(teacher=owner, name="班", join_code="ABCDEF23")
    client = signed_in(owner)
    url = reverse("puzzlesets:assign", args=[puzzle_set.pk])
    client.post(url, {"to": f"class-{room.pk}", "pass_mark": 3})
    client.post(url, {"to": f"class-{room.pk}", "pass_mark": 2, "due_on": "2026-12-24"})
    assignment = SetAssignment.objects.get()
    assert (assignment.pass_mark, str(assignment.due_on)) == (2, "2026-12-24")


def test_the_owner_tries_an_item_from_the_set_page_and_nobody_else_may(owner, puzzle_set):
    item = puzzle_set.items.first()
    url = reverse("puzzlesets:item_puzzle", args=[item.pk])
    assert (
        url
        in signed_in(owner)
        .get(reverse("puzzlesets:set_page", args=[puzzle_set.pk]))
        .content.decode()
    )
    assert signed_in(owner).get(url).status_code == 200
    assert signed_in(make_grown_up("stranger")).get(url).status_code == 404
