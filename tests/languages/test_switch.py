"""The language switch: the header offers three languages; the choice is kept by this
browser (a cookie) and by the learner (it follows a child to another device)."""

import re

import pytest
from django.conf import settings
from django.test import Client

from lessons.models import Learner

pytestmark = pytest.mark.django_db


def choose(client: Client, language: str, next_url: str = "/"):
    return client.post("/language/", {"language": language, "next": next_url})


def test_the_header_offers_each_language_named_in_itself():
    page = Client().get("/").content.decode()
    buttons = re.findall(
        r'<button type="submit" name="language" value="([^"]+)" lang="([^"]+)" '
        r'aria-pressed="(true|false)">([^<]+)</button>',
        page,
    )
    assert buttons == [
        ("zh-hant", "zh-Hant-TW", "true", "繁體中文"),
        ("en", "en", "false", "English"),
        ("zh-hans", "zh-Hans", "false", "简体中文"),
    ]


def test_without_a_choice_the_site_speaks_traditional_chinese_whatever_the_browser_asks():
    response = Client(headers={"accept-language": "en-US,en;q=0.9"}).get("/")
    page = response.content.decode()
    assert '<html lang="zh-Hant-TW">' in page
    assert "學會西洋棋的規則" in page
    assert response.headers["Content-Language"] == "zh-hant"


def test_choosing_english_sets_a_cookie_for_a_year_and_goes_back_to_the_page():
    client = Client()
    response = choose(client, "en", "/glossary/")
    assert response.status_code == 303
    assert response.headers["Location"] == "/glossary/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "en"
    assert cookie["max-age"] == 365 * 24 * 60 * 60
    assert cookie["samesite"] == "Lax"


def test_the_home_page_answers_in_english_once_chosen():
    client = Client()
    choose(client, "en")
    response = client.get("/")
    page = response.content.decode()
    assert '<html lang="en">' in page
    assert "<h1>Learn the rules of chess</h1>" in page
    assert 'value="en" lang="en" aria-pressed="true"' in page
    assert response.headers["Content-Language"] == "en"
    assert "Cookie" in response.headers["Vary"]


def test_the_home_page_answers_in_simplified_chinese_once_chosen():
    client = Client()
    choose(client, "zh-hans")
    page = client.get("/").content.decode()
    assert '<html lang="zh-Hans">' in page
    assert "学会国际象棋的规则" in page
    assert "學會" not in page


def test_the_cookie_alone_is_remembered_by_a_new_session():
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    assert "学会国际象棋的规则" in client.get("/").content.decode()


def test_an_unknown_language_is_a_400_in_chinese_and_changes_nothing():
    client = Client()
    response = choose(client, "klingon")
    assert response.status_code == 400
    assert "這裡沒有這種語言。" in response.content.decode()
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert "學會西洋棋的規則" in client.get("/").content.decode()


def test_an_address_off_the_site_is_not_followed():
    response = choose(Client(), "en", "https://evil.example/")
    assert response.headers["Location"] == "/"


def test_after_a_post_page_the_switch_goes_back_to_the_page_it_came_from():
    response = Client().post(
        "/language/", {"language": "en", "next": ""}, headers={"referer": "/lessons/king/"}
    )
    assert response.headers["Location"] == "/lessons/king/"


def test_the_choice_is_stored_on_the_learner():
    client = Client()
    learner = Learner.objects.create()
    session = client.session
    session["learner_id"] = learner.pk
    session.save()
    choose(client, "en")
    learner.refresh_from_db()
    assert learner.language == "en"


def test_a_language_chosen_before_the_first_answer_is_kept_for_the_new_learner():
    client = Client()
    choose(client, "zh-hans")
    client.post("/lessons/board/board-white-right-corner/", {"answer": "light"})
    learner = Learner.objects.get()
    assert learner.language == "zh-hans"


def test_the_language_follows_a_student_to_another_device(student):
    student.learner.language = "en"
    student.learner.save()
    tablet = Client()
    tablet.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hant"  # the tablet's own choice
    code = student.classroom.join_code
    tablet.post(f"/join/{code}/{student.pk}/", {"first": "sun", "second": "moon"})
    assert "<h1>Learn the rules of chess</h1>" in tablet.get("/").content.decode()


def test_a_learner_who_never_chose_uses_the_browsers_choice(student):
    tablet = Client()
    tablet.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    code = student.classroom.join_code
    tablet.post(f"/join/{code}/{student.pk}/", {"first": "sun", "second": "moon"})
    assert "学会国际象棋的规则" in tablet.get("/").content.decode()
