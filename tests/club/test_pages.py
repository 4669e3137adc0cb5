"""The club's pages: the teacher starts a tournament for the students ticked and each
round; two children play on their own phones; the teacher forfeits and corrects; the
projector, the round's PGN and the table's CSV; nobody else's tournament is reachable."""

import io

import chess.pgn
import pytest
from django.test import Client
from django.urls import reverse

import rules.position
from club.models import ClubGame, Tournament
from tests.club.helpers import HTMX, move, ply_of, start, table_points
from tests.live.helpers import student_client
from tests.people.conftest import make_grown_up, signed_in

FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


@pytest.fixture
def teacher_client(teacher):
    return signed_in(teacher)


@pytest.fixture
def round_one(teacher_client, classroom, students):
    """An all-play-all of four with round 1 started: board 1 is 小華 – 小安."""
    start(teacher_client, classroom, students)
    tournament = Tournament.objects.get()
    teacher_client.post(reverse("club:start_round", args=[tournament.pk]))
    return tournament


def test_the_class_page_links_to_the_club(teacher_client, classroom):
    page = teacher_client.get(reverse("people:class_roster", args=[classroom.pk]))
    assert reverse("club:class_club", args=[classroom.pk]) in page.content.decode()


def test_only_the_students_ticked_play(teacher_client, classroom, students):
    start(teacher_client, classroom, students[:3])
    tournament = Tournament.objects.get()
    assert [e.student for e in tournament.entrants.all()] == students[:3]
    assert tournament.rounds == 3  # three players: the Berger table of four, with a bye


def test_one_student_ticked_is_refused_in_words(teacher_client, classroom, students):
    response = teacher_client.post(
        reverse("club:class_club", args=[classroom.pk]),
        {"present": [students[0].pk], "format": "swiss"},
    )
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Tournament.objects.exists()


def test_two_children_play_to_checkmate_on_their_own_phones(round_one, students):
    game = ClubGame.objects.get(round=1, board=1)
    white, black = student_client(students[0]), student_client(students[3])
    assert 'data-side="white"' in white.get(reverse("club:game", args=[game.pk])).content.decode()
    assert 'data-side="black"' in black.get(reverse("club:game", args=[game.pk])).content.decode()
    for ply, uci in enumerate(FOOLS_MATE):
        page = move(white if ply % 2 == 0 else black, game, ply, uci)
        assert ply_of(page.content.decode()) == ply + 1
    game.refresh_from_db()
    assert (game.result, game.ending) == ("0-1", "checkmate")
    shown = white.get(reverse("club:game", args=[game.pk])).content.decode()
    assert 'data-result="0-1"' in shown


def test_an_illegal_move_is_explained_and_not_played(round_one, students):
    game = ClubGame.objects.get(round=1, board=1)
    page = move(student_client(students[0]), game, 0, "g1g3").content.decode()
    assert 'data-verdict="illegal"' in page
    game.refresh_from_db()
    assert game.ply == 0


def test_a_move_sent_twice_through_the_page_counts_once(round_one, students):
    game = ClubGame.objects.get(round=1, board=1)
    white = student_client(students[0])
    move(white, game, 0, "e2e4")
    again = move(white, game, 0, "e2e4")
    assert again.status_code == 200
    game.refresh_from_db()
    assert (game.moves, game.ply) == ("e2e4", 1)


def test_the_waiting_phone_polls_and_hears_nothing_new_until_the_move(round_one, students):
    game = ClubGame.objects.get(round=1, board=1)
    black = student_client(students[3])
    poll = reverse("club:game", args=[game.pk]) + "?since=0"
    assert black.get(poll, **HTMX).status_code == 204
    move(student_client(students[0]), game, 0, "e2e4")
    answer = black.get(poll, **HTMX)
    assert answer.status_code == 200
    assert ply_of(answer.content.decode()) == 1


