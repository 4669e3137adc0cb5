"""The `#:` references of the written catalogues (zh_Hant, en): where each msgid is used.

``rewrite(text, occurrences)`` puts, above each entry of a .po file's text, one
``#: path:line`` line per place the code uses its msgid (what xgettext found, as Django's
``makemessages`` runs it: ``manage.py messages``, ``make messages``), and drops the old
ones. Nothing else in the file changes: not the order, not the wrapping, not a
translation, so a catalogue edited by hand keeps its shape and merges as it did.
The entries the code uses that a catalogue lacks, and those the code no longer uses,
are returned for the command to report (it adds and removes nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polib

Key = tuple[str | None, str]  # (msgctxt, msgid)
Places = tuple[tuple[str, str], ...]  # (path, line) pairs, as polib gives them


def occurrences_in(pot_path: str) -> dict[Key, Places]:
    """Each entry's places in the template xgettext wrote (paths relative to the repository)."""
    return {
        (entry.msgctxt, entry.msgid): tuple(entry.occurrences)
        for entry in polib.pofile(pot_path)
        if entry.msgid
    }


def jinja_occurrences(root: Path, environment) -> dict[Key, Places]:
    """Each msgid's places in the Jinja2 fragments (`templates/**/*.jinja`), as Jinja2's own
    extractor reads them (xgettext cannot): gettext calls and {% trans %} blocks."""
    found: dict[Key, list[tuple[str, str]]] = {}
    for path in sorted((root / "templates").rglob("*.jinja")):
        where = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        for line, function, message in environment.extract_translations(source):
            if function in ("pgettext", "npgettext"):
                context, msgid = message[0], message[1]
            else:
                context, msgid = None, message[0] if isinstance(message, tuple) else message
            found.setdefault((context, msgid), []).append((where, str(line)))
    return {key: tuple(places) for key, places in found.items()}


def merged(*occurrences: Mapping[Key, Places]) -> dict[Key, Places]:
    """The places of each key in any of ``occurrences``, in their order."""
    result: dict[Key, Places] = {}
    for found in occurrences:
        for key, places in found.items():
            result[key] = result.get(key, ()) + tuple(places)
    return result


def _key_of(block: str) -> Key | None:
    parsed = polib.pofile(block + "\n")
    entries = [entry for entry in parsed if entry.msgid and not entry.obsolete]
    return (entries[0].msgctxt, entries[0].msgid) if entries else None


def _reference_lines(places: Places) -> list[str]:
    return [f"#: {path}:{line}" if line else f"#: {path}" for path, line in places]


def rewrite(text: str, occurrences: Mapping[Key, Places]) -> tuple[str, list[Key]]:
    """The catalogue's text with each entry's `#:` lines from `occurrences`; and the keys of
    its entries the code does not use (they keep no `#:` line)."""
    blocks = text.rstrip("\n").split("\n\n")
    unused = []
    for index, block in enumerate(blocks):
        key = _key_of(block)
        if key is None:
            continue  # the header, or an obsolete entry
        lines = [line for line in block.split("\n") if not line.startswith("#:")]
        first = next(
            n for n, line in enumerate(lines) if not line.startswith(("# ", "#.")) and line != "#"
        )
        places = occurrences.get(key, ())
        if not places:
            unused.append(key)
        blocks[index] = "\n".join(lines[:first] + _reference_lines(places) + lines[first:])
    return "\n\n".join(blocks) + "\n", unused


def missing(text: str, occurrences: Mapping[Key, Places]) -> list[Key]:
    """The keys the code uses that the catalogue has no entry for."""
    present = {(entry.msgctxt, entry.msgid) for entry in polib.pofile(text)}
    return [key for key in occurrences if key not in present]
