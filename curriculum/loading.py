"""The curriculum: lesson files in curriculum/content/ read into small value types.

The file format is documented in curriculum/content/FORMAT.md. Loading checks the
shape of each file (fields, kinds, goal types); whether each puzzle is sound
chess is proven by curriculum.validator with the rules engine.

A lesson file that cannot be read, or a puzzle with a broken shape, is left out
and recorded in ``Curriculum.errors`` so that one author's unfinished file does
not take the whole site down; ``manage.py check_curriculum`` reports them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from django.utils.translation import gettext_lazy as _

import process_caches
from curriculum import fields, reasks, translations, uses
from curriculum.kinds import KINDS
from curriculum.kinds.assess import ASSESS_LABELS
from curriculum.puzzles import ContentError, Lesson, Option, Puzzle, problem

__all__ = ["ASSESS_LABELS", "ContentError", "Curriculum", "Lesson", "Option", "Puzzle"]

CONTENT_DIR = Path(__file__).resolve().parent / "content"

# The parts of the lesson map, titled through the interface catalogue.
GROUPS: tuple[tuple[str, str], ...] = (
    ("pieces", _("The pieces")),
    ("basics", _("The basics")),
    ("special", _("Special moves")),
    ("draws", _("Draws")),
    ("notation", _("Notation and the rules of play")),
)


def _text_given(value: object, slug: str) -> bool:
    return isinstance(value, str) and bool(value)


def _above_zero(value: object, slug: str) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value > 0


def _sentences(value: object, slug: str) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(s, str) for s in value)


# The shape of a lesson file's top level, stated once: (key, check(value, slug), message).
LESSON_SHAPE: tuple[
    tuple[str, Callable[[object, str], bool], Callable[[object, str], str]], ...
] = (
    ("slug", _text_given, lambda v, slug: "lesson needs a non-empty `slug`"),
    ("title", _text_given, lambda v, slug: "lesson needs a non-empty `title`"),
    ("group", _text_given, lambda v, slug: "lesson needs a non-empty `group`"),
    ("summary", _text_given, lambda v, slug: "lesson needs a non-empty `summary`"),
    (
        "slug",
        lambda v, slug: v in (None, slug),
        lambda v, slug: f"slug {v!r} differs from the file name {slug!r}",
    ),
    (
        "group",
        lambda v, slug: isinstance(v, str) and v in dict(GROUPS),
        lambda v, slug: f"unknown group {v!r}",
    ),
    (
        "order",
        _above_zero,
        lambda v, slug: "lesson needs an `order`, a number above 0 (2.5 comes between 2 and 3)",
    ),
    (
        "intro",
        _sentences,
        lambda v, slug: "lesson needs an `intro`: a list of short sentences",
    ),
    (
        "puzzles",
        lambda v, slug: isinstance(v, list) and bool(v),
        lambda v, slug: "lesson has no [[puzzles]]",
    ),
)


def _header_problems(data: Mapping, slug: str) -> list[tuple[str, str]]:
    """(key, message) for every rule of LESSON_SHAPE the file's top level breaks."""
    return [
        (key, message(data.get(key), slug))
        for key, holds, message in LESSON_SHAPE
        if not holds(data.get(key), slug)
    ]


# The lesson that teaches notation: before it, moves are said in words (「黑王從 g8 走到 h7」).
NOTATION_LESSON = "notation"

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ID_MAX_LENGTH = 60


class Curriculum:
    def __init__(self, lessons: Iterable[Lesson], errors: Iterable[ContentError] = ()):
        ordered = sorted(lessons, key=lambda lesson: (lesson.order, lesson.slug))
        self.lessons: tuple[Lesson, ...] = tuple(ordered)
        self.errors: tuple[ContentError, ...] = tuple(errors)
        self._by_slug = {lesson.slug: lesson for lesson in self.lessons}
        self._puzzles = {p.id: p for lesson in self.lessons for p in lesson.puzzles}
        self._partners = reasks.partners_by_id(self.lessons)

    def lesson(self, slug: str) -> Lesson | None:
        return self._by_slug.get(slug)

    def puzzle(self, puzzle_id: str) -> Puzzle | None:
        return self._puzzles.get(puzzle_id)

    def partners(self, puzzle: Puzzle) -> tuple[Puzzle, ...]:
        """What is asked in a two-option puzzle's place after a miss, nearest first
        (curriculum.reasks); empty for any other puzzle."""
        return tuple(self._puzzles[p] for p in self._partners.get(puzzle.id, ()))

    def next_lesson(self, slug: str) -> Lesson | None:
        slugs = [lesson.slug for lesson in self.lessons]
        if slug not in slugs:
            return None
        index = slugs.index(slug) + 1
        return self.lessons[index] if index < len(self.lessons) else None

    def taught_by(self, topic: str, slug: str) -> bool:
        """Whether the lesson ``topic`` (a slug) comes no later than the lesson ``slug``:
        what a child in ``slug`` may be told in its terms. A topic that is not in the
        curriculum counts as taught."""
        taught, current = self._by_slug.get(topic), self._by_slug.get(slug)
        if taught is None or current is None:
            return True
        return taught.order <= current.order


def get_curriculum() -> Curriculum:
    """The curriculum in curriculum/content/, in the language of this request."""
    return curriculum_in(translations.content_language())


