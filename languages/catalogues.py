"""The catalogue of each generated language (简体中文), made from the source one, never
edited by hand.

``build(locale_dir)`` writes, for each GENERATED row of languages.registry,
locale/<its locale>/LC_MESSAGES/django.po from locale/zh_Hant/… with the row's
converter; ``manage.py compilecatalogues`` (run by ``make``) calls it before compiling,
so a generated interface cannot drift from the source. The generated files are not
committed.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

import polib
from django.utils.translation import gettext_noop, to_locale

from languages import registry

# Django's own words our catalogues translate again, so that the generated 简体中文 catalogue
# has them too: the form label suffix (django.forms), a full-width colon (「密码：」).
DJANGOS_OWN = (gettext_noop(":"),)

SOURCE = "zh_Hant"
HEADER = "Generated from zh_Hant by languages.catalogues: do not edit, edit zh_Hant."


def converter_file(language: registry.Language) -> Path:
    """The module of the language's converter: a changed term table rebuilds too."""
    return Path(inspect.getfile(inspect.unwrap(language.convert)))


def converter_inputs(language: registry.Language) -> list[Path]:
    """The converter's module and the files it reads (its ``INPUT_FILES``, e.g. the
    written overrides): a change to any of them rebuilds the generated catalogue."""
    module = inspect.getmodule(inspect.unwrap(language.convert))
    return [converter_file(language), *(Path(path) for path in getattr(module, "INPUT_FILES", ()))]


def converted_catalogue(
    source: polib.POFile, convert: Callable[[str], str], locale: str
) -> polib.POFile:
    target = polib.POFile(wrapwidth=0)
    target.metadata = dict(source.metadata, Language=locale)
    target.header = HEADER
    for entry in source:
        if entry.obsolete:
            continue
        target.append(
            polib.POEntry(
                msgid=entry.msgid,
                msgid_plural=entry.msgid_plural,
                msgctxt=entry.msgctxt,
                msgstr=convert(entry.msgstr),
                msgstr_plural={k: convert(v) for k, v in entry.msgstr_plural.items()},
                flags=[flag for flag in entry.flags if flag != "fuzzy"],
            )
        )
    return target


def build(locale_dir: Path) -> list[Path]:
    """Write each generated catalogue older than its zh_Hant source or than its converter;
    the paths written."""
    written = []
    for language in registry.made(registry.Made.GENERATED):
        locale = to_locale(language.code)
        converter = max(path.stat().st_mtime for path in converter_inputs(language))
        for source_path in sorted((Path(locale_dir) / SOURCE / "LC_MESSAGES").glob("*.po")):
            target_path = Path(locale_dir) / locale / "LC_MESSAGES" / source_path.name
            newest = max(source_path.stat().st_mtime, converter)
            if target_path.exists() and target_path.stat().st_mtime >= newest:
                continue
            target_path.parent.mkdir(parents=True, exist_ok=True)
            source = polib.pofile(str(source_path))
            converted_catalogue(source, language.convert, locale).save(str(target_path))
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
