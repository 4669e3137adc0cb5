"""Every message the code or a template asks gettext for is in the catalogues.

A msgid edited in the code but not in locale/ shows the child the English msgid (the
referee once said "No draw can be claimed with this move, so it is played …" in English).
"""

import ast
import re
from pathlib import Path

import polib
from django.template import engines

from tests.python_source import parse

ROOT = Path(__file__).resolve().parents[2]
CODE = (
    "board",
    "curriculum",
    "glossary",
    "lessons",
    "practice",
    "referee",
    "rules",
    "tutor",
    "plumbing",
    "people",
    "school_sign_in",
    "languages",
)
GETTEXT = {"_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy"}
TRANSLATE = re.compile(r"""{%\s*(?:translate|trans)\s+(["'])(.*?)\1""", re.S)
BLOCK = re.compile(
    r"{%\s*blocktrans(?:late)?(?P<options>[^%]*)%}(?P<body>.*?)"
    r"(?:{%\s*plural\s*%}.*?)?{%\s*endblocktrans(?:late)?\s*%}",
    re.S,
)
VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")


def catalogue_ids() -> set[str]:
    ids = set()
    for language in ("zh_Hant", "en"):
        ids |= {
            entry.msgid
            for entry in polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
        }
    return ids


def code_msgids() -> dict[str, str]:
    """msgid → where it is used, for every gettext call with a literal in the code."""
    found = {}
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                first = node.args[0]
                literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
                if name in GETTEXT and literal:
                    found[first.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


def template_msgids() -> dict[str, str]:
    found = {}
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for match in TRANSLATE.finditer(text):
            found[match.group(2)] = where
        for match in BLOCK.finditer(text):
            body = VARIABLE.sub(r"%(\1)s", match.group("body"))
            if "trimmed" in match.group("options"):
                body = " ".join(line.strip() for line in body.strip().splitlines() if line.strip())
            found[body] = where
    return found


def jinja_msgids() -> dict[str, str]:
    """msgid → where it is used, for the Jinja2 templates (templates/**/*.jinja, tutor/jinja.py):
    gettext calls and {% trans %} blocks, as Jinja2's own extractor reads them."""
    env = engines["jinja2"].env
    found = {}
    for path in (ROOT / "templates").rglob("*.jinja"):
        where = str(path.relative_to(ROOT))
        for line, function, message in env.extract_translations(path.read_text("utf-8")):
            msgid = message[1] if function in ("pgettext", "npgettext") else message
            found[msgid[0] if isinstance(msgid, tuple) else msgid] = f"{where}:{line}"
    return found


def test_the_template_reader_finds_the_messages_it_should():
    found = template_msgids()
    assert "Offer a draw" in found
    assert "%(side)s may claim a draw" in found


def test_the_jinja_reader_finds_the_messages_it_should():
    found = jinja_msgids()
    assert "Type a move instead" in found  # {{ gettext("…") }}
    assert "Puzzle %(number)s of %(total)s" in found  # {{ gettext("…") % {…} }}
    assert "You may make %(count)s more move." in found  # ngettext
    assert ", " in found  # pgettext("list separator", ", ")


def test_the_code_reader_finds_the_messages_it_should():
    assert "No draw can be claimed with this move; it is played, play on." in code_msgids()


def test_every_msgid_in_the_code_is_in_the_catalogues():
    ids = catalogue_ids()
    missing = {msgid: where for msgid, where in code_msgids().items() if msgid not in ids}
    assert missing == {}


def test_every_msgid_in_the_templates_is_in_the_catalogues():
    ids = catalogue_ids()
    missing = {msgid: where for msgid, where in template_msgids().items() if msgid not in ids}
    assert missing == {}


def test_every_msgid_in_the_jinja_templates_is_in_the_catalogues():
    ids = catalogue_ids()
    missing = {msgid: where for msgid, where in jinja_msgids().items() if msgid not in ids}
    assert missing == {}
