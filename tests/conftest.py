"""Shared fixtures, and the test tiers: every test is marked by where it lives and what it uses.

- `browser`: drives Chromium (it lives in tests/browser/, or asks for Playwright's `page`,
  `context` or `browser`);
- `server`: starts a server: gunicorn (its module imports from SERVER_MODULES, or it lives
  in tests/benchmarks/ or tests/security/), or pytest-django's `live_server`;
- `slow`: seconds of CPU, or many cases that add up: a Hypothesis test (`@given`), a test
  with a transactional database (each one empties every table after it), a module of
  SLOW_MODULES (measured: they were two thirds of the rest's time), tests/benchmarks/,
  tests/security/, or `@pytest.mark.slow` by hand;
- `database`: reads or writes a database: it asks for pytest-django's `db` (or a fixture
  built on it, or `transactional_db`, or `live_server`), is marked `django_db`, or starts
  the app under gunicorn outside tests/benchmarks/ (SERVER_MODULES, tests/deploy/,
  tests/security/). pytest-django refuses the database to any other test, so the rest
  behave the same on SQLite and PostgreSQL: CI's PostgreSQL pass runs only this tier. The
  benchmarks' smoke runs are left out of it: they run once, on SQLite; so is a test of
  tests/deploy/ or tests/security/ marked `any_database` by hand (the app it starts only
  answers /healthz's `SELECT 1`, or runs on a PostgreSQL of its own), which may not ask
  for pytest-django's database.

`make test-fast` runs `-m "not browser and not server and not slow"`; `make test` runs all.
A new test gets its marks from these rules without doing anything.
"""

import os
from pathlib import Path

import pytest

import process_caches
from languages import catalogues

TESTS = Path(__file__).resolve().parent
BROWSER_FIXTURES = {"page", "context", "browser", "new_context"}
SERVER_FIXTURES = {"live_server"}
DATABASE_FIXTURES = {"db", "transactional_db", "live_server"}
# Folders whose tests drive the app, and so its database, from another process.
DATABASE_FOLDERS = {"deploy", "security"}
# Modules of many slow cases (measured with --durations): the crawler of every URL, every
# page in English, 简体中文 or for every visitor, subprocesses (check --deploy, LibreOffice,
# collectstatic), PDFs laid out, large made-up histories, random positions by the thousand,
# generated puzzles by the hundred, every 注音 reading of the site.
SLOW_MODULES = {
    "test_no_server_errors.py",
    "languages/test_english_pages.py",
    "languages/test_simplified_pages.py",
    "people/test_dashboard_scale.py",
    "people/test_exports_in_calc.py",
    "people/test_school_rosters_in_calc.py",
    "people/test_picture_locks.py",
    "practice/test_balance.py",
    "rules/test_agreement.py",
    "rules/test_reason_audit.py",
    "rules/test_resumable.py",
    "plumbing/test_csp.py",
    "tutor/test_mail.py",
    "plumbing/test_privacy.py",
    "tutor/test_settings.py",
    "plumbing/test_static_storage.py",
    "worksheets/test_pdf.py",
    "zhuyin/test_review.py",
}
# A test module that imports from one of these starts gunicorn itself.
SERVER_MODULES = (
    "tests.benchmarks.answer_load",
    "tests.benchmarks.live_load",
    "tests.benchmarks.served",
    "tests.oidc.provider",  # npm's oidc-provider, for the school sign-in
)

# Playwright's sync API runs an event loop in the test thread; Django must allow
# synchronous ORM calls from it (live_server set-up, fixtures).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_configure(config):
    """The catalogues the tests read, built once (the 简体中文 one is generated, not committed)."""
    if not hasattr(config, "workerinput"):  # the xdist controller, or a plain run
        locale = Path(__file__).resolve().parent.parent / "locale"
        catalogues.build(locale)
        catalogues.compile_all(locale)


def _uses_server_modules(module) -> bool:
    for value in vars(module).values():
        name = getattr(value, "__module__", None) or getattr(value, "__name__", "")
        if isinstance(name, str) and name.startswith(SERVER_MODULES):
            return True
    return False


def _transactional(item, fixtures: set[str]) -> bool:
    marker = item.get_closest_marker("django_db")
    return "transactional_db" in fixtures or bool(marker and marker.kwargs.get("transaction"))


def _tiers(item) -> set[str]:
    path = Path(item.path).resolve()
    inside = path.relative_to(TESTS).parts if path.is_relative_to(TESTS) else ()
    folders = inside[:-1]
    fixtures = set(getattr(item, "fixturenames", ()))
    tiers = set()
    function = getattr(item, "function", None)
    if "/".join(inside) in SLOW_MODULES or getattr(function, "is_hypothesis_test", False):
        tiers.add("slow")
    if _transactional(item, fixtures) and "browser" not in folders:
        tiers.add("slow")
    if "browser" in folders or fixtures & BROWSER_FIXTURES:
        tiers.add("browser")
    module = getattr(item, "module", None)
    if fixtures & SERVER_FIXTURES or (module is not None and _uses_server_modules(module)):
        tiers.add("server")
    if "benchmarks" in folders or "security" in folders:
        tiers |= {"server", "slow"}
    if "benchmarks" not in folders and (
        fixtures & DATABASE_FIXTURES
        or item.get_closest_marker("django_db")
        or "server" in tiers
        or DATABASE_FOLDERS.intersection(folders)
    ):
        tiers.add("database")
    if item.get_closest_marker("any_database"):
        if fixtures & DATABASE_FIXTURES or item.get_closest_marker("django_db"):
            raise pytest.UsageError(f"{item.nodeid}: any_database, yet it asks for the database")
        tiers.discard("database")
    return tiers


def pytest_collection_modifyitems(config, items):
    """Mark each test with its tiers (see the module docstring)."""
    for item in items:
        for tier in sorted(_tiers(item) - {mark.name for mark in item.iter_markers()}):
            item.add_marker(getattr(pytest.mark, tier))


@pytest.fixture
def fresh_caches():
    """Every per-process cache emptied before the test and after it (process_caches)."""
    process_caches.clear_all()
    yield
    process_caches.clear_all()


@pytest.fixture
def world(db) -> dict:
    """Two of everything, with progress: the crawler's real ids point at these."""
    from tests.crawler import make_world

    return make_world()
