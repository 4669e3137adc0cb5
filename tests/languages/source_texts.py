"""Every text the 简体中文 pages are made from: the zh_Hant catalogue's msgstrs, the lessons'
words and the glossary's, each with where it is, and each converted."""

from pathlib import Path

import polib
from django.conf import settings

from curriculum.loading import curriculum_in
from glossary.terms import glossary_in
from languages import catalogues
from languages.simplified import to_simplified

SOURCE_CATALOGUE = Path(settings.BASE_DIR) / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"


def catalogue_texts() -> list[tuple[str, str]]:
    found = []
    for entry in polib.pofile(str(SOURCE_CATALOGUE)):
        if entry.obsolete:
            continue
        texts = [entry.msgstr, *entry.msgstr_plural.values()]
        found += [(f"msgid {entry.msgid!r}", text) for text in texts if text]
    return found


def lesson_texts() -> list[tuple[str, str]]:
    found = []
    for lesson in curriculum_in("zh-hant").lessons:
        found += [(f"{lesson.slug} title", lesson.title)]
        found += [(f"{lesson.slug} summary", lesson.summary)]
        found += [(f"{lesson.slug} intro {n}", line) for n, line in enumerate(lesson.intro, 1)]
        for puzzle in lesson.puzzles:
            for name in ("prompt", "hint", "explanation"):
                found.append((f"{puzzle.id} {name}", getattr(puzzle, name)))
            for option in puzzle.options:
                if isinstance(option.text, str):
                    found.append((f"{puzzle.id} option {option.value}", option.text))
                if option.why:
                    found.append((f"{puzzle.id} why {option.value}", option.why))
    return [(where, text) for where, text in found if text]


def glossary_texts() -> list[tuple[str, str]]:
    glossary = glossary_in("zh-hant")
    found = [(f"glossary {section.key}", section.title) for section in glossary.sections]
    for section in glossary.sections:
        for term in section.terms:
            found += [(f"glossary {term.key}", term.name), (f"glossary {term.key}", term.meaning)]
            for name in term.other_names:
                found += [(f"glossary {term.key}", name.text), (f"glossary {term.key}", name.where)]
    found += [(f"glossary {symbol.text}", symbol.meaning) for symbol in glossary.notation]
    return found


def source_texts() -> list[tuple[str, str]]:
    return catalogue_texts() + lesson_texts() + glossary_texts()


def simplified_texts() -> list[tuple[str, str]]:
    """What a 简体中文 reader reads: the generated catalogue, the lessons and the glossary."""
    source = polib.pofile(str(SOURCE_CATALOGUE))
    generated = catalogues.converted_catalogue(source, to_simplified, "zh_Hans")
    found = []
    for entry in generated:
        texts = [entry.msgstr, *entry.msgstr_plural.values()]
        found += [(f"msgid {entry.msgid!r}", text) for text in texts if text]
    for lesson in curriculum_in("zh-hans").lessons:
        found += [(lesson.slug, lesson.title), (lesson.slug, lesson.summary)]
        found += [(lesson.slug, line) for line in lesson.intro]
        for puzzle in lesson.puzzles:
            found += [(puzzle.id, getattr(puzzle, n)) for n in ("prompt", "hint", "explanation")]
            found += [(puzzle.id, o.text) for o in puzzle.options if isinstance(o.text, str)]
            found += [(puzzle.id, o.why) for o in puzzle.options if o.why]
    glossary = glossary_in("zh-hans")
    for section in glossary.sections:
        found.append(("glossary", section.title))
        for term in section.terms:
            found += [(f"glossary {term.key}", term.name), (f"glossary {term.key}", term.meaning)]
            found += [(f"glossary {term.key} where", name.where) for name in term.other_names]
    found += [("glossary notation", symbol.meaning) for symbol in glossary.notation]
    return found
