"""No test module imports another test module: what tests share lives in a conftest.py or
a helpers module, so running or removing one test file never runs or breaks another's."""

import ast
from pathlib import Path

from tests.python_source import parse

TESTS = Path(__file__).resolve().parent


def _is_test_module(dotted: str) -> bool:
    return dotted.startswith("tests.") and dotted.rsplit(".", 1)[-1].startswith("test_")


def _imported(tree: ast.Module, package: str) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, resolved against the module's package
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def test_no_test_module_imports_another_test_module():
    imports = []
    for path in sorted(TESTS.rglob("*.py")):
        module = ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)
        package = module.rsplit(".", 1)[0]
        for name in _imported(parse(path.read_text()), package):
            if _is_test_module(name) and name != module:
                imports.append(f"{module} imports {name}")
    assert imports == []
