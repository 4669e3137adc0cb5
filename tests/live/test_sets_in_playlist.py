"""A live lesson plays a puzzle set as its playlist, and a fresh practice puzzle can be put
in the playlist: each round's phone answers it on its own page, counted as always."""

import pytest
from django.urls import reverse

from live import results
from live.models import PlaylistItem
from puzzlesets.models import OwnPuzzle, PuzzleSet, SetItem
from tests.live.helpers import start, student_client
from tests.people.conftest import make_student

SQUARES = {"question": "squares", "fen": "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "square": "g1"}


@pytest.fixture
def puzzle_set(teacher):
    made = PuzzleSet.objects.create(owner=teacher, name="星期三的題")
    own = OwnPuzzle.objects.create(owner=teacher, draft=SQUARES)
    SetItem.objects.create(puzzle_set=made, position=1, own=own)
    SetItem.objects.create(puzzle_set=made, position=2, source="knight-first-jump")
    return made


def test_a_set_becomes_the_playlist_in_its_order_and_a_phone_answers_it(
    teacher, classroom, puzzle_set
):
    client, session = start(teacher, classroom)
    add = reverse("live:playlist_add", args=[classroom.pk])
    assert client.post(add, {"set": puzzle_set.pk}).status_code == 302
    items = [item.pk for item in puzzle_set.items.all()]
    assert list(classroom.playlist.values_list("lesson", "puzzle")) == [
        ("sets", f"set-{items[0]}"),
        ("sets", f"set-{items[1]}"),
    ]
    assert client.post(reverse("live:next_puzzle", args=[session.pk])).status_code == 302
    student = make_student(classroom, "小華")
    phone = student_client(student)
    page = phone.get(reverse("live:student")).content.decode()
    assert f'data-puzzle="set-{items[0]}"' in page  # carried along with the round
    assert 'hx-trigger="load"' not in page
    marks = {"mode": "mark", "done": "1", "asked": f"set-{items[0]}"}
    phone.post(reverse("live:student_answer"), {**marks, "marked": ["e2", "f3", "h3"]})
    live_round = session.current_round()
    assert (results.round_results(live_round).answered, live_round.puzzle) == (1, f"set-{items[0]}")
    assert results.round_results(live_round).right == 1


def test_another_teachers_set_is_refused_and_its_items_are_not_answerable(
    teacher, other_teacher, classroom, puzzle_set
):
    client, _session = start(
        other_teacher,
        classroom.__class__.objects.create(
            teacher=other_teacher, name="別班", join_code="ZZZZ2345"
        ),
    )
    other_room = other_teacher.classrooms.get()
    response = client.post(
        reverse("live:playlist_add", args=[other_room.pk]), {"set": puzzle_set.pk}
    )
    assert response.status_code == 400 and not other_room.playlist.exists()
    outsider_phone = student_client(make_student(other_room, "小美"))
    item = puzzle_set.items.first()
    answer_url = reverse("puzzlesets:item_puzzle", args=[item.pk])
    assert outsider_phone.get(answer_url).status_code == 404
    # Put up all the same: the phone's round does not carry it, nor takes an answer to it.
    client.post(reverse("live:put_puzzle", args=[_session.pk]), {"puzzle": f"sets/set-{item.pk}"})
    page = outsider_phone.get(reverse("live:student")).content.decode()
    assert 'id="puzzle"' not in page and "等老師出題" in page
    marks = {"mode": "mark", "done": "1", "asked": f"set-{item.pk}", "marked": ["e2"]}
    refused = outsider_phone.post(reverse("live:student_answer"), marks)
    assert "這一題已經結束了" in refused.content.decode()
    assert not results.attempts_of(_session.current_round()).exists()


def test_a_fresh_practice_puzzle_goes_in_the_playlist_and_up_before_the_class(teacher, classroom):
    client, session = start(teacher, classroom)
    add = reverse("live:playlist_add", args=[classroom.pk])
    assert client.post(add, {"practice": "knight"}).status_code == 302
    item = PlaylistItem.objects.get(classroom=classroom)
    assert item.lesson == "knight" and item.puzzle.startswith("practice-knight-")
    client.post(reverse("live:next_puzzle", args=[session.pk]))
    phone = student_client(make_student(classroom, "小華"))
    page = phone.get(reverse("live:student")).content.decode()
    assert f'data-puzzle="{item.puzzle}"' in page  # carried along with the round
    assert "practice-count" not in page and 'hx-trigger="load"' not in page
    assert client.post(add, {"practice": "no-such-rule"}).status_code == 400