def test_a_child_cannot_open_another_childs_game(round_one, students):
    game = ClubGame.objects.get(round=1, board=1)
    assert student_client(students[1]).get(reverse("club:game", args=[game.pk])).status_code == 404
    assert Client().get(reverse("club:game", args=[game.pk])).status_code == 404


def test_another_teacher_reaches_nothing_of_the_tournament(round_one):
    other = signed_in(make_grown_up("other-teacher"))
    game = ClubGame.objects.get(round=1, board=1)
    for url in (
        reverse("club:tournament", args=[round_one.pk]),
        reverse("club:projector", args=[round_one.pk]),
        reverse("club:table_csv", args=[round_one.pk]),
        reverse("club:round_pgn", args=[round_one.pk, 1]),
    ):
        assert other.get(url).status_code == 404
    assert (
        other.post(reverse("club:forfeit", args=[game.pk]), {"absent": "white"}).status_code == 404
    )
    assert other.post(reverse("club:start_round", args=[round_one.pk])).status_code == 404


def test_the_teacher_forfeits_a_child_who_left_and_corrects_with_a_reason(
    teacher_client, round_one
):
    game = ClubGame.objects.get(round=1, board=1)
    teacher_client.post(reverse("club:forfeit", args=[game.pk]), {"absent": "black"})
    other = ClubGame.objects.get(round=1, board=2)
    teacher_client.post(
        reverse("club:correct", args=[other.pk]),
        {"result": "1/2-1/2", "reason": "在真的棋盤上下成和棋"},
    )
    page = teacher_client.get(reverse("club:tournament", args=[round_one.pk])).content.decode()
    assert "在真的棋盤上下成和棋" in page
    assert table_points(page) == {1: "1", 2: "1/2", 3: "1/2", 4: "0"}
    assert "data-start-round" in page  # the round is over: the next one may start


def test_the_projector_shows_board_numbers_colours_and_the_table_in_words(
    teacher_client, round_one
):
    page = teacher_client.get(reverse("club:projector", args=[round_one.pk])).content.decode()
    assert page.count("<tr data-board=") == 2
    assert "♔ 小華" in page and "♚ 小安" in page
    assert page.count("<li>", page.index("data-tie-breaks")) == 3  # the tie-breaks in words
    assert "SB 分" in page


def test_the_rounds_pgn_is_read_by_python_chess(teacher_client, round_one, students):
    game = ClubGame.objects.get(round=1, board=1)
    for ply, uci in enumerate(FOOLS_MATE):
        move(student_client(students[0] if ply % 2 == 0 else students[3]), game, ply, uci)
    text = teacher_client.get(reverse("club:round_pgn", args=[round_one.pk, 1])).content.decode()
    stream = io.StringIO(text)
    first, second = chess.pgn.read_game(stream), chess.pgn.read_game(stream)
    assert first.headers["White"] == "小華" and first.headers["Result"] == "0-1"
    assert first.end().board().is_checkmate()
    assert second.headers["Round"] == "1.2" and second.headers["Result"] == "*"
    assert chess.pgn.read_game(stream) is None


def test_the_table_csv_has_a_row_per_player(teacher_client, round_one):
    response = teacher_client.get(reverse("club:table_csv", args=[round_one.pk]))
    lines = b"".join(response.streaming_content).decode("utf-8-sig").splitlines()
    assert len(lines) == 5
    assert lines[1].split(",")[2] == "0"


def test_a_childs_club_page_leads_to_their_board_and_keeps_their_games(round_one, students):
    child = student_client(students[0])
    game = ClubGame.objects.get(round=1, board=1)
    page = child.get(reverse("club:mine")).content.decode()
    assert reverse("club:game", args=[game.pk]) in page
    child.post(reverse("club:resign", args=[game.pk]), {"ply": "0", "confirm": "1"}, **HTMX)
    page = child.get(reverse("club:mine")).content.decode()
    assert "0-1" in page


