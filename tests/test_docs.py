"""The docs say what is there: every path, `make` target and `manage.py` command that
README.md, CONTRIBUTING.md and docs/*.md cite exists, and CONTRIBUTING's map names every app.

A path is a word with a folder in it whose first folder is one of the repository's (or a
template's name under templates/); `var/…` is made at run time and not checked."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
PATH = re.compile(r"(?<![\w./:-])((?:[A-Za-z_][\w.-]*/)+[\w.*<>…-]*)(?![\w/-])")
MAKE = re.compile(r"(?:^|\$ |; |&& )make ([a-z][\w-]*)")
MANAGE = re.compile(r"manage\.py ([a-z_]+)")
TOP_LEVEL = {path.name for path in ROOT.iterdir()} - {"var"}
APP_FOLDERS = sorted(
    apps.parent.name for apps in ROOT.glob("*/apps.py") if apps.parent.name != "tutor"
)


def _lines(doc: Path, code_only: bool):
    """(number, text) of a doc: every line, or (code_only) its code: a fenced block's lines
    and the `code spans` of the others."""
    fenced = False
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not code_only or fenced:
            yield number, line.strip()
        else:
            yield from ((number, span) for span in re.findall(r"`([^`]+)`", line))


def _cited(pattern: re.Pattern, code_only: bool = False) -> list[tuple[str, str]]:
    return [
        (f"{doc.relative_to(ROOT)}:{number}", match.group(1))
        for doc in DOCS
        for number, line in _lines(doc, code_only)
        for match in pattern.finditer(line)
    ]


def _exists(path: str) -> bool:
    pattern = path.rstrip(".,:;)").replace("<", "*").replace(">", "").replace("…", "*")
    pattern = re.sub(r"\*[^/]*", "*", pattern)
    for base in (ROOT, ROOT / "templates"):
        if "*" in pattern:
            if next(base.glob(pattern), None) is not None:
                return True
        elif (base / pattern).exists():
            return True
    return False


def test_every_cited_path_exists():
    missing = [
        (where, path)
        for where, path in _cited(PATH)
        if path.split("/")[0] in TOP_LEVEL | {p.name for p in (ROOT / "templates").iterdir()}
        and not _exists(path)
    ]
    assert not missing, "\n".join(f"{where}: {path}" for where, path in missing)


def test_every_make_target_cited_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][\w-]*)(?: [a-z][\w -]*)?:", makefile, re.M))
    targets |= {t for line in re.findall(r"^\.PHONY: (.*)$", makefile, re.M) for t in line.split()}
    cited = _cited(MAKE, code_only=True)
    assert cited, "the docs name make targets"
    unknown = [f"{where}: make {target}" for where, target in cited if target not in targets]
    assert not unknown, "\n".join(unknown)


def test_every_management_command_cited_exists():
    commands = {
        path.stem
        for path in ROOT.glob("*/management/commands/*.py")
        if not path.name.startswith("_")
    } | {
        "migrate",
        "runserver",
        "shell",
        "check",
        "collectstatic",
        "createsuperuser",
        "test",
        "makemigrations",
        "dbshell",
        "changepassword",
        "makemessages",
        "compilemessages",
    }
    cited = _cited(MANAGE, code_only=True)
    assert cited, "the docs name management commands"
    unknown = [f"{where}: manage.py {name}" for where, name in cited if name not in commands]
    assert not unknown, "\n".join(unknown)


def test_contributing_maps_every_app():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    where = text.index("## Where things live")
    section = text[where : text.index("\n## ", where + 1)]
    unmapped = [app for app in APP_FOLDERS if f"{app}/" not in section]
    assert not unmapped, f"CONTRIBUTING's map leaves out {unmapped}"
