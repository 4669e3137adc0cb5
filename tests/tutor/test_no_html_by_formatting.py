"""Markup lives in templates: no HTML is marked safe after being built by string formatting.

Reads the project's Python source (every folder but the tests and the virtualenv): a call
that marks text safe (`mark_safe`, `SafeString`, `Markup`) is allowed only where ALLOWED
says why, and never on a formatted string; `format_html` and `format_html_join` take a
literal format string, so what fills it is always escaped.
"""

import ast
import re
from pathlib import Path

from tests.python_source import parse

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".venv", ".git", "tests", "var", "node_modules", "staticfiles", "static"}
MARKING = {"mark_safe", "SafeString", "SafeText", "Markup"}
FORMATTING = {"format_html", "format_html_join"}

# (file, call): why that call marks text safe.
ALLOWED = {
    ("tutor/jinja.py", "mark_safe"): "the output of an autoescaping Jinja2 template, as "
    "Django's own Template.render marks its output",
    ("zhuyin/readings.py", "mark_safe"): "one character of a page's text, which is HTML "
    "already, or of plain text escaped as a template escapes it",
}


def _name(call: ast.Call) -> str | None:
    return getattr(call.func, "id", getattr(call.func, "attr", None))


def formatted(node: ast.expr) -> bool:
    """Whether `node` builds a string by formatting: an f-string, `%`, `+`, `.format()` or
    `.join()` (a literal, a name or a call of anything else is not)."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add, ast.Mult)):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in {"format", "format_map", "join"}
    return False


def findings(source: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(calls that mark text safe, calls that format HTML wrongly), each as (call, line)."""
    marking, wrong = [], []
    for node in ast.walk(parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        if name in MARKING:
            marking.append((name, node.lineno))
            if node.args and formatted(node.args[0]):
                wrong.append((name, node.lineno))
        elif name in FORMATTING:
            literal = node.args and isinstance(node.args[0], ast.Constant)
            if name == "format_html_join":
                literal = len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
            if not literal:
                wrong.append((name, node.lineno))
    return marking, wrong


def project_sources():
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if not SKIPPED & set(relative.parts):
            yield relative.as_posix(), path.read_text(encoding="utf-8")


def test_the_reader_finds_html_marked_safe_after_formatting():
    source = (
        "from django.utils.safestring import mark_safe\n"
        "a = mark_safe(f'<b>{name}</b>')\n"
        "b = mark_safe('<b>%s</b>' % name)\n"
        "c = mark_safe('<b>{}</b>'.format(name))\n"
        "d = mark_safe('<b>' + name + '</b>')\n"
        "e = mark_safe(''.join(parts))\n"
        "f = format_html(f'<b>{name}</b>')\n"
        "g = format_html_join('\\n', row, rows)\n"
        "h = mark_safe(rendered)\n"
        "i = format_html('<b>{}</b>', name)\n"
    )
    marking, wrong = findings(source)
    assert [line for _, line in marking] == [2, 3, 4, 5, 6, 9]
    assert wrong == [
        ("mark_safe", 2),
        ("mark_safe", 3),
        ("mark_safe", 4),
        ("mark_safe", 5),
        ("mark_safe", 6),
        ("format_html", 7),
        ("format_html_join", 8),
    ]


def test_no_html_is_marked_safe_outside_the_allowed_calls_nor_after_formatting():
    marked, wrong = set(), []
    for path, source in project_sources():
        marking, formatting = findings(source)
        marked |= {(path, name) for name, _ in marking}
        wrong += [f"{path}:{line} {name}" for name, line in formatting]
    assert wrong == []
    assert marked - ALLOWED.keys() == set()
    assert ALLOWED.keys() - marked == set()  # an entry no code needs any more goes


TAG = re.compile(r"</?[a-zA-Z][\w-]*[\s>/]")


def tags_by_formatting(source: str) -> list[int]:
    """Lines where a string with an HTML tag in it is formatted (an f-string, `%`, `+`,
    `.format()`): markup goes in a template, or format_html's literal."""
    lines = []
    for node in ast.walk(parse(source)):
        pieces = []
        if isinstance(node, ast.JoinedStr):
            pieces = ["".join(v.value for v in node.values if isinstance(v, ast.Constant))]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
            pieces = [
                side.value for side in (node.left, node.right) if isinstance(side, ast.Constant)
            ]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
        ):
            pieces = [node.func.value.value]
        if any(isinstance(piece, str) and TAG.search(piece) for piece in pieces):
            lines.append(node.lineno)
    return lines


def test_the_tag_reader_finds_markup_built_by_formatting():
    source = (
        "a = f'<b>{name}</b>'\n"
        "b = '<td class=\"x\">%s</td>' % name\n"
        "c = '<ruby>' + char\n"
        "d = '<br/>{}'.format(x)\n"
        "e = f'{a} < {b}'\n"
        "f = format_html('<b>{}</b>', name)\n"
        "g = f'{count} moves'\n"
    )
    assert tags_by_formatting(source) == [1, 2, 3, 4]


def test_no_markup_is_built_by_formatting():
    found = [
        f"{path}:{line}"
        for path, source in project_sources()
        for line in tags_by_formatting(source)
    ]
    assert found == []
