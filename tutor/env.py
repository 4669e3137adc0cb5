"""Read settings from the environment, failing loudly on a bad value.

Every error names the variable, so a wrong production setting stops start-up
with a message that says what to fix.
"""

import os
from email.utils import parseaddr

from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.core.validators import validate_email

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}."
    )


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def require(name: str, why: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} is not set: {why}")
    return value


def env_str(name: str, default: str) -> str:
    raw = os.environ.get(name)
    return default if raw is None else raw.strip()


def env_port(name: str, default: int) -> int:
    port = env_int(name, default)
    if not 1 <= port <= 65535:
        raise ImproperlyConfigured(f"{name} must be a port number from 1 to 65535; got {port}.")
    return port


def env_email(name: str, default: str) -> str:
    """An e-mail address, alone or with a name: "棋藝社 <chess@school.edu.tw>"."""
    raw = env_str(name, default)
    _, address = parseaddr(raw)
    try:
        validate_email(address)
    except ValidationError:
        raise ImproperlyConfigured(
            f"{name} must be an e-mail address (e.g. chess@school.edu.tw); got {raw!r}."
        ) from None
    return raw
