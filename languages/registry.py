"""Every language the site speaks, in one table: adding a language is one row here plus
its words (docs/languages.md, "Adding a language").

Pure Python, no Django: tutor/settings.py builds ``LANGUAGES`` from this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from languages.simplified import to_simplified


class Made(Enum):
    SOURCE = "source"  # the text everything else is made from (繁體中文)
    WRITTEN = "written"  # written by a person beside the source (locale/, content/<code>/)
    GENERATED = "generated"  # converted from the source by `convert`, never written


@dataclass(frozen=True)
class Language:
    code: str  # Django's code; also the content folder (curriculum/content/<code>/)
    name: str  # in itself, as the header's switch shows it
    english_name: str  # in the validator's messages
    html_lang: str  # the BCP 47 tag of a page in it (<html lang>)
    script: str  # the script its text is in: "hant", "hans", "en"
    script_lang: str  # the BCP 47 tag of a name in that script inside another page
    made: Made
    convert: Callable[[str], str] | None = None  # GENERATED: source text -> this language


LANGUAGES: tuple[Language, ...] = (
    Language(
        "zh-hant", "繁體中文", "Traditional Chinese", "zh-Hant-TW", "hant", "zh-Hant", Made.SOURCE
    ),
    Language("en", "English", "English", "en", "en", "en", Made.WRITTEN),
    Language(
        "zh-hans",
        "简体中文",
        "Simplified Chinese",
        "zh-Hans",
        "hans",
        "zh-Hans",
        Made.GENERATED,
        to_simplified,
    ),
)
BY_CODE = {language.code: language for language in LANGUAGES}
SOURCE = next(language for language in LANGUAGES if language.made is Made.SOURCE)


def made(kind: Made) -> tuple[Language, ...]:
    return tuple(language for language in LANGUAGES if language.made is kind)


def django_languages() -> list[tuple[str, str]]:
    """Django's LANGUAGES setting: (code, the name in itself)."""
    return [(language.code, language.name) for language in LANGUAGES]
