"""The school sign-in's settings from the environment: none set changes nothing; a half or
wrong setting stops start-up with a message naming the variable; no page shows a button."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client

from tutor.oidc_providers import Provider, from_environment

ALL = [
    "OIDC_EDU_TW_CLIENT_ID",
    "OIDC_EDU_TW_CLIENT_SECRET",
    "OIDC_EDU_TW_ISSUER",
    "OIDC_EDU_TW_STUDENTS",
    "OIDC_EDU_TW_ROSTER_EMAILS",
    "OIDC_GOOGLE_CLIENT_ID",
    "OIDC_GOOGLE_CLIENT_SECRET",
    "OIDC_GOOGLE_DOMAIN",
    "OIDC_GOOGLE_STUDENTS",
    "OIDC_GOOGLE_ROSTER_EMAILS",
    "OIDC_MICROSOFT_CLIENT_ID",
    "OIDC_MICROSOFT_CLIENT_SECRET",
    "OIDC_MICROSOFT_TENANT",
]


@pytest.fixture
def environment(monkeypatch):
    for name in ALL:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_none_set_is_no_provider(environment):
    assert from_environment() == ()


def test_each_provider_reads_its_variables(environment):
    environment.setenv("OIDC_EDU_TW_CLIENT_ID", "edu-id")
    environment.setenv("OIDC_EDU_TW_CLIENT_SECRET", "edu-secret")
    environment.setenv("OIDC_EDU_TW_STUDENTS", "1")
    environment.setenv("OIDC_GOOGLE_CLIENT_ID", "g-id")
    environment.setenv("OIDC_GOOGLE_CLIENT_SECRET", "g-secret")
    environment.setenv("OIDC_GOOGLE_DOMAIN", "School.edu.tw")
    environment.setenv("OIDC_MICROSOFT_CLIENT_ID", "m-id")
    environment.setenv("OIDC_MICROSOFT_CLIENT_SECRET", "m-secret")
    environment.setenv("OIDC_MICROSOFT_TENANT", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")
    edu, google, microsoft = from_environment()
    assert edu == Provider("edu-tw", "https://oidc.tanet.edu.tw", "edu-id", "edu-secret", True)
    assert (google.issuer, google.domain, google.students) == (
        "https://accounts.google.com",
        "school.edu.tw",
        False,
    )
    assert google.extra_params == {"hd": "school.edu.tw"}
    assert microsoft.issuer == (
        "https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/v2.0"
    )
    assert "m-secret" not in repr(microsoft)  # a secret never reaches a log


@pytest.mark.parametrize(
    ("variables", "named"),
    [
        ({"OIDC_GOOGLE_CLIENT_ID": "g"}, "OIDC_GOOGLE_CLIENT_SECRET"),
        (
            {"OIDC_MICROSOFT_CLIENT_ID": "m", "OIDC_MICROSOFT_CLIENT_SECRET": "s"},
            "OIDC_MICROSOFT_TENANT",
        ),
        (
            {
                "OIDC_MICROSOFT_CLIENT_ID": "m",
                "OIDC_MICROSOFT_CLIENT_SECRET": "s",
                "OIDC_MICROSOFT_TENANT": "common",
            },
            "OIDC_MICROSOFT_TENANT",
        ),
        (
            {
                "OIDC_EDU_TW_CLIENT_ID": "e",
                "OIDC_EDU_TW_CLIENT_SECRET": "s",
                "OIDC_EDU_TW_ISSUER": "http://sso.example.org",
            },
            "OIDC_EDU_TW_ISSUER",
        ),
        (
            {
                "OIDC_GOOGLE_CLIENT_ID": "g",
                "OIDC_GOOGLE_CLIENT_SECRET": "s",
                "OIDC_GOOGLE_DOMAIN": "not a domain",
            },
            "OIDC_GOOGLE_DOMAIN",
        ),
        (
            {
                "OIDC_EDU_TW_CLIENT_ID": "e",
                "OIDC_EDU_TW_CLIENT_SECRET": "s",
                "OIDC_EDU_TW_STUDENTS": "maybe",
            },
            "OIDC_EDU_TW_STUDENTS",
        ),
        (
            {
                "OIDC_EDU_TW_CLIENT_ID": "e",
                "OIDC_EDU_TW_CLIENT_SECRET": "s",
                "OIDC_EDU_TW_ROSTER_EMAILS": "1",  # finds students, but students may not
            },
            "OIDC_EDU_TW_STUDENTS=1",
        ),
        (
            {
                "OIDC_GOOGLE_CLIENT_ID": "g",
                "OIDC_GOOGLE_CLIENT_SECRET": "s",
                "OIDC_GOOGLE_STUDENTS": "1",
                "OIDC_GOOGLE_ROSTER_EMAILS": "1",  # any Google account is not the school's
            },
            "OIDC_GOOGLE_DOMAIN",
        ),
    ],
)
def test_a_half_or_wrong_setting_stops_start_up_naming_it(environment, variables, named):
    for name, value in variables.items():
        environment.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=named):
        from_environment()


def test_roster_emails_are_off_unless_the_provider_is_said_to_be_the_schools(environment):
    environment.setenv("OIDC_GOOGLE_CLIENT_ID", "g")
    environment.setenv("OIDC_GOOGLE_CLIENT_SECRET", "s")
    environment.setenv("OIDC_GOOGLE_STUDENTS", "1")
    environment.setenv("OIDC_GOOGLE_DOMAIN", "school.edu.tw")
    assert from_environment()[0].roster_emails is False
    environment.setenv("OIDC_GOOGLE_ROSTER_EMAILS", "1")
    assert from_environment()[0].roster_emails is True


def test_with_no_provider_no_page_shows_a_school_button(db, settings):
    settings.SCHOOL_SIGN_IN_PROVIDERS = ()
    for url in ("/accounts/login/", "/join/"):
        assert "/accounts/school/" not in Client().get(url).content.decode()
    assert Client().get("/accounts/school/edu-tw/teacher/").status_code == 404


def test_a_callback_nobody_started_is_a_400_in_the_learners_words(db, settings):
    settings.SCHOOL_SIGN_IN_PROVIDERS = ()
    response = Client().get("/accounts/school/callback/", {"state": "x", "code": "y"})
    assert response.status_code == 400
    assert "這次登入已經過期或用過了" in response.content.decode()
    cancelled = Client().get("/accounts/school/callback/", {"error": "access_denied"})
    assert cancelled.status_code == 400
    assert "取消" in cancelled.content.decode()


def test_linking_is_a_post_a_link_followed_gets_the_kind_405(db, settings):
    assert Client().get("/accounts/school/edu-tw/link/").status_code == 405


def _claims(**changed):
    claims = {"iss": "https://idp.example", "aud": "tutor", "sub": "s-1", "exp": 2_000_000_000}
    return {key: value for key, value in {**claims, **changed}.items() if value is not None}


@pytest.mark.parametrize(
    "changed",
    [{"exp": None}, {"exp": "2000000000"}, {"exp": True}, {"sub": "s" * 256}, {"sub": "s\x001"}],
    ids=["no-exp", "text-exp", "bool-exp", "sub-256", "sub-nul"],
)
def test_an_id_token_without_expiry_or_with_an_unkeepable_subject_is_refused(changed):
    from types import SimpleNamespace

    from django.core.exceptions import SuspiciousOperation

    from school_sign_in.oidc import TokenExchange

    exchange = SimpleNamespace(
        provider=SimpleNamespace(issuer="https://idp.example", client_id="tutor")
    )
    TokenExchange._check_id_token(exchange, _claims())  # the plain one passes
    with pytest.raises(SuspiciousOperation):
        TokenExchange._check_id_token(exchange, _claims(**changed))


@pytest.mark.parametrize(
    ("claimed", "read"),
    [("a@school.tw", "a@school.tw"), ("a" * 250 + "@x.tw", ""), ("a\x00@x.tw", ""), (7, "")],
)
def test_an_email_that_cannot_be_one_reads_as_none(claimed, read):
    from school_sign_in.oidc import _email

    assert _email({"email": claimed}) == read