def test_on_one_shared_tablet_the_board_turns_to_the_side_to_move_and_claims_threefold(
    round_one, students
):
    game = ClubGame.objects.get(round=1, board=1)
    tablet = student_client(students[0])  # 小華 signed in; 小安 plays Black on it too
    url = reverse("club:game", args=[game.pk])
    page = tablet.get(url + "?tablet=1").content.decode()
    assert 'data-side="white"' in page and "data-tablet" in page and "hx-trigger" not in page
    knights = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    for ply, uci in enumerate(knights):
        page = move(tablet, game, ply, uci, tablet="1").content.decode()
        assert ply_of(page) == ply + 1
        assert f'data-side="{"black" if ply % 2 == 0 else "white"}"' in page
    assert reverse("club:claim", args=[game.pk]) in page  # the start position, a third time
    tablet.post(reverse("club:claim", args=[game.pk]), {"ply": "8", "tablet": "1"}, **HTMX)
    game.refresh_from_db()
    assert (game.result, game.ending) == ("1/2-1/2", "threefold_repetition")


def test_a_students_club_games_are_on_the_teachers_page_of_that_student(
    teacher_client, round_one, students
):
    game = ClubGame.objects.get(round=1, board=1)
    for ply, uci in enumerate(FOOLS_MATE):
        move(student_client(students[0] if ply % 2 == 0 else students[3]), game, ply, uci)
    page = teacher_client.get(reverse("people:student_history", args=[students[3].pk]))
    html = page.content.decode()
    assert f'data-club-game="{game.pk}"' in html
    assert "第 1 輪，執黑棋對小華：" in html and "0-1" in html
    other = teacher_client.get(reverse("people:student_history", args=[students[1].pk]))
    assert "data-club-games" not in other.content.decode()  # no finished club game yet


def test_the_teacher_switches_the_arbiters_notes_off_for_the_childrens_boards(
    teacher_client, round_one, students
):
    game = ClubGame.objects.get(round=1, board=1)
    white, black = student_client(students[0]), student_client(students[3])
    for ply, uci in enumerate(["e2e4", "a7a6", "e4e5", "d7d5"]):
        move(white if ply % 2 == 0 else black, game, ply, uci)
    url = reverse("club:game", args=[game.pk])
    assert 'data-note="en_passant"' in white.get(url).content.decode()  # exd6 e.p. now
    teacher_client.post(reverse("club:coaching", args=[round_one.pk]), {"coaching": "off"})
    assert "data-notes" not in white.get(url).content.decode()
    page = teacher_client.get(reverse("club:tournament", args=[round_one.pk])).content.decode()
    assert 'aria-pressed="false" data-coaching' in page


def test_a_move_on_a_club_board_replays_the_games_history_once(round_one, students, monkeypatch):
    """House rule: one rules.Position per request (tests/test_one_replay_per_request.py)."""
    game = ClubGame.objects.get(round=1, board=1)
    white, black = student_client(students[0]), student_client(students[3])
    move(white, game, 0, "e2e4")
    replays, replay = [], rules.position._replay

    def counting(fen, moves):
        if moves:  # a FEN alone is read, not replayed
            replays.append(tuple(moves))
        return replay(fen, moves)

    monkeypatch.setattr(rules.position, "_replay", counting)
    page = move(black, game, 1, "e7e5").content.decode()
    assert ply_of(page) == 2 and "e5" in page
    assert replays == [("e2e4",)]


def test_after_the_game_the_coach_names_the_chance_the_child_missed(round_one, students):
    """After 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 White played 4. d3, missing Qxf7#; Black
    resigned."""
    game = ClubGame.objects.get(round=1, board=1)
    white, black = student_client(students[0]), student_client(students[3])
    for ply, uci in enumerate(["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "d2d3"]):
        move(white if ply % 2 == 0 else black, game, ply, uci)
    black.post(reverse("club:resign", args=[game.pk]), {"ply": "7", "confirm": "1"}, **HTMX)
    page = white.get(reverse("club:game", args=[game.pk])).content.decode()
    assert 'data-missed="mate_in_one"' in page
    assert "Qxf7#" in page
