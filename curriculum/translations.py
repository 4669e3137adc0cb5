"""Lesson text in every language the site speaks.

- 繁體中文 (``zh-hant``) is the source: the lesson files in curriculum/content/.
- English is written by a teacher beside them, one file per lesson:
  curriculum/content/en/<slug>.toml, each text keyed by puzzle id and field
  (see FORMAT.md, "Other languages").
- 简体中文 (``zh-hans``) is never written: it is generated from the source with
  languages.simplified, so it cannot drift from it.

The lesson files keep every position, goal and answer; a translation holds only
words. Translating happens once per process and language (curriculum.loading caches
it), never per request. ``problems`` is the validator's check that every text
exists in every language.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from languages import registry
from languages.choice import active
from languages.simplified import CJK

SOURCE = registry.SOURCE.code
# code -> the language's name in messages (folder = code), and code -> its converter
WRITTEN = {
    language.code: language.english_name for language in registry.made(registry.Made.WRITTEN)
}
GENERATED: Mapping[str, Callable[[str], str]] = {
    language.code: language.convert for language in registry.made(registry.Made.GENERATED)
}
PUZZLE_TEXTS = ("prompt", "hint", "explanation")


def content_language() -> str:
    """The language of this request's content: the active one when the content has it."""
    language = active()
    return language if language in WRITTEN or language in GENERATED else SOURCE


def translated(lessons: Iterable, language: str, directory: Path) -> list:
    """The lessons with their words in `language` (a text missing there stays in the source)."""
    if language in GENERATED:
        convert = GENERATED[language]
        return [_with_texts(lesson, _converted(lesson, convert)) for lesson in lessons]
    if language in WRITTEN:
        return [
            _with_texts(lesson, written_texts(_written_path(directory, language, lesson.slug)))
            for lesson in lessons
        ]
    return list(lessons)


def written_texts(path: Path) -> Mapping:
    """The texts of one translation file ({} when it is missing or cannot be read), read
    afresh: the curriculum that holds them is kept (curriculum.loading.curriculum_in), so a
    changed file shows after a restart (make run's autoreloader restarts on a .py change
    only)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}


def _written_path(directory: Path, language: str, slug: str) -> Path:
    return Path(directory) / language / f"{slug}.toml"


def _converted(lesson, convert: Callable[[str], str]) -> dict:
    """The same shape as a translation file, every text converted from the source."""
    return {
        "title": convert(lesson.title),
        "summary": convert(lesson.summary),
        "intro": [convert(line) for line in lesson.intro],
        "puzzles": {
            puzzle.id: {
                **{name: convert(getattr(puzzle, name)) for name in PUZZLE_TEXTS},
                "options": {
                    option.value: convert(option.text)
                    for option in puzzle.options
                    if isinstance(option.text, str)  # assess labels come from the catalogue
                },
                "why": {o.value: convert(o.why) for o in puzzle.options if o.why},
            }
            for puzzle in lesson.puzzles
        },
    }


def _with_texts(lesson, texts: Mapping):
    puzzles = texts.get("puzzles") if isinstance(texts.get("puzzles"), Mapping) else {}
    intro = texts.get("intro")
    return dataclasses.replace(
        lesson,
        title=_text_or(texts.get("title"), lesson.title),
        summary=_text_or(texts.get("summary"), lesson.summary),
        intro=tuple(intro) if _is_lines(intro) else lesson.intro,
        puzzles=tuple(_puzzle_with(p, puzzles.get(p.id)) for p in lesson.puzzles),
    )


def _puzzle_with(puzzle, texts: object):
    if not isinstance(texts, Mapping):
        return puzzle
    options, why = (_mapping(texts.get(key)) for key in ("options", "why"))
    return dataclasses.replace(
        puzzle,
        **{name: _text_or(texts.get(name), getattr(puzzle, name)) for name in PUZZLE_TEXTS},
        options=tuple(
            dataclasses.replace(
                option,
                text=_text_or(options.get(option.value), option.text),
                why=_text_or(why.get(option.value), option.why) if option.why else "",
            )
            for option in puzzle.options
        ),
    )


def _mapping(value: object) -> Mapping:
    return value if isinstance(value, Mapping) else {}


def _text_or(value: object, fallback):
    return value if isinstance(value, str) and value.strip() else fallback


def _is_lines(value: object) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(line, str) and line.strip() for line in value)
    )


# The validator's check --------------------------------------------------------------


def problems(path: Path, lesson) -> Iterator[tuple[str, str]]:
    """(puzzle id or "", message) for every text missing in a written language, or out of place."""
    for language, name in WRITTEN.items():
        written_path = _written_path(Path(path).parent, language, lesson.slug)
        if not written_path.exists():
            yield "", f"{name}: no file {language}/{lesson.slug}.toml"
            continue
        try:
            texts = tomllib.loads(written_path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            yield "", f"{name}: {language}/{lesson.slug}.toml cannot be parsed: {error}"
            continue
        yield from _written_problems(lesson, texts, name)
    # 简体中文 needs no check: every source text is converted, so none can be missing.


def _written_problems(lesson, texts: Mapping, name: str) -> Iterator[tuple[str, str]]:
    for key in ("title", "summary"):
        yield from _check_text("", key, texts.get(key), name)
    if not _is_lines(texts.get("intro")):
        yield "", f"{name}: missing intro (a list of sentences)"
    else:
        for line in texts["intro"]:
            yield from _check_text("", "intro", line, name)
    puzzles = texts.get("puzzles", {})
    if not isinstance(puzzles, Mapping):
        puzzles = {}
    for puzzle in lesson.puzzles:
        written = puzzles.get(puzzle.id)
        if not isinstance(written, Mapping):
            yield puzzle.id, f"{name}: missing puzzle"
            continue
        for key in PUZZLE_TEXTS:
            yield from _check_text(puzzle.id, key, written.get(key), name)
        options = written.get("options", {})
        options = options if isinstance(options, Mapping) else {}
        # Options with words of their own (assess labels are the catalogue's, lazy).
        own = [option.value for option in puzzle.options if isinstance(option.text, str)]
        for value in own:
            yield from _check_text(puzzle.id, f"option {value!r}", options.get(value), name)
        for value in sorted(set(options) - set(own)):
            yield puzzle.id, f"{name}: option {value!r} is not one of the puzzle's options"
        yield from _why_problems(puzzle, _mapping(written.get("why")), name)
    known = {puzzle.id for puzzle in lesson.puzzles}
    for puzzle_id in sorted(set(puzzles) - known):
        yield "", f"{name}: text for a puzzle that is not in the lesson: {puzzle_id}"


def _why_problems(puzzle, why: Mapping, name: str) -> Iterator[tuple[str, str]]:
    """Text puzzles: each option's reason for being wrong, where the source gives one."""
    given = [option.value for option in puzzle.options if option.why]
    for value in given:
        yield from _check_text(puzzle.id, f"why {value!r}", why.get(value), name)
    for value in sorted(set(why) - set(given)):
        yield puzzle.id, f"{name}: why {value!r} is not a reason the source gives"


def _check_text(ref: str, key: str, value: object, name: str) -> Iterator[tuple[str, str]]:
    if not isinstance(value, str) or not value.strip():
        yield ref, f"{name}: missing {key}"
    elif CJK.search(value):
        yield ref, f"{name}: {key} has Chinese characters in it"
