"""One tree of templates (templates/), one rule for which engine draws what: a `.jinja`
name is a Jinja2 fragment, asked for with `using="jinja2"`; every other name is Django's."""

import re
from pathlib import Path

import pytest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"""["']([\w/]+\.jinja)["']""")
CALL = re.compile(r"(render_to_string|get_template|select_template)\((?P<args>[^()]*)\)", re.S)


def test_there_is_one_template_folder():
    assert not (ROOT / "templates-jinja2").exists()
    assert sorted(p.name for p in ROOT.glob("templates*")) == ["templates"]


def test_every_jinja_fragment_is_asked_for_with_the_jinja2_engine():
    asked = []
    for path in ROOT.rglob("*.py"):
        if {".venv", "node_modules", "var"} & set(path.parts):
            continue
        for call in CALL.finditer(path.read_text(encoding="utf-8")):
            if NAMED.search(call["args"]):
                asked.append((path.relative_to(ROOT).as_posix(), call["args"]))
    assert asked, "the fragments are drawn somewhere"
    assert [a for a in asked if "using=" not in a[1]] == []


def test_the_jinja2_engine_loads_only_jinja_names():
    assert get_template("board/frame.jinja", using="jinja2")
    with pytest.raises(TemplateDoesNotExist):
        get_template("lessons/map.html", using="jinja2")


def test_every_jinja_fragment_includes_only_jinja_fragments():
    for path in (ROOT / "templates").rglob("*.jinja"):
        for name in re.findall(
            r"""\{%-?\s*(?:include|import|extends|from)\s+["']([^"']+)""", path.read_text()
        ):
            assert name.endswith(".jinja"), f"{path}: {name}"
