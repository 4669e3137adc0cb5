import os
from pathlib import Path

import pytest

from languages import catalogues

# Playwright's sync API runs an event loop in the test thread; Django must allow
# synchronous ORM calls from it (live_server set-up, fixtures).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_configure(config):
    """The catalogues the tests read, built once (the 简体中文 one is generated, not committed)."""
    if not hasattr(config, "workerinput"):  # the xdist controller, or a plain run
        locale = Path(__file__).resolve().parent.parent / "locale"
        catalogues.build(locale)
        catalogues.compile_all(locale)


@pytest.fixture
def world(db) -> dict:
    """Two of everything, with progress: the crawler's real ids point at these."""
    from tests.crawler import make_world

    return make_world()
