"""Guesses at one account from many addresses: a growing delay, never a lock.

OWASP ASVS 2.2.1: at most about 100 failed tries an hour at one account, wherever they
come from; a stranger's guesses must not lock the owner out for long (2.2.1's note).
"""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client, override_settings
from django.urls import reverse

from people.limits import rate_limit
from people.models import LoginFailure
from tests.people.conftest import Clock, make_grown_up

pytestmark = pytest.mark.django_db

SIGN_IN = reverse("people:sign_in")
PROXY = "127.0.0.1"


def _from(address: str) -> Client:
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def _guess(address: str, password: str = "wrong") -> int:
    return _from(address).post(SIGN_IN, {"username": "parent", "password": password}).status_code


@pytest.fixture(autouse=True)
def clock(stopped_clock) -> Clock:
    return stopped_clock


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_ten_addresses_get_ten_checked_guesses_between_them_then_must_wait():
    make_grown_up("parent")
    statuses = [_guess(f"203.0.113.{n}") for n in range(10) for _ in range(5)]
    assert statuses.count(400) == rate_limit.ACCOUNT_FREE_FAILURES
    assert statuses.count(429) == 50 - rate_limit.ACCOUNT_FREE_FAILURES


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_wait_says_its_seconds_and_the_right_password_works_after_it(clock):
    parent = make_grown_up("parent")
    for n in range(rate_limit.ACCOUNT_FREE_FAILURES):
        assert _guess(f"203.0.113.{n}") == 400
    owner = _from("198.51.100.7")
    response = owner.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429
    assert "這個帳號試錯太多次了。請等 1 秒再試。" in response.content.decode()
    clock.advance(1)
    response = owner.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 302
    assert int(owner.session[SESSION_KEY]) == parent.pk
    assert not LoginFailure.objects.filter(scope=rate_limit.ACCOUNT_SCOPE).exists()


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_each_failure_past_the_free_ones_doubles_the_wait_up_to_a_minute(clock):
    make_grown_up("parent")
    waits = []
    for n in range(rate_limit.ACCOUNT_FREE_FAILURES + 8):
        wait = rate_limit.account_wait(rate_limit.account_key(_parent_pk()))
        waits.append(wait)
        clock.advance(wait)
        assert _guess(f"203.0.113.{n % 200}") == 400
    assert waits[: rate_limit.ACCOUNT_FREE_FAILURES] == [0] * rate_limit.ACCOUNT_FREE_FAILURES
    assert waits[rate_limit.ACCOUNT_FREE_FAILURES :] == [1, 2, 4, 8, 16, 32, 60, 60]


def _parent_pk() -> int:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="parent").pk


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_checked_try_an_hour_old_no_longer_counts(clock):
    make_grown_up("parent")
    for n in range(rate_limit.ACCOUNT_FREE_FAILURES):
        _guess(f"203.0.113.{n}")
    clock.advance(rate_limit.ACCOUNT_WINDOW.total_seconds() + 1)
    assert _guess("198.51.100.7", "correct horse battery") == 302


def test_a_reserved_try_beyond_the_limit_is_refused_and_taken_back():
    for _ in range(3):
        assert rate_limit.reserve("sign-in", "k", limit=3) is not None
    assert rate_limit.reserve("sign-in", "k", limit=3) is None
    assert LoginFailure.objects.filter(scope="sign-in", key="k").count() == 3


