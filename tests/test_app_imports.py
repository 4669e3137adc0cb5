"""The apps depend on each other one way: read every import, and find no cycle.

An app is the engine (rules/) or a folder with an apps.py (board/, curriculum/, lessons/,
glossary/, referee/, people/, tutor/ for the project's wiring). A module belongs
to the app whose dotted name is the longest prefix of its own. No import between two
apps may hide inside a function: a late import is how a cycle dodges the test.
"""

import ast
from pathlib import Path

from tests.python_source import parse

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = {".venv", ".git", "tests", "var", "node_modules", "staticfiles", "migrations"}


def _apps() -> list[str]:
    found = {"rules"}
    for apps_py in ROOT.glob("**/apps.py"):
        relative = apps_py.parent.relative_to(ROOT)
        if not SKIPPED & set(relative.parts):
            found.add(".".join(relative.parts))
    return sorted(found, key=lambda name: (-name.count("."), name))


APPS = _apps()


def _app_of(module: str) -> str | None:
    return next((app for app in APPS if module == app or module.startswith(app + ".")), None)


def _sources() -> dict[str, Path]:
    """Every Python module of every app, by dotted name."""
    modules = {}
    for app in APPS:
        folder = ROOT.joinpath(*app.split("."))
        for path in folder.rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if SKIPPED & set(parts):
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if _app_of(name) == app:
                modules[name] = path
    return modules


def _imports(module: str, path: Path) -> list[tuple[str, bool]]:
    """(imported module, whether the import is at the module's top level)."""
    tree = parse(path.read_text(encoding="utf-8"))
    top_level = {id(node) for node in tree.body}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.extend((name, id(node) in top_level) for name in names)
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {app: set() for app in APPS}
    for module, path in _sources().items():
        here = _app_of(module)
        for name, _top in _imports(module, path):
            there = _app_of(name)
            if there is not None and there != here:
                graph[here].add(there)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph as a path [a, b, ..., a], or [] when there is none."""
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str]:
        state[node] = "open"
        for neighbour in sorted(graph[node]):
            if state.get(neighbour) == "open":
                return [*path[path.index(neighbour) :], neighbour]
            if neighbour not in state:
                found = visit(neighbour, [*path, neighbour])
                if found:
                    return found
        state[node] = "done"
        return []

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return []


def test_the_apps_are_found():
    assert set(APPS) >= {
        "rules",
        "board",
        "curriculum",
        "lessons",
        "glossary",
        "referee",
        "people",
        "live",
        "tutor",
    }
    assert _app_of("people.reports") == "people"
    assert _app_of("tutor.settings") == "tutor"
    assert _app_of("referee.views") == "referee"
    assert _app_of("chess") is None


def test_no_import_cycle_between_apps():
    assert _cycle(_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_dependencies_run_toward_the_engine():
    graph = _graph()
    assert graph["rules"] == set()
    assert "people" not in graph["lessons"]  # people reach the map by a context processor
    assert "lessons" not in graph["curriculum"] | graph["board"] | graph["referee"]
    # The live lesson sits on top: no app imports it (the project's urls include it by name)
    # but the club, whose games its push carries to the phones.
    assert {app for app, deps in graph.items() if "live" in deps} <= {"club"}
    assert "club" not in set().union(*graph.values())  # and nothing imports the club


def test_no_app_imports_another_inside_a_function():
    late = sorted(
        f"{module}: {name}"
        for module, path in _sources().items()
        for name, top in _imports(module, path)
        if not top and _app_of(name) not in (None, _app_of(module))
    )
    assert late == []


def _is_views(name: str, app: str) -> bool:
    return name == f"{app}.views" or name.startswith(f"{app}.views.")


def test_no_app_imports_another_apps_views():
    """A page's view is its own app's business: what another app needs of it (a puzzle's
    display, a sheet's response) lives in a module that is not a view (e.g. lessons.pages,
    lessons.presenter, worksheets.printing). Only the project's urls.py includes views."""
    found = sorted(
        f"{module}: {name}"
        for module, path in _sources().items()
        for name, _top in _imports(module, path)
        if (there := _app_of(name)) not in (None, "tutor", _app_of(module))
        and _is_views(name, there)
    )
    assert found == []


def test_plumbing_depends_on_no_feature_app():
    """Shared plumbing sits under every app: it imports none of them (the engine's cache
    registry aside, which is no app)."""
    assert _graph()["plumbing"] == set()
