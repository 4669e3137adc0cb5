"""Django settings for the chess rules tutor.

Everything a deployment changes comes from the environment (see README):
DEBUG, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL (and PREPARED_STATEMENTS, CONN_HEALTH_CHECKS),
CSRF_TRUSTED_ORIGINS, SECURE_SSL_REDIRECT, SECURE_PROXY_SSL_HEADER, the EMAIL_* settings,
DEFAULT_FROM_EMAIL, SHARED_ACCOUNT_DOMAINS and LIVE_PUSH.
"""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from languages import registry
from plumbing.client_address import parse_networks
from tutor import oidc_providers
from tutor.env import env_bool, env_email, env_int, env_list, env_port, env_str, require

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"  # local data of a development machine: SQLite file, dev key

DEBUG = env_bool("DEBUG", False)


def _development_secret_key() -> str:
    """A random key kept in var/, so sessions (and anonymous progress) survive restarts."""
    path = VAR_DIR / "dev_secret_key"
    if not path.exists():
        VAR_DIR.mkdir(exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


if DEBUG:
    SECRET_KEY = os.environ.get("SECRET_KEY") or _development_secret_key()
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
else:
    SECRET_KEY = require(
        "SECRET_KEY",
        "set it to a long random string (50+ characters) when DEBUG is off, e.g. "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'.",
    )
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY is too short: use at least 50 random characters.")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "ALLOWED_HOSTS is not set: list the host names this site answers to, "
            "comma-separated (e.g. chess.example.edu.tw)."
        )

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
for _origin in CSRF_TRUSTED_ORIGINS:
    if not _origin.startswith(("http://", "https://")):
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS entries must start with http:// or https://; got {_origin!r}."
        )

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "tutor",
    "plumbing",
    "languages",
    "board",
    "curriculum",
    "lessons",
    "glossary",
    "referee",
    "editor",
    "practice",
    "people",
    "school_sign_in",
    "live",
    "play",
    "club",
    "puzzlesets",
    "zhuyin",
    "worksheets",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A live lesson's phones poll every 2 s: "nothing new" answers here, before the session.
    "live.polls.NothingNewMiddleware",
    "plumbing.csp.ContentSecurityPolicyMiddleware",
    # Pages and htmx answers go out gzipped (static files are whitenoise's, precompressed).
    # Django pads the gzip stream with random bytes against BREACH; CSRF tokens are masked.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "languages.middleware.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "plumbing.privacy.PrivacyMiddleware",
    "plumbing.bodies.UnreadableBodyMiddleware",
    "plumbing.redirects.BoundedLocationMiddleware",
    "zhuyin.middleware.ZhuyinMiddleware",  # innermost: rubies go in before any compression
]

# Where expensive work takes its slots (plumbing.work_slots): one machine's workers share it;
# each pytest worker has its own, so two test processes never take each other's.
WORK_SLOTS_DIR = env_str(
    "WORK_SLOTS_DIR", str(VAR_DIR / "slots" / os.environ.get("PYTEST_XDIST_WORKER", "site"))
)

# One bound on a request body: plumbing.bodies.BODY_MAX, nginx's client_max_body_size 4m.
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024

ROOT_URLCONF = "tutor.urls"
WSGI_APPLICATION = "tutor.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "people.assignments.assigned_lessons",
                "practice.context_processors.reviews_due",
                "languages.context_processors.languages",
                "zhuyin.views.context",
            ],
        },
    },
    {
        # The fragments drawn on every answer (templates/**/*.jinja): see tutor/jinja.py.
        "NAME": "jinja2",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "tutor.jinja.environment",
            "extensions": ["jinja2.ext.i18n"],
        },
    },
]

try:
    DATABASES = {
        "default": dj_database_url.config(
            default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
            conn_max_age=env_int("CONN_MAX_AGE", 60),
            conn_health_checks=env_bool("CONN_HEALTH_CHECKS", True),
        )
    }
except ValueError as error:  # dj-database-url's message for an unknown scheme or bad URL
    raise ImproperlyConfigured(f"DATABASE_URL is not a valid database URL: {error}") from None
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's own backend. CONN_HEALTH_CHECKS (conn_health_checks above, default on): a kept
    # connection is asked SELECT 1 at a request's first statement, so one the server dropped
    # while idle is replaced instead of failing the request (the session's read and a poll's
    # are that check themselves: plumbing/first_read.py). Parameters bound by the server, and a
    # statement a connection has sent 5 times prepared there: PostgreSQL parses and plans
    # it once per connection instead of at every answer (A/B under gunicorn: see
    # docs/answer-path.md). PREPARED_STATEMENTS=0 for a pooler that cannot keep them
    # (PgBouncer in transaction mode without max_prepared_statements).
    DATABASES["default"]["OPTIONS"] = {
        "server_side_binding": True,
        "prepare_threshold": 5 if env_bool("PREPARED_STATEMENTS", True) else None,
        **DATABASES["default"].get("OPTIONS", {}),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(exist_ok=True)
    # A class answering at once through several gunicorn workers (see
    # tests/benchmarks/answer_load.py). WAL: readers never wait for the writer, nor it
    # for them. IMMEDIATE: a transaction takes the write lock when it begins, so two
    # writers queue (up to `timeout` seconds) instead of failing with "database is
    # locked" when both try to upgrade a read lock. Only atomic blocks begin
    # transactions (no ATOMIC_REQUESTS), and all of ours write, so pages that only
    # read are not queued. synchronous=NORMAL is safe with WAL: a power cut may lose
    # the last commits, never corrupt the file. A checkpoint (two fsyncs) every 5,000 WAL
    # pages, not SQLite's 1,000: a class answering at once commits ~9 pages an answer, so
    # it came every ~110 answers (A/B under gunicorn: +4 % answers a second); the WAL file
    # grows to ~20 MB at most. Django's own backend: a queue of our own for the write lock
    # gained under 10 % (issue 48, docs/performance.md).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": env_int("SQLITE_TIMEOUT", 20),
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=5000;"
        ),
        **DATABASES["default"].get("OPTIONS", {}),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Anonymous learners are kept in the browser's session for a year; a grown-up's session
