"""Collected stylesheets lose their comments, and nothing else (plumbing/static_storage.py)."""

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from plumbing.static_storage import without_comments

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_comments_go_and_strings_stay():
    css = '/* note */\na::after { content: "/* not a comment */"; } /* end */\n\n\nb { c: d; }\n'
    assert without_comments(css) == 'a::after { content: "/* not a comment */"; }\nb { c: d; }\n'
    assert without_comments("a { b: 'x\\'/*y'; } /* z\n  still z */ c { d: e; }") == (
        "a { b: 'x\\'/*y'; }  c { d: e; }\n"
    )


def rules_of(css: str) -> str:
    """The stylesheet's text with comments and all white space gone: what a browser reads."""
    return re.sub(r"\s+", "", without_comments(css))


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "plumbing.static_storage.StaticStorage"},
    }
    with override_settings(STATIC_ROOT=root, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root, json.loads((root / "staticfiles.json").read_text())["paths"]


def test_each_collected_stylesheet_of_ours_has_no_comment_and_every_rule(collected):
    root, manifest = collected
    sheets = sorted(path.name for path in (STATIC / "css").glob("*.css"))
    assert "site.css" in sheets and "board.css" in sheets
    for name in sheets:
        source = (STATIC / "css" / name).read_text()
        assert "/*" in source  # each of ours explains itself …
        sent = (root / manifest[f"css/{name}"]).read_text()
        assert "/*" not in sent  # … to us, not to a child's tablet
        assert re.sub(r"\s+", "", sent) == rules_of(source)
        assert (root / (manifest[f"css/{name}"] + ".br")).exists()


def test_scripts_and_other_apps_files_are_sent_as_written(collected):
    root, manifest = collected
    board = manifest["js/board.js"]
    assert (root / board).read_text() == (STATIC / "js" / "board.js").read_text()
    assert "django_htmx/htmx-2.min.js" in manifest
