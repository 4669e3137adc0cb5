"""Shared helpers for the tutor tests: Django started in its own process with production
settings, none of the test suite's own leaking in."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_VARIABLES = {
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "PREPARED_STATEMENTS",
    "CSRF_TRUSTED_ORIGINS",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DEFAULT_FROM_EMAIL",
}
GOOD_KEY = "k" * 20 + "Z9-q_x" * 8


def run_django(env_overrides: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    # Start from a clean slate: none of the test suite's own settings leak in.
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    env = {key: value for key, value in env.items() if not key.startswith("SECURE_")}
    env.update({"DJANGO_SETTINGS_MODULE": "tutor.settings", **env_overrides})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
