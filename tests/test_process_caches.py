"""process_caches: every per-process cache is listed there, made through it, and emptied by
one call."""

import ast
import importlib
from pathlib import Path

import pytest

import process_caches
from tests.python_source import parse

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = {".venv", ".git", "tests", "var", "node_modules", "staticfiles", "migrations"}


def _sources() -> list[Path]:
    return [
        path
        for path in ROOT.rglob("*.py")
        if not SKIPPED & set(path.relative_to(ROOT).parts) and path.name != "process_caches.py"
    ]


def _functools_caches(path: Path) -> list[str]:
    """Each use of functools.cache or lru_cache in a module (cached_property is per object)."""
    found = []
    for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "functools":
            found += [alias.name for alias in node.names if alias.name in ("cache", "lru_cache")]
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in ("cache", "lru_cache")
            and isinstance(node.value, ast.Name)
            and node.value.id == "functools"
        ):
            found.append(node.attr)
    return found


def test_no_module_makes_a_cache_of_its_own():
    offenders = {
        str(path.relative_to(ROOT)): uses
        for path in _sources()
        if (uses := _functools_caches(path))
    }
    assert offenders == {}


def test_every_listed_cache_is_made_by_the_module_it_names():
    for name in process_caches.CACHES:
        module, _, attribute = name.rpartition(".")
        imported = importlib.import_module(module)
        assert hasattr(imported, attribute), name
    assert process_caches.declared() == set(process_caches.CACHES)


def test_each_listed_cache_says_its_key_bound_and_reason():
    for name, cache in process_caches.CACHES.items():
        assert cache.key and len(cache.reason) > 20, name
        assert cache.bound is None or cache.bound > 0, name


def test_a_name_not_listed_is_refused():
    with pytest.raises(LookupError, match="not listed"):
        process_caches.kept("nowhere.cache")
    with pytest.raises(LookupError, match="not listed"):
        process_caches.Table("nowhere.table")


def test_one_call_empties_every_cache():
    import rules
    from board.component import _SQUARE_LABELS, square_label
    from lessons.steps import _nav
    from rules.position import _checked_board

    rules.check_move("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2")
    square_label("e4", "P", "zh-hant")
    from lessons.steps import Step, steps_nav

    steps_nav([Step("a", 1, None, True)])
    assert _checked_board.cache_info().currsize and _nav.cache_info().currsize
    assert _SQUARE_LABELS and rules.judge._VERDICTS
    process_caches.clear_all()
    assert _checked_board.cache_info().currsize == _nav.cache_info().currsize == 0
    assert not _SQUARE_LABELS and not rules.judge._VERDICTS


def test_a_table_at_its_bound_lets_the_oldest_entry_go(monkeypatch):
    monkeypatch.setattr(process_caches, "_made", dict(process_caches._made))
    monkeypatch.setitem(process_caches.CACHES, "test.table", process_caches.Cache("n", 2, "x"))
    table = process_caches.Table("test.table")
    table[1], table[2] = "one", "two"
    table[2] = "two again"  # a key already kept takes no new place
    table[3] = "three"
    assert table == {2: "two again", 3: "three"}


def test_a_table_that_keeps_nothing_stores_nothing(monkeypatch):
    monkeypatch.setattr(process_caches, "_made", dict(process_caches._made))
    monkeypatch.setitem(process_caches.CACHES, "test.off", process_caches.Cache("n", 8, "x"))
    table = process_caches.Table("test.off")
    table.keeps = False
    table[1] = "one"
    assert table == {} and table.get(1) is None