# ends 30 days after signing in (plumbing/privacy.py).
SESSION_ENGINE = "plumbing.sessions"  # Django's database sessions, read by one fixed statement
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60
SESSION_COOKIE_SAMESITE = "Lax"

LANGUAGE_CODE = registry.SOURCE.code
# Each language's name in itself: the header's switch shows them so (languages/registry.py).
LANGUAGES = registry.django_languages()
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # the browser remembers the choice for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Taipei"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "plumbing.static_storage.StaticStorage"  # whitenoise's, stylesheets' comments out
        )
    },
}

# Static files are this site's own: no "Access-Control-Allow-Origin: *" for other sites
# to read them by script (whitenoise's default, meant for CDNs), and 32 bytes less on each.
WHITENOISE_ALLOW_ALL_ORIGINS = False

# Mail: a grown-up's address check (people/views/email_links.py), the password-reset link
# and the note that a password was changed (people/views/password_reset.py). With DEBUG on,
# mails are printed instead.
EMAIL_BACKEND = (
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend"
)
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_port("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured(
        "EMAIL_USE_TLS and EMAIL_USE_SSL are both on: use TLS (STARTTLS, usually port 587) "
        "or SSL (usually port 465), not both."
    )
if EMAIL_HOST_USER and not EMAIL_HOST_PASSWORD:
    raise ImproperlyConfigured("EMAIL_HOST_USER is set but EMAIL_HOST_PASSWORD is not.")
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)  # seconds; a stuck mail server fails the page
DEFAULT_FROM_EMAIL = env_email("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Sign-in with a school's accounts (OpenID Connect): the providers whose OIDC_*_CLIENT_ID is
# set (tutor/oidc_providers.py, docs/school-sign-in.md); none by default.
SCHOOL_SIGN_IN_PROVIDERS = oidc_providers.from_environment()
OIDC_TIMEOUT = env_int("OIDC_TIMEOUT", 10)  # seconds to wait for a provider's answer
# Domains many schools or the public share (the education cloud's mail.edu.tw, public
# mail): such a domain names no school, so no administrator may set it as the school's
# account source (people.views.schools.account_source). SHARED_ACCOUNT_DOMAINS adds more.
SHARED_ACCOUNT_DOMAINS_DEFAULT = (
    "mail.edu.tw",
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "yahoo.com.tw",
    "yahoo.com",
    "icloud.com",
)


def _shared_account_domains() -> frozenset[str]:
    added = [domain.lower() for domain in env_list("SHARED_ACCOUNT_DOMAINS", [])]
    for domain in added:
        if not oidc_providers.DOMAIN.fullmatch(domain):
            raise ImproperlyConfigured(
                "SHARED_ACCOUNT_DOMAINS must be domains separated by commas, e.g. "
                f"mail.example.edu.tw; got {domain!r}."
            )
    return frozenset(SHARED_ACCOUNT_DOMAINS_DEFAULT) | frozenset(added)


SHARED_ACCOUNT_DOMAINS = _shared_account_domains()

# The proxies in front of the app (addresses or networks): the client's address is read
# from X-Forwarded-For only through them (plumbing/client_address.py). `make serve` puts its
# own nginx in front on 127.0.0.1 and adds that address.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])
try:
    parse_networks(TRUSTED_PROXIES)
except ValueError as error:
    raise ImproperlyConfigured(f"TRUSTED_PROXIES: {error}.") from None

if not DEBUG:
    # Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=1; a school's
    # plain-HTTP intranet server may set SECURE_SSL_REDIRECT=0 (check --deploy
    # then warns about it, honestly).
    if env_bool("SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = SECURE_SSL_REDIRECT
    CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT
    LANGUAGE_COOKIE_SECURE = SECURE_SSL_REDIRECT
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    # Who changed whom a school account signs in (people.views.schools, school_sign_in)
    "loggers": {"tutor.audit": {"level": "INFO"}},
}

# A push server in front (nginx's Nchan module): its publisher's address on 127.0.0.1, e.g.
# http://127.0.0.1:8001/pub (deploy/serve.py sets it); empty: every live page polls
# (live/push.py).
LIVE_PUSH = env_str("LIVE_PUSH", "")
