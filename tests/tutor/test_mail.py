"""Password reset in production: mail settings from the environment, failures said honestly,
requests limited.
"""

import logging
import socket

import pytest
from django.core import mail
from django.test import Client, override_settings

from people.limits.rate_limit import MAX_FAILURES
from people.views.password_reset import LINKS_PER_ACCOUNT, LINKS_PER_REQUESTER
from tests.crawler import error_message
from tests.people.conftest import make_grown_up
from tests.tutor.conftest import GOOD_KEY, run_django

RESET = "/accounts/password-reset/"
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": GOOD_KEY, "ALLOWED_HOSTS": "chess.example.edu.tw"}
SHOW = (
    "from django.conf import settings as s; print(s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER,"
    " s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.DEFAULT_FROM_EMAIL,"
    " s.SERVER_EMAIL, s.EMAIL_BACKEND)"
)


def test_the_mail_settings_come_from_the_environment():
    env = {
        **PRODUCTION,
        "EMAIL_HOST": "smtp.school.edu.tw",
        "EMAIL_PORT": "587",
        "EMAIL_HOST_USER": "chess",
        "EMAIL_HOST_PASSWORD": "s3cret",
        "EMAIL_USE_TLS": "1",
        "DEFAULT_FROM_EMAIL": "棋社 <chess@school.edu.tw>",
    }
    result = run_django(env, "shell", "-c", SHOW)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[-2] == (
        "smtp.school.edu.tw 587 chess s3cret True False 棋社 <chess@school.edu.tw> "
        "棋社 <chess@school.edu.tw> django.core.mail.backends.smtp.EmailBackend"
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"EMAIL_PORT": "smtp"}, "EMAIL_PORT must be a whole number; got 'smtp'."),
        ({"EMAIL_PORT": "70000"}, "EMAIL_PORT must be a port number from 1 to 65535; got 70000."),
        ({"EMAIL_USE_TLS": "maybe"}, "EMAIL_USE_TLS must be one of"),
        (
            {"EMAIL_USE_TLS": "1", "EMAIL_USE_SSL": "1"},
            "EMAIL_USE_TLS and EMAIL_USE_SSL are both on",
        ),
        ({"EMAIL_HOST_USER": "chess"}, "EMAIL_HOST_USER is set but EMAIL_HOST_PASSWORD is not."),
        ({"EMAIL_TIMEOUT": "soon"}, "EMAIL_TIMEOUT must be a whole number"),
        ({"DEFAULT_FROM_EMAIL": "chess club"}, "DEFAULT_FROM_EMAIL must be an e-mail address"),
    ],
)
def test_a_bad_mail_setting_stops_start_up_naming_it(env, message):
    result = run_django({**PRODUCTION, **env}, "check")
    assert result.returncode != 0
    assert message in result.stderr


def test_check_deploy_warns_when_no_sender_is_set():
    result = run_django(
        {**PRODUCTION, "CSRF_TRUSTED_ORIGINS": "https://chess.example.edu.tw"},
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )
    assert result.returncode != 0
    assert "tutor.W001" in result.stderr and "DEFAULT_FROM_EMAIL" in result.stderr


@pytest.fixture
def parent(db):
    return make_grown_up("parent")


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens there once the probe is closed


def test_a_mail_the_server_cannot_send_is_logged_and_said_honestly(parent, caplog):
    smtp = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": closed_port(),
        "EMAIL_TIMEOUT": 5,
    }
    with override_settings(**smtp), caplog.at_level(logging.ERROR, "people.views.password_reset"):
        response = Client().post(RESET, {"email": "parent@example.org"})
    assert response.status_code == 503
    assert error_message(response) == (
        "郵件伺服器沒有收下這封信，連結沒有寄出。請晚點再試，或告訴管理網站的人。"
    )
    assert "could not be sent" in caplog.text and "ConnectionRefusedError" in caplog.text


def test_a_mail_that_could_not_be_sent_does_not_count_against_the_links(parent):
    smtp = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": closed_port(),
        "EMAIL_TIMEOUT": 5,
    }
    client = Client()
    with override_settings(**smtp):
        for _ in range(LINKS_PER_REQUESTER):
            assert client.post(RESET, {"email": "parent@example.org"}).status_code == 503
    assert client.post(RESET, {"email": "parent@example.org"}).status_code == 302
    assert len(mail.outbox) == 1


def test_an_address_with_no_account_still_says_sent(db):
    response = Client().post(RESET, {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_reset_requests_from_one_address_are_limited(parent):
    client = Client()
    for n in range(MAX_FAILURES):
        assert client.post(RESET, {"email": f"someone{n}@example.org"}).status_code == 302
    response = client.post(RESET, {"email": "parent@example.org"})
    assert response.status_code == 429
    assert error_message(response) == "這裡要求重設密碼太多次了。請等 15 分鐘再試。"
    assert mail.outbox == []
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post(RESET, {"email": "parent@example.org"}).status_code == 302
    assert len(mail.outbox) == 1


def test_one_account_gets_a_limited_number_of_links_whatever_the_address(parent):
    statuses = [
        Client(REMOTE_ADDR=f"10.0.1.{n}").post(RESET, {"email": "PARENT@example.org"}).status_code
        for n in range(LINKS_PER_ACCOUNT + 2)
    ]
    assert statuses == [302] * LINKS_PER_ACCOUNT + [429, 429]
    assert len(mail.outbox) == LINKS_PER_ACCOUNT
    assert all(message.to == ["parent@example.org"] for message in mail.outbox)