@process_caches.kept("curriculum.loading.curriculum_in")
def curriculum_in(language: str) -> Curriculum:
    """The curriculum in one language, loaded and translated once per process."""
    if language == translations.SOURCE:
        return load_curriculum(CONTENT_DIR)
    source = curriculum_in(translations.SOURCE)
    lessons = translations.translated(source.lessons, language, CONTENT_DIR)
    return Curriculum(lessons, source.errors)


def load_curriculum(directory: Path = CONTENT_DIR) -> Curriculum:
    return load_files(sorted(Path(directory).glob("*.toml")))


def load_files(paths: Iterable[Path]) -> Curriculum:
    lessons, errors = [], []
    for path in paths:
        lesson, lesson_errors = load_lesson(path)
        errors.extend(lesson_errors)
        if lesson is not None:
            lessons.append(lesson)
    return Curriculum(lessons, errors)


def load_lesson(path: Path) -> tuple[Lesson | None, list[ContentError]]:
    """Read one lesson file; puzzles with a broken shape are left out and reported."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"at line (\d+)", str(error))
        line = int(match.group(1)) if match else 1
        return None, [ContentError(path, line, path.stem, f"cannot parse the file: {error}")]

    slug = path.stem
    errors = [
        ContentError(path, line_of_key(text, key), slug, message)
        for key, message in _header_problems(data, slug)
    ]
    if errors:
        return None, errors
    order, intro, raw_puzzles = data["order"], data["intro"], data["puzzles"]
    # A lesson split off another keeps its puzzles' ids (progress points at them): they
    # may start with the slug of the lesson they came from.
    moved_from = data.get("moved_from", [])
    if not isinstance(moved_from, list) or not all(isinstance(s, str) for s in moved_from):
        line = line_of_key(text, "moved_from")
        return None, [ContentError(path, line, slug, "`moved_from` must list lesson slugs")]
    prefixes = (slug, *moved_from)

    puzzles = []
    for raw in raw_puzzles:
        try:
            puzzles.append(_puzzle(raw, slug, prefixes))
        except ContentError as error:
            ref = raw.get("id") if isinstance(raw.get("id"), str) else slug
            errors.append(ContentError(path, line_of_id(text, ref), ref, error.message))
    lesson = Lesson(
        slug=slug,
        title=fields.text(data, "title"),
        group=data["group"],
        order=order,
        summary=fields.text(data, "summary"),
        intro=fields.strings(intro, "intro"),
        puzzles=tuple(puzzles),
    )
    return lesson, errors


def line_of_id(text: str, puzzle_id: str, occurrence: int = 1) -> int:
    """The line of the n-th `id = "<puzzle_id>"` in the file (tomllib gives no line numbers)."""
    pattern = re.compile(r'^\s*id\s*=\s*["\']' + re.escape(puzzle_id) + r'["\']', re.MULTILINE)
    matches = list(pattern.finditer(text))[occurrence - 1 : occurrence]
    return text.count("\n", 0, matches[0].start()) + 1 if matches else 1


def line_of_key(text: str, key: str) -> int:
    match = re.search(r"^\s*" + re.escape(key) + r"\s*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else 1


def puzzle_from_table(raw: Mapping, lesson: str, prefixes: tuple[str, ...] = ()) -> Puzzle:
    """One ``[[puzzles]]`` table of a lesson file as a Puzzle (its shape checked, not its
    chess: curriculum.validator); raises ContentError. puzzlesets imports with it."""
    return _puzzle(raw, lesson, prefixes)


def _puzzle(raw: Mapping, lesson: str, prefixes: tuple[str, ...] = ()) -> Puzzle:
    if not isinstance(raw, Mapping):
        raise problem("a puzzle must be a table")
    puzzle_id = raw.get("id")
    if not isinstance(puzzle_id, str) or not ID_PATTERN.match(puzzle_id):
        raise problem("puzzle needs an `id` of lower-case English words joined by -")
    starts = [prefix + "-" for prefix in prefixes or (lesson,)]
    if not puzzle_id.startswith(tuple(starts)) or len(puzzle_id) > ID_MAX_LENGTH:
        raise problem(
            f"id must start with {' or '.join(map(repr, starts))} and be at most 60 characters"
        )
    kind = KINDS.get(raw["kind"]) if isinstance(raw.get("kind"), str) else None
    if kind is None:
        raise problem(f"unknown kind {raw.get('kind')!r}; one of {', '.join(KINDS)}")
    fen = fields.text(raw, "fen", required=kind.NEEDS_POSITION)
    used = fields.strings(raw.get("uses", []), "uses")
    if uses.unknown(used):
        known = ", ".join(uses.TAUGHT_BY)
        raise problem(f"`uses` names no rule: {', '.join(uses.unknown(used))}; one of {known}")
    return Puzzle(
        id=puzzle_id,
        lesson=lesson,
        kind=kind.NAME,
        prompt=fields.text(raw, "prompt"),
        fen=fen.strip(),
        hint=fields.text(raw, "hint"),
        explanation=fields.text(raw, "explanation"),
        moves=fields.strings(raw.get("moves", []), "moves"),
        again=fields.text(raw, "again", required=False).strip(),
        uses=used,
        **kind.load(raw),
    )
