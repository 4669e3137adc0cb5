"""The school sign-in providers (school_sign_in), read from the environment: the
settings module calls `from_environment` at start-up, and a bad value stops it.

Each provider is on when its client id is set; its secret is then required:

- 教育體系單一簽入服務: OIDC_EDU_TW_CLIENT_ID, _CLIENT_SECRET, _STUDENTS; issuer
  https://oidc.tanet.edu.tw
- Google Workspace for Education: OIDC_GOOGLE_CLIENT_ID, _CLIENT_SECRET, _DOMAIN (the
  school's Workspace domain), _STUDENTS; issuer https://accounts.google.com
- Microsoft 365: OIDC_MICROSOFT_CLIENT_ID, _CLIENT_SECRET, _TENANT (the tenant's id),
  _STUDENTS; issuer https://login.microsoftonline.com/<tenant>/v2.0

`OIDC_<NAME>_ISSUER` overrides a provider's issuer (the tests point one at a local provider).
`OIDC_<NAME>_ROSTER_EMAILS=1` says the provider's accounts are the school's own: a student
whose roster names an e-mail address as their school account is found by the provider's
e-mail when the provider says it is verified (off by default; it needs _STUDENTS, and
Google needs _DOMAIN). A roster's `<provider>:<subject id>` needs no such setting.
Endpoints come from the issuer's discovery document at each sign-in, never kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.core.exceptions import ImproperlyConfigured

from tutor.env import env_bool, env_str

TENANT_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
DOMAIN = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+")


@dataclass(frozen=True)
class Provider:
    """One school sign-in provider, as the settings hold it."""

    slug: str  # in addresses and in the session: "edu-tw", "google", "microsoft"
    issuer: str  # the `iss` of its ID tokens; its discovery document is under it
    client_id: str
    client_secret: str = field(repr=False)
    students: bool = False  # students may sign in with it too (teachers always may)
    domain: str = ""  # Google: only accounts of this Workspace domain (the `hd` claim)
    # Its accounts are the school's own: its verified e-mail may find a roster's student.
    roster_emails: bool = False
    scopes: str = "openid email profile"

    @property
    def extra_params(self) -> dict[str, str]:
        """Parameters the authorization request adds (Google's account picker shows only
        the school's domain; the `hd` claim is still checked)."""
        return {"hd": self.domain} if self.domain else {}


# (slug, variable prefix, default issuer)
KNOWN = (
    ("edu-tw", "OIDC_EDU_TW", "https://oidc.tanet.edu.tw"),
    ("google", "OIDC_GOOGLE", "https://accounts.google.com"),
    ("microsoft", "OIDC_MICROSOFT", ""),  # https://login.microsoftonline.com/<tenant>/v2.0
)


def _issuer(slug: str, prefix: str, default: str) -> str:
    issuer = env_str(f"{prefix}_ISSUER", "")
    if not issuer and slug == "microsoft":
        tenant = env_str(f"{prefix}_TENANT", "").lower()
        if not TENANT_ID.fullmatch(tenant):
            raise ImproperlyConfigured(
                f"{prefix}_TENANT must be the school's tenant id (a GUID such as "
                f"0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0, from Microsoft Entra); got {tenant!r}."
            )
        issuer = f"https://login.microsoftonline.com/{tenant}/v2.0"
    issuer = issuer or default
    if not issuer.startswith(("https://", "http://127.0.0.1:", "http://localhost:")):
        raise ImproperlyConfigured(f"{prefix}_ISSUER must be an https:// address; got {issuer!r}.")
    return issuer


def _provider(slug: str, prefix: str, default_issuer: str) -> Provider | None:
    client_id = env_str(f"{prefix}_CLIENT_ID", "")
    if not client_id:
        return None
    secret = env_str(f"{prefix}_CLIENT_SECRET", "")
    if not secret:
        raise ImproperlyConfigured(f"{prefix}_CLIENT_ID is set but {prefix}_CLIENT_SECRET is not.")
    domain = env_str(f"{prefix}_DOMAIN", "").lower() if slug == "google" else ""
    if domain and not DOMAIN.fullmatch(domain):
        raise ImproperlyConfigured(
            f"{prefix}_DOMAIN must be the school's domain, e.g. school.edu.tw; got {domain!r}."
        )
    students = env_bool(f"{prefix}_STUDENTS", False)
    roster_emails = env_bool(f"{prefix}_ROSTER_EMAILS", False)
    if roster_emails and not students:
        raise ImproperlyConfigured(
            f"{prefix}_ROSTER_EMAILS=1 finds students: it needs {prefix}_STUDENTS=1."
        )
    if roster_emails and slug == "google" and not domain:
        raise ImproperlyConfigured(
            f"{prefix}_ROSTER_EMAILS=1 needs {prefix}_DOMAIN: only the school's Workspace "
            "accounts are the school's own."
        )
    return Provider(
        slug=slug,
        issuer=_issuer(slug, prefix, default_issuer),
        client_id=client_id,
        client_secret=secret,
        students=students,
        domain=domain,
        roster_emails=roster_emails,
    )


def from_environment() -> tuple[Provider, ...]:
    """The providers whose client id is set, in the order their buttons show."""
    found = (_provider(*known) for known in KNOWN)
    return tuple(provider for provider in found if provider is not None)
