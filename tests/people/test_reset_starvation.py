"""Reset links cannot be used up by strangers, the page says when a limit stopped one, and
the owner hears of a new password.

The rules (people.views.password_reset): LINKS_PER_REQUESTER per typed address and
requester's address in 15 minutes, LINKS_PER_ACCOUNT an hour from anywhere, and a browser
the owner has signed in on (people.limits.known_browser) counted on its own,
LINKS_PER_BROWSER in 15 minutes.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.signing import get_cookie_signer
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from people.limits import known_browser
from people.views.password_reset import LINKS_PER_ACCOUNT, LINKS_PER_BROWSER, LINKS_PER_REQUESTER
from tests.people.conftest import make_grown_up

pytestmark = pytest.mark.django_db

RESET = reverse("people:password_reset")
SIGN_IN = reverse("people:sign_in")
SIGN_OUT = reverse("people:sign_out")
PROXY = "127.0.0.1"
HOME = "198.51.100.5"
RIGHT = "correct horse battery"
LIMITED = "如果有帳號用這個信箱，不久前已經寄過設定新密碼的連結了。"


def _at(address: str) -> Client:
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def _ask(client: Client, email: str = "parent@example.org"):
    return client.post(RESET, {"email": email})


def _strangers_use_up_the_hour(email: str = "parent@example.org", net: str = "203.0.113"):
    """5 addresses × 5 requests, as tests/security/reset_starvation.py sends them."""
    return [_ask(_at(f"{net}.{n + 1}"), email).status_code for n in range(5) for _ in range(5)]


def _owners_browser(username: str = "parent") -> Client:
    """A browser the owner signed in on, then signed out of (the password forgotten)."""
    browser = _at(HOME)
    assert browser.post(SIGN_IN, {"username": username, "password": RIGHT}).status_code == 302
    browser.post(SIGN_OUT)
    return browser


def _signed(value: str) -> str:
    """`value` signed as HttpResponse.set_signed_cookie signs the cookie."""
    return get_cookie_signer(salt=known_browser.COOKIE + known_browser.SALT).sign(value)


def _main(response) -> str:
    """The page's <main> (the rest carries a CSRF token of its own on each page)."""
    return re.search(r"<main.*?</main>", response.content.decode(), re.S).group(0)


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_strangers_requests_from_one_address_stop_at_its_share_and_say_so():
    make_grown_up("parent")
    stranger = [_ask(_at("203.0.113.5")) for _ in range(LINKS_PER_REQUESTER + 2)]
    assert [r.status_code for r in stranger] == [302] * LINKS_PER_REQUESTER + [429, 429]
    assert LIMITED in stranger[-1].content.decode()
    assert len(mail.outbox) == LINKS_PER_REQUESTER
    assert _ask(_at("198.51.100.7")).status_code == 302
    assert len(mail.outbox) == LINKS_PER_REQUESTER + 1


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_strangers_at_five_addresses_do_not_starve_the_owners_own_browser():
    make_grown_up("parent")
    browser = _owners_browser()
    statuses = _strangers_use_up_the_hour()
    assert statuses.count(302) == LINKS_PER_ACCOUNT
    assert statuses.count(429) == 25 - LINKS_PER_ACCOUNT
    assert len(mail.outbox) == LINKS_PER_ACCOUNT
    assert _ask(browser).status_code == 302
    assert len(mail.outbox) == LINKS_PER_ACCOUNT + 1
    assert mail.outbox[-1].to == ["parent@example.org"]


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_browser_never_signed_in_at_the_owners_own_address_is_held_to_the_cap():
    make_grown_up("parent")
    _strangers_use_up_the_hour()
    response = _ask(_at(HOME))
    assert response.status_code == 429
    assert LIMITED in response.content.decode()
    assert len(mail.outbox) == LINKS_PER_ACCOUNT


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_owners_browser_is_still_limited_on_its_own():
    make_grown_up("parent")
    browser = _owners_browser()
    statuses = [_ask(browser).status_code for _ in range(LINKS_PER_BROWSER + 1)]
    assert statuses == [302] * LINKS_PER_BROWSER + [429]
    assert len(mail.outbox) == LINKS_PER_BROWSER


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_browser_known_to_another_account_is_not_let_past_this_ones_cap():
    make_grown_up("parent")
    make_grown_up("other")
    browser = _owners_browser("other")
    _strangers_use_up_the_hour()
    assert _ask(browser).status_code == 429
    assert len(mail.outbox) == LINKS_PER_ACCOUNT


