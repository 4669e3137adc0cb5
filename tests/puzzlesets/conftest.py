"""The fixtures the puzzle-set tests share."""

import pytest

from tests.people.conftest import make_grown_up


@pytest.fixture
def owner(db):
    """A grown-up who owns the set under test."""
    return make_grown_up("owner")