def _timed_guesses(clock, rounds: int) -> None:
    """The attack of issue 44: past the free failures, one wrong password from a fresh
    address each time the announced wait ends."""
    for n in range(rate_limit.ACCOUNT_FREE_FAILURES + rounds):
        clock.advance(rate_limit.account_wait(rate_limit.account_key(_parent_pk())))
        assert _guess(f"203.0.113.{n}") == 400


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_timed_guesses_do_not_keep_the_owner_out_of_their_own_browser(clock):
    parent = make_grown_up("parent")
    owner = _from("198.51.100.7")
    right = {"username": "parent", "password": "correct horse battery"}
    assert owner.post(SIGN_IN, right).status_code == 302  # the browser it signs in on
    owner.post(reverse("people:sign_out"))
    _timed_guesses(clock, 6)
    assert _from("198.51.100.8").post(SIGN_IN, right).status_code == 429  # a new browser waits
    for _ in range(5):  # before: 5 × 429 out of 5
        response = owner.post(SIGN_IN, right)
        assert response.status_code == 302
        assert int(owner.session[SESSION_KEY]) == parent.pk
        owner.post(reverse("people:sign_out"))
        assert _guess("203.0.113.250") == 429  # the stranger still waits


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_timed_guesses_do_not_hold_up_a_new_browser_at_the_owners_own_place(clock):
    """The school's address the teacher signed in from last week: a new browser there (the
    projector's, a borrowed laptop) signs in at once while strangers elsewhere wait."""
    parent = make_grown_up("parent")
    right = {"username": "parent", "password": "correct horse battery"}
    assert _from("198.51.100.7").post(SIGN_IN, right).status_code == 302
    _timed_guesses(clock, 6)
    borrowed = _from("198.51.100.7")  # no cookie: another browser at the same place
    response = borrowed.post(SIGN_IN, right)
    assert response.status_code == 302
    assert int(borrowed.session[SESSION_KEY]) == parent.pk
    assert _from("198.51.100.8").post(SIGN_IN, right).status_code == 429  # elsewhere waits
    assert _guess("203.0.113.250") == 429


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_owner_is_mailed_once_when_strangers_start_the_delay(clock):
    from django.core import mail

    make_grown_up("parent")
    for n in range(rate_limit.ACCOUNT_FREE_FAILURES - 1):
        assert _guess(f"203.0.113.{n}") == 400
    assert mail.outbox == []
    assert _guess("203.0.113.100") == 400  # the tenth: the delay starts
    assert [message.to for message in mail.outbox] == [["parent@example.org"]]
    told = mail.outbox[0]
    assert told.subject == "有人一直在試你的帳號密碼"
    assert "過去一小時，有人在你沒登入過的地方，打錯帳號 parent 的密碼 10 次。" in told.body
    assert "/accounts/password-reset/" in told.body
    _timed_guesses(clock, 4)  # more tries within the hour: no more mail
    assert len(mail.outbox) == 1


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_an_address_never_checked_is_told_nothing(clock):
    from django.core import mail

    from people.models import GrownUp

    make_grown_up("parent")
    GrownUp.objects.update(email_verified=False)
    _timed_guesses(clock, 2)
    assert mail.outbox == []


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_password_reset_ends_the_delay_strangers_built_up(clock):
    import re

    from django.core import mail

    make_grown_up("parent")
    _timed_guesses(clock, 6)
    assert rate_limit.account_wait(rate_limit.account_key(_parent_pk())) > 0
    client = _from("198.51.100.8")
    client.post(reverse("people:password_reset"), {"email": "parent@example.org"})
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[-1].body).group(1)
    set_url = client.get(link, follow=True).redirect_chain[-1][0]
    new = {"new_password1": "a brand new phrase", "new_password2": "a brand new phrase"}
    assert client.post(set_url, new).status_code == 302
    assert rate_limit.account_wait(rate_limit.account_key(_parent_pk())) == 0
    fresh = _from("198.51.100.9")
    response = fresh.post(SIGN_IN, {"username": "parent", "password": "a brand new phrase"})
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("seen", "counted"),
    [
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:1:2:3", "2001:db8:1:2::/64"),
        ("203.0.113.5", "203.0.113.5"),
        ("::ffff:203.0.113.5", "::ffff:203.0.113.5"),
        ("unknown", "unknown"),
    ],
)
def test_an_ipv6_client_is_counted_by_its_64(seen, counted):
    assert rate_limit.limit_key(seen) == counted


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_fresh_ipv6_addresses_of_one_network_share_the_five_tries():
    make_grown_up("parent")
    statuses = [_guess(f"2001:db8:1:2::{n + 1:x}") for n in range(rate_limit.MAX_FAILURES + 2)]
    assert statuses == [400] * rate_limit.MAX_FAILURES + [429, 429]  # before: 7 × 400
