"""New anonymous learners are limited per client address (people.limits.newcomers): a script
at one address cannot fill the tables, a school behind one address is not stopped, and a
refused answer is kept to send again, in the learner's language."""

import re
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from lessons import answer_tokens
from lessons.models import Attempt, Learner
from people.limits import newcomers
from people.models import LoginFailure
from tests.lessons.lesson_fixtures import curriculum  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]

PROXY = "127.0.0.1"
SCHOOL, HOME = "203.0.113.7", "198.51.100.20"
JUMP = "/lessons/knight/knight-first-jump/"
MOVE = {"square": "f3", "selected": "g1", "mode": "move"}


@pytest.fixture(autouse=True)
def small_limit(monkeypatch):
    monkeypatch.setattr(newcomers, "NEW_LEARNERS_PER_ADDRESS", 3)


def browser(address: str) -> Client:
    """A new browser behind the site's proxy, at `address`."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def first_answer(client: Client, **extra):
    return client.post(JUMP, MOVE | {"token": answer_tokens.new()}, **extra)


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_past_the_limit_a_new_browser_at_that_address_waits_and_nothing_is_written():
    for _ in range(3):
        assert first_answer(browser(SCHOOL)).status_code == 200
    response = first_answer(browser(SCHOOL))
    assert response.status_code == 429
    assert 3590 <= int(response["Retry-After"]) <= 3601  # when the oldest of the three leaves
    page = response.content.decode()
    assert "<h1>請等一下</h1>" in page
    assert "這個網路剛剛有很多人開始學。你的答案還在，60 分鐘後再試一次。" in page
    assert Learner.objects.count() == 3 and Attempt.objects.count() == 3
    assert LoginFailure.objects.filter(scope=newcomers.SCOPE, key=SCHOOL).count() == 3


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_refused_answer_is_kept_on_the_page_to_send_again_token_and_all():
    for _ in range(3):
        first_answer(browser(SCHOOL))
    late = browser(SCHOOL)
    token = answer_tokens.new()
    page = late.post(JUMP, MOVE | {"token": token}).content.decode()
    form = re.search(
        r'<form method="post" action="/lessons/knight/knight-first-jump/">(.*?)</form>', page, re.S
    )
    fields = dict(
        re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(1))
    )
    assert fields.pop("csrfmiddlewaretoken")
    assert fields == MOVE | {"token": token}
    assert "再送一次答案" in form.group(1)
    LoginFailure.objects.update(created_at=timezone.now() - timedelta(minutes=61))
    again = late.post(JUMP, fields)  # the hour has passed: sent again, recorded once
    assert again.status_code == 200 and "data-solved" in again.content.decode()
    assert Attempt.objects.filter(token=token).count() == 1


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_under_htmx_the_wait_is_an_alert_the_page_shows_as_its_feedback():
    for _ in range(3):
        first_answer(browser(SCHOOL))
    response = first_answer(browser(SCHOOL), HTTP_HX_REQUEST="true")
    assert response.status_code == 429
    assert re.search(
        r'<p role="alert" data-wait-to-start>這個網路剛剛有很多人開始學。',
        response.content.decode(),
    )


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_learners_already_started_at_that_address_go_on_answering():
    started = browser(SCHOOL)
    first_answer(started)
    for _ in range(2):
        first_answer(browser(SCHOOL))
    assert first_answer(browser(SCHOOL)).status_code == 429
    assert first_answer(started).status_code == 200
    assert Attempt.objects.filter(learner=Learner.objects.order_by("pk").first()).count() == 2


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_each_address_behind_the_proxy_has_its_own_count():
    for _ in range(3):
        first_answer(browser(SCHOOL))
    assert first_answer(browser(SCHOOL)).status_code == 429
    assert first_answer(browser(HOME)).status_code == 200


@override_settings(TRUSTED_PROXIES=[])
def test_without_trusted_proxies_a_forwarded_address_does_not_dodge_the_limit():
    for n in range(3):
        assert first_answer(browser(f"192.0.2.{n}")).status_code == 200
    assert first_answer(browser("192.0.2.99")).status_code == 429  # all are 127.0.0.1


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_in_english_the_wait_is_said_in_english():
    for _ in range(3):
        first_answer(browser(SCHOOL))
    late = browser(SCHOOL)
    late.cookies["django_language"] = "en"
    page = first_answer(late, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Many people just started learning from this network." in page
    assert "Your answer is kept: try again in 60 minutes." in page
