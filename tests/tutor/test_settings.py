"""Production settings: a missing or wrong value stops start-up with its name."""

import pytest
from django.db import connection

from tests.tutor.conftest import GOOD_KEY, run_django


def test_missing_secret_key_stops_start_up_naming_it():
    result = run_django({"DEBUG": "0", "ALLOWED_HOSTS": "example.org"}, "check")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_short_secret_key_is_refused():
    result = run_django({"DEBUG": "0", "SECRET_KEY": "short", "ALLOWED_HOSTS": "a.org"}, "check")
    assert result.returncode != 0
    assert "SECRET_KEY is too short" in result.stderr


def test_missing_allowed_hosts_stops_start_up_naming_it():
    result = run_django({"DEBUG": "0", "SECRET_KEY": GOOD_KEY}, "check")
    assert result.returncode != 0
    assert "ALLOWED_HOSTS is not set" in result.stderr


def test_unreadable_debug_value_is_named():
    result = run_django({"DEBUG": "maybe"}, "check")
    assert result.returncode != 0
    assert "DEBUG must be one of" in result.stderr


def test_bad_database_url_is_named():
    env = {"DEBUG": "1", "DATABASE_URL": "nosuchdb://x"}
    result = run_django(env, "check")
    assert result.returncode != 0
    assert "DATABASE_URL is not a valid database URL" in result.stderr


def test_bad_csrf_trusted_origin_is_named():
    result = run_django({"DEBUG": "1", "CSRF_TRUSTED_ORIGINS": "example.org"}, "check")
    assert result.returncode != 0
    assert "CSRF_TRUSTED_ORIGINS entries must start with http://" in result.stderr


def test_check_deploy_is_clean_with_production_settings():
    env = {
        "DEBUG": "0",
        "SECRET_KEY": GOOD_KEY,
        "ALLOWED_HOSTS": "chess.example.edu.tw",
        "CSRF_TRUSTED_ORIGINS": "https://chess.example.edu.tw",
        "DEFAULT_FROM_EMAIL": "chess@example.edu.tw",
    }
    result = run_django(env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_development_runs_without_a_secret_key():
    result = run_django({"DEBUG": "1"}, "check")
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_sqlite_connections_write_ahead_and_checkpoint_every_5000_pages():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's own settings")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL
        cursor.execute("PRAGMA wal_autocheckpoint")
        assert cursor.fetchone()[0] == 5000


@pytest.mark.parametrize(
    ("prepared", "threshold"),
    [(None, "5"), ("1", "5"), ("0", "None")],
    ids=["default", "on", "off"],
)
def test_postgresql_uses_djangos_backend_and_prepares_repeated_statements(prepared, threshold):
    env = {"DEBUG": "1", "DATABASE_URL": "postgres://tutor:secret@db.example:5432/tutor"}
    if prepared is not None:
        env["PREPARED_STATEMENTS"] = prepared
    shown = (
        "from django.conf import settings as s; d = s.DATABASES['default'];"
        " print(d['ENGINE'], d['OPTIONS'])"
    )
    result = run_django(env, "shell", "--no-imports", "-c", shown)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "django.db.backends.postgresql"
        f" {{'server_side_binding': True, 'prepare_threshold': {threshold}}}"
    )


def test_unreadable_prepared_statements_value_is_named():
    env = {
        "DEBUG": "1",
        "DATABASE_URL": "postgres://t:s@db.example/tutor",
        "PREPARED_STATEMENTS": "x",
    }
    result = run_django(env, "check")
    assert result.returncode != 0
    assert "PREPARED_STATEMENTS must be one of" in result.stderr


@pytest.mark.parametrize(("named", "checks"), [(None, "True"), ("1", "True"), ("0", "False")])
def test_the_connections_health_check_is_on_unless_turned_off(named, checks):
    env = {"DEBUG": "1", "DATABASE_URL": "postgres://tutor:secret@db.example:5432/tutor"}
    if named is not None:
        env["CONN_HEALTH_CHECKS"] = named
    shown = (
        "from django.conf import settings as s; print(s.DATABASES['default']['CONN_HEALTH_CHECKS'])"
    )
    result = run_django(env, "shell", "--no-imports", "-c", shown)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == checks


@pytest.mark.parametrize(
    ("named", "added"),
    [(None, []), (" Mail.County.edu.tw, x.org ", ["mail.county.edu.tw", "x.org"])],
)
def test_an_operator_adds_shared_account_domains_to_the_default(named, added):
    env = {"DEBUG": "1"}
    if named is not None:
        env["SHARED_ACCOUNT_DOMAINS"] = named
    shown = (
        "from django.conf import settings as s; print(','.join(sorted(s.SHARED_ACCOUNT_DOMAINS)))"
    )
    result = run_django(env, "shell", "--no-imports", "-c", shown)
    assert result.returncode == 0, result.stderr
    default = [
        "mail.edu.tw",
        "gmail.com",
        "googlemail.com",
        "outlook.com",
        "hotmail.com",
        "live.com",
        "yahoo.com.tw",
        "yahoo.com",
        "icloud.com",
    ]
    assert result.stdout.strip().split(",") == sorted(default + added)


def test_a_shared_account_domain_that_is_no_domain_is_named():
    result = run_django({"DEBUG": "1", "SHARED_ACCOUNT_DOMAINS": "gmail"}, "check")
    assert result.returncode != 0
    assert "SHARED_ACCOUNT_DOMAINS must be domains separated by commas" in result.stderr
