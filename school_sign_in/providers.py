"""The configured providers (settings.SCHOOL_SIGN_IN_PROVIDERS) and their names on a page."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tutor.oidc_providers import Provider

NAMES = {
    "edu-tw": _("Taiwan education single sign-on"),
    "google": _("Google account"),
    "microsoft": _("Microsoft account"),
}


def configured() -> tuple[Provider, ...]:
    return tuple(settings.SCHOOL_SIGN_IN_PROVIDERS)


def by_slug(slug: str) -> Provider | None:
    return next((provider for provider in configured() if provider.slug == slug), None)


def name_of(slug: str) -> str:
    return str(NAMES.get(slug, slug))
