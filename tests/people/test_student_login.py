import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from people.limits.rate_limit import MAX_FAILURES
from people.models import Classroom
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db


def secret_url(student) -> str:
    return reverse("people:pick_secret", args=[student.classroom.join_code, student.pk])


def test_a_class_code_leads_to_the_class_names_whatever_the_case_and_spaces(classroom):
    response = Client().get(reverse("people:join_class"), {"code": " abcd 23"})
    assert response["Location"] == reverse("people:pick_name", args=["ABCD23"])


def test_an_unknown_class_code_is_a_404_with_a_message(classroom):
    response = Client().get(reverse("people:join_class"), {"code": "ZZZZ99"})
    assert response.status_code == 404
    assert "沒有這個班級代碼" in response.content.decode()


def test_an_empty_class_code_is_a_400():
    assert Client().get(reverse("people:join_class"), {"code": ""}).status_code == 400


def test_the_name_page_shows_only_this_classs_students(teacher, classroom, student):
    other = Classroom.objects.create(teacher=teacher, name="進階班", join_code="WXYZ45")
    make_student(other, "阿志")
    page = Client().get(reverse("people:pick_name", args=["ABCD23"])).content.decode()
    assert "小華" in page
    assert "阿志" not in page
    assert secret_url(student) in page


def test_the_secret_page_first_asks_for_the_first_picture(student):
    page = Client().get(secret_url(student)).content.decode()
    assert 'name="first" value="sun"' in page
    assert 'name="second"' not in page


def test_after_the_first_picture_it_asks_for_the_second(student):
    response = Client().post(secret_url(student), {"first": "sun"})
    page = response.content.decode()
    assert response.status_code == 200
    assert '<input type="hidden" name="first" value="sun">' in page
    assert 'name="second" value="moon"' in page


def test_the_right_two_pictures_make_the_student_the_learner(student):
    client = Client()
    client.get(secret_url(student))
    client.session.save()
    before = client.session.session_key
    response = client.post(secret_url(student), {"first": "sun", "second": "moon"})
    assert response["Location"] == reverse("lesson_map")
    assert client.session[LEARNER_SESSION_KEY] == student.learner_id
    assert client.session.session_key != before


def test_the_pictures_in_the_wrong_order_are_refused(student):
    client = Client()
    response = client.post(secret_url(student), {"first": "moon", "second": "sun"})
    assert response.status_code == 400
    assert "不太對喔" in response.content.decode()
    assert LEARNER_SESSION_KEY not in client.session


def test_a_picture_that_does_not_exist_is_a_400(student):
    assert Client().post(secret_url(student), {"first": "dragon"}).status_code == 400


def test_a_student_cannot_be_reached_through_another_classs_code(teacher, student):
    Classroom.objects.create(teacher=teacher, name="進階班", join_code="WXYZ45")
    url = reverse("people:pick_secret", args=["WXYZ45", student.pk])
    assert Client().post(url, {"first": "sun", "second": "moon"}).status_code == 404


def test_guessing_stops_after_five_wrong_pairs(student):
    client = Client()
    for _ in range(MAX_FAILURES):
        client.post(secret_url(student), {"first": "tree", "second": "fish"})
    response = client.post(secret_url(student), {"first": "sun", "second": "moon"})
    assert response.status_code == 429
    assert LEARNER_SESSION_KEY not in client.session


def test_a_student_signing_in_signs_out_the_grown_up_on_this_device(teacher, student):
    client = signed_in(teacher)
    client.post(secret_url(student), {"first": "sun", "second": "moon"})
    assert SESSION_KEY not in client.session
    assert client.get(reverse("people:teacher_home")).status_code == 302


def test_a_signed_in_student_can_sign_out_and_the_learner_is_forgotten(student):
    client = Client()
    client.post(secret_url(student), {"first": "sun", "second": "moon"})
    page = client.get(reverse("lesson_map")).content.decode()
    assert reverse("people:sign_out") in page
    client.post(reverse("people:sign_out"))
    assert LEARNER_SESSION_KEY not in client.session
