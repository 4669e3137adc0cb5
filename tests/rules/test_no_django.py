"""The rules engine is pure Python over python-chess: it never imports Django."""

import ast
import subprocess
import sys
from pathlib import Path

from tests.python_source import parse

RULES = Path(__file__).resolve().parents[2] / "rules"


def _imported_modules(path: Path) -> set[str]:
    tree = parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_module_under_rules_imports_django():
    sources = sorted(RULES.rglob("*.py"))
    assert len(sources) > 5
    offenders = {
        str(path.relative_to(RULES)): name
        for path in sources
        for name in _imported_modules(path)
        if name == "django" or name.startswith("django.")
    }
    assert offenders == {}


def test_importing_rules_does_not_load_django():
    script = "import sys, rules; rules.check_move('8/8/8/8/8/8/8/K6k w - - 0 1', 'a1a2'); "
    script += "print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=RULES.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "False"