@pytest.mark.parametrize(
    "value",
    [
        lambda pk: f"unsigned:{pk}",  # no signature at all
        lambda pk: get_cookie_signer(salt="another salt").sign(f"forged:{pk}"),
        lambda pk: _signed(f"garbled:{pk}x"),
        lambda pk: _signed(f":{pk}"),
    ],
    ids=["unsigned", "another salt", "garbled", "no browser id"],
)
@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_forged_or_garbled_cookie_counts_as_no_cookie(value):
    parent = make_grown_up("parent")
    _strangers_use_up_the_hour()
    browser = _at(HOME)
    browser.cookies[known_browser.COOKIE] = value(parent.pk)
    assert _ask(browser).status_code == 429
    assert len(mail.outbox) == LINKS_PER_ACCOUNT


def test_a_cookie_signed_as_the_app_signs_it_passes():
    # The other side of the forged cookies: the same value, signed with the app's salt.
    parent = make_grown_up("parent")
    with override_settings(TRUSTED_PROXIES=[PROXY]):
        _strangers_use_up_the_hour()
        browser = _at(HOME)
        browser.cookies[known_browser.COOKIE] = _signed(f"some-browser:{parent.pk}")
        assert _ask(browser).status_code == 302
    assert len(mail.outbox) == LINKS_PER_ACCOUNT + 1


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_the_pages_are_the_same_whether_or_not_an_account_has_the_address():
    make_grown_up("parent")
    pages = {}
    for email, net in (("parent@example.org", "203.0.113"), ("nobody@example.org", "192.0.2")):
        asks = [_ask(_at(f"{net}.99"), email) for _ in range(LINKS_PER_REQUESTER + 1)]
        assert [r.status_code for r in asks] == [302] * LINKS_PER_REQUESTER + [429]
        after_cap = _strangers_use_up_the_hour(email, net)
        assert after_cap.count(429) == 25 - (LINKS_PER_ACCOUNT - LINKS_PER_REQUESTER)
        sent = _at(HOME).get(asks[0]["Location"])
        pages[email] = (_main(sent), _main(asks[-1]))
    assert pages["parent@example.org"] == pages["nobody@example.org"]
    assert "15 分鐘內最多寄 3 次。" in pages["nobody@example.org"][0]
    assert LIMITED in pages["nobody@example.org"][1]


def test_a_right_sign_in_names_the_account_in_an_http_only_cookie_a_wrong_one_does_not():
    parent = make_grown_up("parent")
    client = Client()
    client.post(SIGN_IN, {"username": "parent", "password": "wrong"})
    assert known_browser.COOKIE not in client.cookies
    client.post(SIGN_IN, {"username": "parent", "password": RIGHT})
    cookie = client.cookies[known_browser.COOKIE]
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"
    assert cookie["max-age"] == 180 * 24 * 60 * 60
    assert _known(client).accounts == (parent.pk,)


def test_sign_up_names_the_new_account():
    client = Client()
    password = "a long pass phrase 42"
    client.post(
        reverse("people:sign_up"), {"username": "dad", "password1": password, "password2": password}
    )
    assert _known(client).accounts == (get_user_model().objects.get(username="dad").pk,)


def test_one_browser_keeps_its_id_and_its_latest_accounts():
    users = [make_grown_up(f"parent-{n}") for n in range(known_browser.ACCOUNTS + 1)]
    client = Client()
    ids = set()
    for user in users:
        client.post(SIGN_IN, {"username": user.username, "password": RIGHT})
        client.post(SIGN_OUT)
        ids.add(_known(client).browser)
    assert len(ids) == 1
    assert _known(client).accounts == tuple(user.pk for user in users[1:])


def _known(client: Client) -> known_browser.Known:
    request = RequestFactory().get("/")
    request.COOKIES[known_browser.COOKIE] = client.cookies[known_browser.COOKIE].value
    return known_browser.read(request)


def test_setting_a_password_by_a_link_knows_the_browser_and_tells_the_owner():
    parent = make_grown_up("parent")
    client = Client()
    _ask(client)
    assert known_browser.COOKIE not in client.cookies
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body).group(1)
    set_url = client.get(link, follow=True).redirect_chain[-1][0]
    new = {"new_password1": "a brand new phrase", "new_password2": "a brand new phrase"}
    assert client.post(set_url, new).status_code == 302
    assert _known(client).accounts == (parent.pk,)
    assert len(mail.outbox) == 2
    told = mail.outbox[1]
    assert told.to == [parent.email]
    assert told.subject == "你的密碼已經改了"
    assert "帳號 parent 的密碼剛剛用寄到這個信箱的連結改好了。" in told.body
    assert "/accounts/password-reset/" in told.body
