import csv
import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.models import Attempt, Learner, PuzzleResult
from people.models import ChildProfile, Student
from tests.benchmarks.scratch import add_attempts
from tests.people.conftest import ATTEMPTS_HEADER, give_progress, make_student, read_csv, signed_in

pytestmark = pytest.mark.django_db


def test_the_grid_csv_starts_with_a_bom_and_has_a_row_per_student(
    teacher, classroom, student, first_lesson
):
    give_progress(student.learner, first_lesson)
    response = signed_in(teacher).get(reverse("people:grid_csv", args=[classroom.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    rows = read_csv(response)
    assert rows[0][:4] == [
        "暱稱",
        f"{first_lesson.title}：解開題數",
        f"{first_lesson.title}：總題數",
        f"{first_lesson.title}：星星",
    ]
    assert rows[1][:4] == ["小華", "1", str(len(first_lesson.puzzles)), "0"]
    assert len(rows) == 2


def test_the_attempts_csv_says_every_attempt_in_words_not_codes(
    teacher, classroom, student, first_lesson
):
    give_progress(student.learner, first_lesson)
    rows = read_csv(signed_in(teacher).get(reverse("people:attempts_csv", args=[classroom.pk])))
    assert rows[0] == ATTEMPTS_HEADER
    first_puzzle = f"1. {first_lesson.puzzles[0].prompt}"
    assert [row[2:7] for row in rows[1:]] == [
        [first_lesson.title, first_puzzle, "白車從 a1 走到 a8", "不合規則", "只有馬可以跳過棋子"],
        [first_lesson.title, first_puzzle, "e2e4", "正確", ""],  # no position kept: as posted
    ]
    codes = {"illegal", "correct", "PATH_BLOCKED", first_lesson.slug, first_lesson.puzzles[0].id}
    assert not codes & {cell for row in rows[1:] for cell in row}


def test_the_attempts_csv_is_streamed_in_chunks_with_every_row(teacher, classroom, student):
    add_attempts([student.learner], 2500, [("knight", "knight-first-jump")])
    response = signed_in(teacher).get(reverse("people:attempts_csv", args=[classroom.pk]))
    assert response.streaming and not response.has_header("Content-Length")
    chunks = list(response.streaming_content)
    assert len(chunks) == 1 + 3  # the BOM, then rows in chunks of ROWS_PER_CHUNK
    rows = list(csv.reader(io.StringIO(b"".join(chunks).decode("utf-8")[1:])))
    assert len(rows) == 1 + 2500
    assert {row[3] for row in rows[1:]} == {"1. 讓白馬跳到有星星的那一格。"}


@pytest.mark.parametrize("name", ["grid_csv", "attempts_csv"])
def test_class_csvs_are_404_for_another_teacher(other_teacher, classroom, student, name):
    response = signed_in(other_teacher).get(reverse(f"people:{name}", args=[classroom.pk]))
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["grid_csv", "attempts_csv"])
def test_class_csvs_are_404_for_an_outsider(outsider, classroom, name):
    response = signed_in(outsider).get(reverse(f"people:{name}", args=[classroom.pk]))
    assert response.status_code == 404


def test_a_parent_exports_a_childs_data_as_json(parent, child, first_lesson):
    give_progress(child.learner, first_lesson)
    child.learner.language = "en"
    child.learner.save(update_fields=["language"])
    response = signed_in(parent).get(reverse("people:learner_json", args=[child.learner_id]))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    data = json.loads(b"".join(response.streaming_content))
    assert data["nickname"] == "小明"
    assert data["language"] == "en"  # the language chosen in the header is kept, so exported
    assert [a["answer"] for a in data["attempts"]] == ["a1a8", "e2e4"]
    assert data["attempts"][0]["reason"] == "PATH_BLOCKED"
    assert data["results"] == [
        {
            "lesson": first_lesson.slug,
            "puzzle": first_lesson.puzzles[0].id,
            "stars": 2,
            "solved_at": data["results"][0]["solved_at"],
        }
    ]


def test_the_json_export_is_streamed_and_holds_every_attempt(parent, child):
    empty = signed_in(parent).get(reverse("people:learner_json", args=[child.learner_id]))
    assert json.loads(b"".join(empty.streaming_content))["attempts"] == []
    add_attempts([child.learner], 2500, [("knight", "knight-first-jump")])
    response = signed_in(parent).get(reverse("people:learner_json", args=[child.learner_id]))
    assert response.streaming and not response.has_header("Content-Length")
    chunks = list(response.streaming_content)
    assert len(chunks) == 1 + 3 + 1  # opening, attempts in chunks of ROWS_PER_CHUNK, closing
    data = json.loads(b"".join(chunks))
    assert len(data["attempts"]) == 2500 and data["nickname"] == "小明"


def test_a_teacher_exports_a_students_data_as_json(teacher, student):
    response = signed_in(teacher).get(reverse("people:learner_json", args=[student.learner_id]))
    assert json.loads(b"".join(response.streaming_content))["nickname"] == "小華"


@pytest.mark.parametrize("who", ["other_parent", "other_teacher", "outsider"])
def test_json_export_is_404_for_anyone_else(who, child, student, request):
    client = signed_in(request.getfixturevalue(who))
    assert client.get(reverse("people:learner_json", args=[child.learner_id])).status_code == 404
    assert client.get(reverse("people:learner_json", args=[student.learner_id])).status_code == 404


def test_json_export_sends_a_visitor_to_sign_in(child):
    response = Client().get(reverse("people:learner_json", args=[child.learner_id]))
    assert response.status_code == 302


def test_deleting_a_child_removes_every_record_of_them_and_nothing_else(
    parent, child, first_lesson
):
    sibling = ChildProfile.objects.create(
        parent=parent, learner=Learner.objects.create(nickname="妹妹")
    )
    give_progress(child.learner, first_lesson)
    give_progress(sibling.learner, first_lesson)
    client = signed_in(parent)
    client.post(reverse("people:who_is_learning"), {"learner": child.learner_id})
    response = client.post(reverse("people:delete_learner", args=[child.learner_id]))
    assert response["Location"] == reverse("people:parent_home")
    gone = child.learner_id
    assert not Learner.objects.filter(pk=gone).exists()
    assert not Attempt.objects.filter(learner_id=gone).exists()
    assert not PuzzleResult.objects.filter(learner_id=gone).exists()
    assert not ChildProfile.objects.filter(learner_id=gone).exists()
    parent.grown_up.refresh_from_db()
    assert client.session[LEARNER_SESSION_KEY] == parent.grown_up.learner_id  # back to their own
    assert parent.grown_up.learner_id != gone
    assert Attempt.objects.filter(learner=sibling.learner).count() == 2
    assert PuzzleResult.objects.filter(learner=sibling.learner).count() == 1


def test_deleting_a_student_removes_them_from_the_class(teacher, classroom, student, first_lesson):
    give_progress(student.learner, first_lesson)
    response = signed_in(teacher).post(reverse("people:delete_learner", args=[student.learner_id]))
    assert response["Location"] == reverse("people:class_roster", args=[classroom.pk])
    assert not Student.objects.exists()
    assert not Attempt.objects.exists()
    assert not PuzzleResult.objects.exists()
    assert not Learner.objects.filter(pk=student.learner_id).exists()


def test_the_delete_page_only_asks_on_get(parent, child):
    response = signed_in(parent).get(reverse("people:delete_learner", args=[child.learner_id]))
    assert response.status_code == 200
    assert Learner.objects.filter(pk=child.learner_id).exists()


@pytest.mark.parametrize("who", ["other_parent", "other_teacher", "outsider"])
def test_nobody_else_can_delete_a_child_or_a_student(who, child, student, request):
    client = signed_in(request.getfixturevalue(who))
    assert client.post(reverse("people:delete_learner", args=[child.learner_id])).status_code == 404
    assert (
        client.post(reverse("people:delete_learner", args=[student.learner_id])).status_code == 404
    )
    assert Learner.objects.filter(pk__in=[child.learner_id, student.learner_id]).count() == 2


def test_deleting_needs_the_csrf_token(parent, child):
    client = Client(enforce_csrf_checks=True)
    client.force_login(parent)
    response = client.post(reverse("people:delete_learner", args=[child.learner_id]))
    assert response.status_code == 403
    assert Learner.objects.filter(pk=child.learner_id).exists()


def test_a_teacher_cannot_export_a_student_of_another_teachers_class(
    teacher, other_teacher, student
):
    from people.models import Classroom

    theirs = make_student(Classroom.objects.create(teacher=other_teacher, name="別班"), "外人")
    response = signed_in(teacher).get(reverse("people:learner_json", args=[theirs.learner_id]))
    assert response.status_code == 404


def test_a_typed_answer_cannot_become_a_spreadsheet_formula(teacher, classroom, student):
    Attempt.objects.create(
        learner=student.learner,
        lesson="board",
        puzzle="board-x",
        answer='=HYPERLINK("http://evil.example","click")',
        verdict="incorrect",
    )
    rows = read_csv(signed_in(teacher).get(reverse("people:attempts_csv", args=[classroom.pk])))
    assert rows[1][4] == '\'=HYPERLINK("http://evil.example","click")'


def test_the_attempts_csv_writes_the_local_date_and_time_a_spreadsheet_reads(
    teacher, classroom, student
):
    """2026-12-06 14:35:40 UTC is 22:35:40 in Taipei: written without a T or an offset,
    the zone in the column's title."""
    from datetime import UTC, datetime

    Attempt.objects.create(
        learner=student.learner,
        lesson="knight",
        puzzle="knight-first-jump",
        answer="g1f3",
        verdict="correct",
        created_at=datetime(2026, 12, 6, 14, 35, 40, tzinfo=UTC),
    )
    rows = read_csv(signed_in(teacher).get(reverse("people:attempts_csv", args=[classroom.pk])))
    assert rows[0][1] == "時間（Asia/Taipei）"
    assert rows[1][1] == "2026-12-06 22:35:40"
