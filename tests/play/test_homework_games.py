"""Game homework counts a game that was played: ended by the rules, or resigned after
MIN_MOVES_EACH moves each; a resignation at move 0 does not count. The teacher sees each
game's moves and how it ended, and opens it read-only (only the class's teacher)."""

import chess
import pytest
from django.test import Client
from django.utils import timezone

from people.models import Classroom
from play import games
from play.models import RESIGNATION, Game, GameAssignment, GameMove
from play.progress import MIN_MOVES_EACH, homework_for
from tests.people.conftest import make_grown_up, make_student

pytestmark = pytest.mark.django_db

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
# Ten moves each, every one legal: 1.a3 a6 2.a4 a5 3.b3 b6 ... 10.e4 e5
TEN_EACH = [
    f"{f}{a}{f}{b}" for f in "abcde" for a, b in (("2", "3"), ("7", "6"), ("3", "4"), ("6", "5"))
]


@pytest.fixture
def school(school):
    """The class with 「和小兔下 2 盤棋」 to do."""
    classroom = school[0]
    GameAssignment.objects.create(classroom=classroom, opponent="any_move", games=2)
    return school


def resigned_after(learner, moves: list[str]) -> Game:
    """A game against 「any_move」 the child resigned after `moves` (UCI, both sides)."""
    game = Game.objects.create(
        learner=learner, opponent="any_move", side="white", start_fen=chess.STARTING_FEN, seed=1
    )
    board = chess.Board()
    for ply, uci in enumerate(moves):
        move = chess.Move.from_uci(uci)
        GameMove.objects.create(
            game=game, ply=ply, uci=uci, san=board.san(move), by_computer=ply % 2 == 1
        )
        board.push(move)
    game.result, game.ending, game.finished_at = "0-1", RESIGNATION, timezone.now()
    game.save()
    return game


def mated(learner) -> Game:
    state = games.start(learner, "any_move", "white", start_fen=MATE_IN_ONE)
    games.play(state.game.pk, 0, "a1a8")
    return Game.objects.get(pk=state.game.pk)


def test_a_resignation_at_move_0_does_not_count(school):
    classroom, student, client = school
    state = games.start(student.learner, "any_move", "white")
    games.resign(state.game.pk, 0)
    games.resign(games.start(student.learner, "any_move", "white").game.pk, 0)
    html = client.get(f"/teacher/classes/{classroom.pk}/games/").content.decode()
    assert f'data-student="{student.pk}" data-done="0"' in html
    assert html.count('data-counted="no"') == 2
    assert "0 步，認輸，輸了</a> （不算：雙方都要走滿 10 步）" in html
    assert [row.done for row in homework_for(student.learner)] == [0]  # the child's page too


def test_a_game_ended_by_the_rules_or_resigned_after_ten_moves_each_counts(school):
    classroom, student, client = school
    assert MIN_MOVES_EACH == 10 and len(TEN_EACH) == 20
    mated(student.learner)  # one move, but checkmate: played to its end
    resigned_after(student.learner, TEN_EACH[:-1])  # 10 moves to 9: not yet
    resigned_after(student.learner, TEN_EACH)  # 10 each
    html = client.get(f"/teacher/classes/{classroom.pk}/games/").content.decode()
    assert f'data-student="{student.pk}" data-done="2"' in html
    assert "1 步，將死，贏了" in html
    assert "10 步，認輸，輸了" in html
    assert [line in html for line in ('data-counted="yes"', 'data-counted="no"')] == [True, True]
    assert html.count('data-counted="yes"') == 2


def test_the_teacher_opens_a_childs_game_read_only_and_nobody_else_can(school):
    classroom, student, client = school
    game = resigned_after(student.learner, TEN_EACH)
    url = f"/teacher/classes/{classroom.pk}/games/{game.pk}/"
    homework = client.get(f"/teacher/classes/{classroom.pk}/games/").content.decode()
    assert f'href="{url}"' in homework
    page = client.get(url)
    html = page.content.decode()
    assert page.status_code == 200
    assert "小華的棋局" in html and "孩子走了 10 步。" in html
    assert '<strong data-ending="resignation">認輸，輸了</strong>' in html
    assert 'data-mode="view"' in html and "<form" not in html.split('class="play-layout"')[1]
    assert "e4" in html and "e5" in html  # the score sheet
    other = Client()
    other.force_login(make_grown_up("other-teacher"))
    assert other.get(url).status_code == 404
    their_class = Classroom.objects.create(
        teacher=other.session and make_grown_up("t3"), name="別班"
    )
    stranger = make_student(their_class, "小美", ("sun", "star"))
    their_game = resigned_after(stranger.learner, TEN_EACH)
    assert client.get(f"/teacher/classes/{classroom.pk}/games/{their_game.pk}/").status_code == 404
    assert Client().get(url).status_code == 302  # signed out: to the sign-in page
