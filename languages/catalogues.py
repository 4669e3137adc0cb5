"""The 简体中文 interface catalogue, generated from the Traditional one (never edited by hand).

``build(locale_dir)`` writes locale/zh_Hans/LC_MESSAGES/django.po from
locale/zh_Hant/… with ``languages.simplified``; ``manage.py compilecatalogues``
(run by ``make``) calls it before compiling, so the Simplified interface cannot
drift from the source. The generated file is not committed.
"""

from __future__ import annotations

from pathlib import Path

import polib

from languages.simplified import to_simplified

SOURCE = "zh_Hant"
TARGET = "zh_Hans"
HEADER = "Generated from zh_Hant by languages.catalogues: do not edit, edit zh_Hant."
CONVERTER = Path(__file__).with_name("simplified.py")  # a changed term table rebuilds too


def simplified_catalogue(source: polib.POFile) -> polib.POFile:
    target = polib.POFile(wrapwidth=0)
    target.metadata = dict(source.metadata, Language="zh_Hans")
    target.header = HEADER
    for entry in source:
        if entry.obsolete:
            continue
        target.append(
            polib.POEntry(
                msgid=entry.msgid,
                msgid_plural=entry.msgid_plural,
                msgctxt=entry.msgctxt,
                msgstr=to_simplified(entry.msgstr),
                msgstr_plural={k: to_simplified(v) for k, v in entry.msgstr_plural.items()},
                flags=[flag for flag in entry.flags if flag != "fuzzy"],
            )
        )
    return target


def build(locale_dir: Path) -> list[Path]:
    """Write each zh_Hans catalogue older than its zh_Hant source or than the converter;
    the paths written."""
    written = []
    for source_path in sorted((Path(locale_dir) / SOURCE / "LC_MESSAGES").glob("*.po")):
        target_path = Path(locale_dir) / TARGET / "LC_MESSAGES" / source_path.name
        newest = max(source_path.stat().st_mtime, CONVERTER.stat().st_mtime)
        if target_path.exists() and target_path.stat().st_mtime >= newest:
            continue
        target_path.parent.mkdir(parents=True, exist_ok=True)
        simplified_catalogue(polib.pofile(str(source_path))).save(str(target_path))
        written.append(target_path)
    return written


def compile_all(locale_dir: Path) -> int:
    """Compile each .po newer than its .mo (pure Python, no msgfmt); how many were compiled."""
    compiled = 0
    for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        try:
            polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        except (OSError, ValueError) as error:
            raise ValueError(f"{po_path}: {error}") from error
        compiled += 1
    return compiled
