"""The tiers tests/conftest.py gives: `database` is what CI's PostgreSQL pass runs."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import conftest


@pytest.fixture
def built_on_db(db):
    return 1


def test_a_test_that_asks_for_no_database_is_not_in_the_database_tier(request):
    assert request.node.get_closest_marker("database") is None


def test_the_db_fixture_puts_a_test_in_the_database_tier(db, request):
    assert request.node.get_closest_marker("database") is not None


def test_a_fixture_built_on_db_puts_a_test_in_the_database_tier(built_on_db, request):
    assert request.node.get_closest_marker("database") is not None


@pytest.mark.django_db
def test_the_django_db_mark_puts_a_test_in_the_database_tier(request):
    assert request.node.get_closest_marker("database") is not None


def stand_in(relative: str, fixtures=(), marks=()):
    """Just what conftest._tiers reads of a collected test."""
    return SimpleNamespace(
        path=conftest.TESTS / relative,
        nodeid=relative,
        fixturenames=list(fixtures),
        get_closest_marker=lambda name: SimpleNamespace(kwargs={}) if name in marks else None,
        function=None,
        module=None,
    )


@pytest.mark.parametrize(
    ("relative", "fixtures", "tiers"),
    [
        ("deploy/test_two_app_servers.py", (), {"database"}),
        ("security/test_smoke.py", (), {"server", "slow", "database"}),
        ("benchmarks/test_smoke.py", (), {"server", "slow"}),
        ("browser/test_home.py", ("live_server", "page"), {"browser", "server", "database"}),
        ("rules/test_castling.py", (), set()),
    ],
)
def test_where_a_test_lives_and_what_it_asks_for_give_its_tiers(relative, fixtures, tiers):
    assert conftest._tiers(stand_in(relative, fixtures)) == tiers
    assert Path(conftest.TESTS / relative).parent.is_dir()


def test_any_database_leaves_a_security_test_out_of_the_database_tier():
    marked = stand_in("security/test_smoke.py", marks={"any_database"})
    assert conftest._tiers(marked) == {"server", "slow"}


def test_any_database_on_a_test_that_asks_for_the_database_stops_the_run():
    with pytest.raises(pytest.UsageError, match="any_database, yet it asks for the database"):
        conftest._tiers(stand_in("deploy/test_x.py", ("db",), {"any_database"}))
