"""The client's address is read from X-Forwarded-For only through the trusted proxies."""

import pytest
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from people.limits.rate_limit import MAX_FAILURES_PER_ADDRESS
from plumbing.client_address import client_address, parse_networks
from tests.people.conftest import make_grown_up
from tests.tutor.conftest import run_django

SIGN_IN = reverse("people:sign_in")
PROXY = "127.0.0.1"


def _request(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@override_settings(TRUSTED_PROXIES=[])
def test_without_trusted_proxies_the_header_is_ignored():
    assert client_address(_request("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_through_a_trusted_proxy_the_address_it_saw_is_the_clients():
    assert client_address(_request(PROXY, "198.51.100.1")) == "198.51.100.1"


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_addresses_a_client_wrote_before_the_proxys_are_not_believed():
    # The client sent "X-Forwarded-For: 10.9.9.9"; the proxy appended what it saw.
    assert client_address(_request(PROXY, "10.9.9.9, 198.51.100.1")) == "198.51.100.1"


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_request_that_did_not_come_through_the_proxy_keeps_its_own_address():
    assert client_address(_request("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


@override_settings(TRUSTED_PROXIES=["10.0.0.0/8", PROXY])
def test_a_chain_of_trusted_proxies_is_walked_to_the_first_untrusted_hop():
    request = _request(PROXY, "1.1.1.1, 198.51.100.1, 10.0.0.5")
    assert client_address(request) == "198.51.100.1"


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_hop_that_is_not_an_address_stops_the_walk_at_the_last_good_one():
    assert client_address(_request(PROXY, "198.51.100.1, junk")) == PROXY
    assert client_address(_request(PROXY, "")) == PROXY


def test_a_bad_entry_is_named():
    with pytest.raises(ValueError, match=r"'10\.0\.0\.300'"):
        parse_networks(["10.0.0.300"])


def test_the_settings_refuse_a_bad_entry_at_start_up():
    result = run_django({"DEBUG": "1", "TRUSTED_PROXIES": "127.0.0.1, not-an-address"}, "check")
    assert result.returncode != 0
    assert "TRUSTED_PROXIES: 'not-an-address' is not an IP address" in result.stderr


def _spray_wrong_sign_ins(forwarded_for: str) -> None:
    client = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded_for)
    for n in range(MAX_FAILURES_PER_ADDRESS):
        client.post(SIGN_IN, {"username": f"nobody-{n}", "password": "wrong"})


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=[PROXY])
def test_behind_the_proxy_one_clients_guesses_do_not_lock_out_another():
    make_grown_up("parent")
    _spray_wrong_sign_ins("203.0.113.5")
    client = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7")
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 302
    stranger = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.5")
    response = stranger.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=[])
def test_a_forged_header_does_not_escape_the_limit_when_no_proxy_is_trusted():
    make_grown_up("parent")
    _spray_wrong_sign_ins("203.0.113.5")
    client = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7")
    response = client.post(SIGN_IN, {"username": "parent", "password": "correct horse battery"})
    assert response.status_code == 429
