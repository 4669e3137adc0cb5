"""The OpenID Connect protocol, through mozilla-django-oidc, one provider at a time.

mozilla-django-oidc reads one provider's settings from Django's settings; here its two
classes read them from a `tutor.oidc_providers.Provider` and the endpoints its discovery
document names (fetched at each sign-in: nothing about a provider is kept in a process).
The library makes the authorization request (state, nonce and PKCE kept in the session's
`oidc_states`), asks the token endpoint, checks the ID token's signature against the
provider's keys (JWKS, its algorithm pinned) and its nonce, and reads the userinfo. What
the library leaves out is checked here: the ID token's issuer and audience, the
authorized party, the discovery document's issuer, and that userinfo speaks of the same
subject (OpenID Connect Core 3.1.3.7 and 5.3.2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import jwt
import requests
from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from mozilla_django_oidc.auth import OIDCAuthenticationBackend
from mozilla_django_oidc.views import OIDCAuthenticationRequestView

from tutor.oidc_providers import DOMAIN, TENANT_ID, Provider

CALLBACK_URL_NAME = "school_sign_in:callback"
ASYMMETRIC = ("RS256", "ES256", "PS256", "RS384", "ES384", "RS512", "ES512")


class ProviderError(Exception):
    """The provider did not answer, or answered something that is not OpenID Connect."""


@dataclass(frozen=True)
class Endpoints:
    authorization: str
    token: str
    userinfo: str
    jwks: str
    sign_algo: str
    basic_auth: bool  # the token endpoint takes the client's secret only as HTTP Basic

    @classmethod
    def discover(cls, provider: Provider) -> Endpoints:
        """The provider's endpoints, from its discovery document (OpenID Connect Discovery
        4): its issuer must be exactly the one configured."""
        url = provider.issuer.rstrip("/") + "/.well-known/openid-configuration"
        try:
            response = requests.get(url, timeout=settings.OIDC_TIMEOUT)
            response.raise_for_status()
            document = response.json()
        except (requests.RequestException, ValueError) as error:
            raise ProviderError(f"discovery at {url} failed: {error}") from error
        if not isinstance(document, dict) or document.get("issuer") != provider.issuer:
            raise ProviderError(
                f"{url} names the issuer {document.get('issuer')!r}, not {provider.issuer!r}"
            )
        algorithms = document.get("id_token_signing_alg_values_supported") or ["RS256"]
        sign_algo = next((alg for alg in ASYMMETRIC if alg in algorithms), None)
        methods = document.get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
        try:
            return cls(
                authorization=document["authorization_endpoint"],
                token=document["token_endpoint"],
                userinfo=document["userinfo_endpoint"],
                jwks=document["jwks_uri"],
                sign_algo=sign_algo or "",
                basic_auth="client_secret_post" not in methods,
            )
        except KeyError as missing:
            raise ProviderError(f"{url} names no {missing}") from None

    def as_dict(self) -> dict:
        return dict(vars(self))


def _settings(provider: Provider, endpoints: Endpoints) -> dict:
    """What mozilla-django-oidc would read from Django's settings, for this provider."""
    return {
        "OIDC_RP_CLIENT_ID": provider.client_id,
        "OIDC_RP_CLIENT_SECRET": provider.client_secret,
        "OIDC_OP_AUTHORIZATION_ENDPOINT": endpoints.authorization,
        "OIDC_OP_TOKEN_ENDPOINT": endpoints.token,
        "OIDC_OP_USER_ENDPOINT": endpoints.userinfo,
        "OIDC_OP_JWKS_ENDPOINT": endpoints.jwks,
        "OIDC_RP_SIGN_ALGO": endpoints.sign_algo,
        "OIDC_TOKEN_USE_BASIC_AUTH": endpoints.basic_auth,
        "OIDC_RP_SCOPES": provider.scopes,
        "OIDC_AUTH_REQUEST_EXTRA_PARAMS": provider.extra_params,
        "OIDC_AUTHENTICATION_CALLBACK_URL": CALLBACK_URL_NAME,
        "OIDC_USE_NONCE": True,
        "OIDC_USE_PKCE": True,
        "OIDC_TIMEOUT": settings.OIDC_TIMEOUT,
        "OIDC_VERIFY_SSL": True,
        "OIDC_REDIRECT_FIELD_NAME": "next",
    }


class _ProviderSettings:
    """mozilla-django-oidc's classes ask `self.get_settings(name, default)`: answered from
    this provider's table, or the default."""

    def get_settings(self, attr, *args):
        table = _settings(self.provider, self.endpoints)
        if attr in table:
            return table[attr]
        if args:
            return args[0]
        raise KeyError(attr)


class AuthorizationRequest(_ProviderSettings, OIDCAuthenticationRequestView):
    """Send the browser to the provider; state, nonce and PKCE verifier go in the session."""

    def __init__(self, provider: Provider, endpoints: Endpoints) -> None:
        self.provider = provider
        self.endpoints = endpoints
        super().__init__()

    def start(self, request: HttpRequest) -> tuple[HttpResponseRedirect, str]:
        """The redirect to the provider and the state it carries."""
        self.request = request
        response = self.get(request)
        state = parse_qs(urlsplit(response.url).query)["state"][0]
        return response, state


