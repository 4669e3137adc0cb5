"""Games on the grown-ups' and the child's pages, the parent's take-back switch, and a
teacher's 「和小狐狸下 3 盤棋」 homework."""

import pytest
from django.test import Client

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Learner
from people.models import ChildProfile
from play import games
from play.models import Game, GameAssignment
from tests.people.conftest import make_grown_up
from tests.play.helpers import HTMX, move, start

pytestmark = pytest.mark.django_db

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def as_learner(learner) -> Client:
    client = Client()
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    session.save()
    return client


def won_game(learner, opponent="any_move"):
    state = games.start(learner, opponent, "white", start_fen=MATE_IN_ONE)
    games.play(state.game.pk, 0, "a1a8")


@pytest.fixture
def family():
    parent = make_grown_up("parent")
    learner = Learner.objects.create(nickname="小明", avatar="N")
    ChildProfile.objects.create(parent=parent, learner=learner)
    client = Client()
    client.force_login(parent)
    return parent, learner, client


def test_the_childs_page_counts_games_played_and_won_and_the_rules_met(family):
    _parent, learner, _client = family
    won_game(learner)
    child = as_learner(learner)
    html = child.get("/play/").content.decode()
    assert 'data-games-played="1" data-games-won="1"' in html
    assert "下完 1 盤：贏 1 盤，和 0 盤。" in html
    assert 'data-rule="checkmate"' in html


def test_the_parents_page_shows_the_childs_games(family):
    _parent, learner, client = family
    won_game(learner)
    html = client.get(f"/parent/children/{learner.pk}/").content.decode()
    assert 'data-games-played="1" data-games-won="1"' in html


def test_a_parent_turns_take_backs_off_for_a_child(family):
    _parent, learner, client = family
    child = as_learner(learner)
    url = start(child)
    move(child, url, 0, "e2e4")
    response = client.post(
        f"/play/learners/{learner.pk}/takebacks", {"takebacks": "off", "next": "/parent/"}
    )
    assert response.status_code == 302
    assert Game.objects.get().takebacks is False  # the game going on too
    assert child.post(url + "takeback", {"ply": "2"}, **HTMX).status_code == 400
    new = start(child, opponent="captures_first")
    assert "悔棋" not in child.get(new).content.decode().split('class="referee-actions"')[1]
    client.post(f"/play/learners/{learner.pk}/takebacks", {"takebacks": "on"})
    assert games.takebacks_allowed(learner)


def test_nobody_else_may_switch_a_childs_take_backs(family):
    _parent, learner, _client = family
    stranger = Client()
    stranger.force_login(make_grown_up("stranger"))
    response = stranger.post(f"/play/learners/{learner.pk}/takebacks", {"takebacks": "off"})
    assert response.status_code == 404
    assert games.takebacks_allowed(learner)


def test_a_teacher_assigns_three_games_against_the_fox_and_sees_who_played(school):
    classroom, student, client = school
    url = f"/teacher/classes/{classroom.pk}/games/"
    response = client.post(url, {"opponent": "one_move_ahead", "games": "3"})
    assert response.status_code == 302
    assignment = GameAssignment.objects.get()
    assert (assignment.opponent, assignment.games) == ("one_move_ahead", 3)
    won_game(student.learner, "one_move_ahead")
    won_game(student.learner, "any_move")  # another opponent: not this homework
    html = client.get(url).content.decode()
    assert "和小狐狸下 3 盤棋" in html
    assert f'data-student="{student.pk}" data-done="1"' in html
    seen = as_learner(student.learner).get("/play/").content.decode()
    assert "作業：和小狐狸下 3 盤棋（下完 1 盤）。" in seen
    history = client.get(f"/teacher/students/{student.pk}/").content.decode()
    assert 'data-games-played="2" data-games-won="2"' in history


@pytest.mark.parametrize(
    "data",
    [
        {"opponent": "stockfish", "games": "3"},
        {"opponent": "any_move", "games": "0"},
        {"opponent": "any_move", "games": "lots"},
    ],
)
def test_a_bad_assignment_is_a_400_in_words(school, data):
    classroom, _student, client = school
    response = client.post(f"/teacher/classes/{classroom.pk}/games/", data)
    assert response.status_code == 400
    assert "請選一位對手，再選要下 1 到 20 盤。" in response.content.decode()
    assert not GameAssignment.objects.exists()


def test_another_teachers_class_is_not_found(school):
    classroom, _student, _client = school
    other = Client()
    other.force_login(make_grown_up("other-teacher"))
    url = f"/teacher/classes/{classroom.pk}/games/"
    assert other.get(url).status_code == 404
    assert other.post(url, {"opponent": "any_move", "games": "3"}).status_code == 404
