"""Every Traditional Chinese text a child can read on the site, each with a stable id.

The texts the 注音 aid reads aloud in rubies: the lessons (curriculum/content/*.toml), the
glossary (glossary/content/zh-hant.toml), the interface (locale/zh_Hant's msgstr) and any
Chinese written straight into a template. An id names where the text lives, so that the
reviewed list (zhuyin.review) can say which text a reading belongs to:

- ``lesson:king:puzzles[king-all-directions].prompt`` (a puzzle's field, by its id),
  ``lesson:king:intro[2]`` (a list's item, counted from 0);
- ``glossary:sections[pieces].terms[king].meaning``;
- ``po:王被將死`` (the msgid; a plural's forms add ``[n]``, a context ``ctx|msgid``);
- ``template:lessons/map.html:12`` (the line of a literal text).

No Django here: the paths are the repository's own files.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "curriculum" / "content"
GLOSSARY = ROOT / "glossary" / "content" / "zh-hant.toml"
CATALOGUE = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"
TEMPLATES = ROOT / "templates"

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# A table's items are named by the first of these keys they have, else by their place.
NAMING_KEYS = ("id", "key", "slug")


def _walk(value: object, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        if HAN.search(value):
            yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key == "text" and value.get("script", "hant") != "hant":
                continue  # a name in simplified characters or English: no 注音

            yield from _walk(item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            name = str(index)
            if isinstance(item, dict):
                name = next((str(item[k]) for k in NAMING_KEYS if k in item), name)
            yield from _walk(item, f"{where}[{name}]")


def lesson_texts(directory: Path = LESSONS) -> Iterator[tuple[str, str]]:
    for path in sorted(directory.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for where, text in _walk(data, ""):
            yield f"lesson:{path.stem}:{where}", text


def glossary_texts(path: Path = GLOSSARY) -> Iterator[tuple[str, str]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for where, text in _walk(data, ""):
        yield f"glossary:{where}", text


def _po_string(lines: list[str]) -> str:
    text = "".join(re.match(r'^[a-z_\[\]0-9]*\s*"(.*)"$', line).group(1) for line in lines)
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def catalogue_entries(path: Path = CATALOGUE) -> Iterator[tuple[str, str]]:
    """(id, msgstr) of every translated entry; fuzzy and obsolete entries are left out."""
    entries = path.read_text(encoding="utf-8").split("\n\n")
    for entry in entries:
        lines = [line for line in entry.splitlines() if line and not line.startswith("#~")]
        if any(line.startswith("#,") and "fuzzy" in line for line in lines):
            continue
        fields: dict[str, list[str]] = {}
        current = None
        for line in lines:
            if line.startswith("#"):
                continue
            match = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s", line)
            if match:
                current = match.group(1)
                fields[current] = [line]
            elif current:
                fields[current].append(line)
        if "msgid" not in fields:
            continue
        msgid = _po_string(fields["msgid"])
        if not msgid:
            continue  # the header
        if "msgctxt" in fields:
            msgid = f"{_po_string(fields['msgctxt'])}|{msgid}"
        strs = sorted(key for key in fields if key.startswith("msgstr"))
        for key in strs:
            text = _po_string(fields[key])
            suffix = key[len("msgstr") :] if len(strs) > 1 else ""
            if HAN.search(text):
                yield f"po:{msgid}{suffix}", text


TEMPLATE_TEXT = re.compile(r"(\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}|<[^>]*>)", re.DOTALL)


def template_texts(directory: Path = TEMPLATES) -> Iterator[tuple[str, str]]:
    """Chinese written straight into a template, outside tags and template code."""
    for path in sorted(directory.rglob("*.html")):
        source = path.read_text(encoding="utf-8")
        position = 0
        for piece in TEMPLATE_TEXT.split(source):
            if not piece.startswith(("{", "<")) and HAN.search(piece):
                line = source.count("\n", 0, source.index(piece, position)) + 1
                yield f"template:{path.relative_to(directory)}:{line}", piece.strip()
            position = source.index(piece, position) + len(piece) if piece else position


def texts() -> Iterator[tuple[str, str]]:
    """Every text, in a fixed order: lessons, glossary, interface, templates."""
    yield from lesson_texts()
    yield from glossary_texts()
    yield from catalogue_entries()
    yield from template_texts()
