"""Settings for the test suite: the real settings, with a fixed key and fast hashing.

DATABASE_URL is honoured, so CI runs the same suite on PostgreSQL.
"""

import os

os.environ.setdefault("SECRET_KEY", "test-only-key-" + "x" * 50)
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")  # the live server speaks plain HTTP

from tutor.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Manifest storage 404s on hashed names under live_server; tests use plain storage.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATIC_ROOT = None  # served from the finders; nothing is collected in tests
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Close connections after each request: a persistent connection left by the live
# server's thread keeps PostgreSQL from dropping the test database at the end.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