@dataclass(frozen=True)
class Person:
    """Who the provider says signed in: a subject id is all that finds an account."""

    issuer: str
    subject: str
    email: str
    email_verified: bool
    name: str
    # Microsoft's tenant (`tid`) and object id (`oid`, the same for every application in
    # the tenant); Google's Workspace domain (`hd`). Read only from the provider that
    # defines them; empty otherwise.
    tenant: str = ""
    object_id: str = ""
    hosted_domain: str = ""


def _claim(claims: dict, name: str, shape: re.Pattern) -> str:
    """A claim of that shape (a GUID, a domain), lower-case: they compare case-insensitively.
    Anything else reads as no claim (kept in a column of the shape's length)."""
    value = claims.get(name)
    value = value.strip().lower() if isinstance(value, str) else ""
    return value if len(value) <= 253 and shape.fullmatch(value) else ""


SUBJECT_MAX = 255  # SchoolIdentity.subject
EMAIL_MAX = 254  # an address longer than RFC 5321's path is none (a 500 on PostgreSQL before)


def _email(claims: dict) -> str:
    """The claimed e-mail when it can be one: text, at most EMAIL_MAX, no control character;
    anything else reads as no e-mail (and so none verified)."""
    value = claims.get("email")
    if not isinstance(value, str) or len(value) > EMAIL_MAX or not value.isprintable():
        return ""
    return value


def _printable(value: object, most: int = 150) -> str:
    """A claimed name without control characters (a NUL is refused by PostgreSQL)."""
    return "".join(char for char in str(value) if char.isprintable())[:most]


class TokenExchange(_ProviderSettings, OIDCAuthenticationBackend):
    """Trade the callback's code for tokens and read who signed in."""

    def __init__(self, provider: Provider, endpoints: Endpoints) -> None:
        self.provider = provider
        self.endpoints = endpoints
        super().__init__()

    def person(self, request: HttpRequest, code: str, nonce: str, verifier: str | None) -> Person:
        """Raises SuspiciousOperation for a token that fails a check (its signature, nonce,
        issuer, audience, subject, domain), ProviderError when the provider fails."""
        self.request = request
        payload = {
            "client_id": self.provider.client_id,
            "client_secret": self.provider.client_secret,
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": request.build_absolute_uri(reverse(CALLBACK_URL_NAME)),
        }
        if verifier:
            payload["code_verifier"] = verifier
        try:
            tokens = self.get_token(payload)
            id_token = tokens.get("id_token")
            if not isinstance(id_token, str):
                raise SuspiciousOperation("the token response has no ID token")
            try:
                claims = self.verify_token(id_token, nonce=nonce)
            except (jwt.PyJWTError, KeyError, TypeError) as error:  # expired, no kid, …
                raise SuspiciousOperation(f"the ID token fails: {error}") from error
            self._check_id_token(claims)
            userinfo = self.get_userinfo(tokens.get("access_token"), id_token, claims)
        except (requests.RequestException, ValueError) as error:
            raise ProviderError(f"the token or userinfo request failed: {error}") from error
        if not isinstance(userinfo, dict) or userinfo.get("sub") != claims["sub"]:
            raise SuspiciousOperation("userinfo names another subject than the ID token")
        merged = {**claims, **userinfo}
        if self.provider.domain and merged.get("hd") != self.provider.domain:
            raise SuspiciousOperation("the account is not of the school's domain")
        microsoft = self.provider.slug == "microsoft"
        return Person(
            issuer=self.provider.issuer,
            subject=str(claims["sub"]),
            email=_email(merged),
            email_verified=bool(_email(merged)) and merged.get("email_verified") is True,
            name=_printable(merged.get("name") or merged.get("preferred_username") or ""),
            tenant=_claim(merged, "tid", TENANT_ID) if microsoft else "",
            object_id=_claim(merged, "oid", TENANT_ID) if microsoft else "",  # a GUID too
            hosted_domain=_claim(merged, "hd", DOMAIN) if self.provider.slug == "google" else "",
        )

    def _check_id_token(self, claims: dict) -> None:
        """OpenID Connect Core 3.1.3.7: issued by this provider, for this client."""
        if claims.get("iss") != self.provider.issuer:
            raise SuspiciousOperation("the ID token's issuer is not the provider's")
        audience = claims.get("aud")
        audiences = audience if isinstance(audience, list) else [audience]
        if self.provider.client_id not in audiences:
            raise SuspiciousOperation("the ID token is not for this site")
        if len(audiences) > 1 and claims.get("azp") != self.provider.client_id:
            raise SuspiciousOperation("the ID token's authorized party is not this site")
        if not isinstance(claims.get("sub"), str) or not claims["sub"]:
            raise SuspiciousOperation("the ID token names no subject")
        # PyJWT checks `exp` only when it is there: a token without one never expired.
        expiry = claims.get("exp")
        if isinstance(expiry, bool) or not isinstance(expiry, int | float):
            raise SuspiciousOperation("the ID token has no expiry")
        # SchoolIdentity.subject is 255 characters; PostgreSQL refuses a NUL (a 500 before).
        if len(claims["sub"]) > SUBJECT_MAX or not claims["sub"].isprintable():
            raise SuspiciousOperation("the ID token's subject cannot be kept")
