"""The glossary 「名詞對照」: each term with the other names a child may meet.

The terms are content, kept as data in glossary/content/: zh-hant.toml is
the source (terms, pictures, lessons), en.toml holds the English words, and
简体中文 is generated from the source (languages.simplified); where the conversion
gives a term a Mainland name (西洋棋 → 国际象棋, 絆馬腳 → 蹩马腿), the Taiwan word becomes
its first other name, said as Taiwan's (`taiwan` in zh-hant.toml). Each language is built
once per process. An other name in another script than the page's is tagged with
its language (``lang``) so that screen readers and fonts get it right.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import process_caches
from languages import registry
from languages.simplified import characters_only

GLOSSARY_DIR = Path(__file__).resolve().parent / "content"
SOURCE = registry.SOURCE.code
# The script each page is written in, and the tag of a name in each script.
PAGE_SCRIPT = {language.code: language.script for language in registry.LANGUAGES}
SCRIPT_LANG = {language.script: language.script_lang for language in registry.LANGUAGES}


@dataclass(frozen=True)
class OtherName:
    text: str
    where: str  # who says it: 香港, 中國大陸, "often heard" …
    script: str = "hant"  # "hant", "hans" (simplified characters) or "en"
    lang: str = ""  # BCP 47 tag when the script is not the page's


@dataclass(frozen=True)
class Term:
    key: str  # English, for the page anchor and the tests
    name: str
    meaning: str
    other_names: tuple[OtherName, ...] = ()
    images: tuple[str, ...] = ()  # static paths of the piece pictures
    lesson: str = ""  # slug of the lesson that teaches it


@dataclass(frozen=True)
class Symbol:
    text: str  # as written on a score sheet: K, x, O-O, ½-½
    meaning: str


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Glossary:
    sections: tuple[Section, ...]
    notation: tuple[Symbol, ...]


def _read(name: str) -> Mapping:
    return tomllib.loads((GLOSSARY_DIR / name).read_text(encoding="utf-8"))


def _other_name(raw: Mapping, language: str, default_script: str) -> OtherName:
    script = raw.get("script", default_script)
    lang = "" if script == PAGE_SCRIPT[language] else SCRIPT_LANG[script]
    return OtherName(raw["text"], raw["where"], script, lang)


@process_caches.kept("glossary.terms.glossary_in")
def glossary_in(language: str) -> Glossary:
    """The glossary in one language (the source's words where a translation lacks one)."""
    generated = registry.BY_CODE.get(language)
    if generated is not None and generated.made is registry.Made.GENERATED:
        return _generated(glossary_in(SOURCE), generated, _read("zh-hant.toml")["taiwan"])
    source = _read("zh-hant.toml")
    written = GLOSSARY_DIR / f"{language}.toml"
    words = _read(written.name) if language != SOURCE and written.exists() else {}
    page = language if language in PAGE_SCRIPT else SOURCE
    titles = words.get("sections", {})
    terms = words.get("terms", {})
    meanings = words.get("notation", {})
    sections = []
    for section in source["sections"]:
        entries = []
        for raw in section["terms"]:
            own = terms.get(raw["key"], {})
            names = own.get("other_names", raw.get("other_names", []))
            default_script = PAGE_SCRIPT[page] if "other_names" in own else "hant"
            entries.append(
                Term(
                    key=raw["key"],
                    name=own.get("name", raw["name"]),
                    meaning=own.get("meaning", raw["meaning"]),
                    other_names=tuple(_other_name(name, page, default_script) for name in names),
                    images=tuple(raw.get("images", ())),
                    lesson=raw.get("lesson", ""),
                )
            )
        title = titles.get(section["key"], section["title"])
        sections.append(Section(section["key"], title, tuple(entries)))
    notation = tuple(
        Symbol(raw["sign"], meanings.get(raw["sign"], raw["meaning"])) for raw in source["notation"]
    )
    return Glossary(tuple(sections), notation)


def _generated(source: Glossary, language: registry.Language, taiwan: str) -> Glossary:
    """Every word converted; a name now the same as the term or an earlier name is dropped;
    a term renamed by the conversion keeps its Taiwan word as an other name (`taiwan`: the
    source's word for Taiwan, said where that name is used)."""
    convert = language.convert
    sections = []
    for section in source.sections:
        terms = []
        for term in section.terms:
            name = convert(term.name)
            seen, names = {name}, []
            taiwan_word = characters_only(term.name)
            if taiwan_word != name:
                seen.add(taiwan_word)
                names.append(OtherName(taiwan_word, convert(taiwan), "hans"))
            for other in term.other_names:
                text = convert(other.text)
                if text in seen:
                    continue
                seen.add(text)
                # Chinese names are all in the page's script now; the others keep their tag.
                lang = "" if other.script in ("hant", "hans") else SCRIPT_LANG[other.script]
                names.append(OtherName(text, convert(other.where), other.script, lang))
            terms.append(
                Term(
                    term.key,
                    name,
                    convert(term.meaning),
                    tuple(names),
                    term.images,
                    term.lesson,
                )
            )
        sections.append(Section(section.key, convert(section.title), tuple(terms)))
    notation = tuple(Symbol(s.text, convert(s.meaning)) for s in source.notation)
    return Glossary(tuple(sections), notation)
