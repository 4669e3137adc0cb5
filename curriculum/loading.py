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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType

from django.utils.translation import gettext_lazy as _

import rules

CONTENT_DIR = Path(__file__).resolve().parent / "content"

GROUPS: tuple[tuple[str, str], ...] = (
    ("pieces", "棋子"),
    ("basics", "基本"),
    ("special", "特殊走法"),
    ("draws", "和棋"),
    ("notation", "記譜與禮儀"),
)

KINDS = ("move", "squares", "choice", "assess", "text")

GOAL_TYPES = (
    "mate",
    "check",
    "escape_check",
    "castle",
    "en_passant",
    "promote",
    "capture",
    "visit",
    "stalemate",
    "threefold",
    "avoid_stalemate",
    "reach",
)

SQUARE_TARGETS = ("destinations", "attacks", "king_cannot_go")

# question -> the parameters it needs
QUESTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "can_castle": ("side",),
        "castling_reasons": ("side",),
        "move_legal": ("move",),
        "illegal_reason": ("move",),
        "en_passant_capturers": (),
        "checkers": (),
        "in_check": (),
        "san": ("move",),
        "destination_of": ("san",),
        "piece_at": ("square",),
        "square_color": ("square",),
        "can_claim": (),
    }
)

# The values an assess puzzle may offer, with the label a child reads.
ASSESS_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "checkmate": _("Checkmate"),
        "stalemate": _("Stalemate"),
        "insufficient_material": _("Dead position: nobody can checkmate"),
        "threefold_repetition": _("A draw may be claimed: threefold repetition"),
        "fifty_moves": _("A draw may be claimed: fifty moves"),
        "fivefold_repetition": _("Draw: fivefold repetition"),
        "seventyfive_moves": _("Draw: seventy-five moves"),
        "ongoing": _("The game goes on"),
    }
)

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ID_MAX_LENGTH = 60


@dataclass(frozen=True)
class Option:
    value: str
    text: str


@dataclass(frozen=True)
class Puzzle:
    id: str
    lesson: str
    kind: str
    prompt: str
    fen: str
    hint: str
    explanation: str
    moves: tuple[str, ...] = ()
    goal: Mapping | None = None  # move puzzles
    target: str = ""  # squares puzzles: destinations | attacks | king_cannot_go
    square: str = ""  # squares puzzles: the piece concerned (choice: the square asked about)
    question: str = ""  # choice puzzles
    params: Mapping = field(default_factory=lambda: MappingProxyType({}))  # choice parameters
    options: tuple[Option, ...] = ()
    answer: tuple[str, ...] = ()  # choice/assess: stated answer (checked); text: answer key

    def __hash__(self) -> int:  # goal and params are mappings: hash by the stable id
        return hash(self.id)

    @cached_property
    def start_fen(self) -> str:
        """The position the board shows first: `fen` after `moves`."""
        if not self.fen or not self.moves:
            return self.fen
        return rules.position_after(self.fen, self.moves)

    @property
    def side_to_move(self) -> str:
        return "black" if self.start_fen.split()[1:2] == ["b"] else "white"


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    group: str
    order: int
    summary: str
    intro: tuple[str, ...]
    puzzles: tuple[Puzzle, ...]


class ContentError(ValueError):
    """A lesson file or puzzle that breaks the format, located as file:line."""

    def __init__(self, path: Path | str, line: int, ref: str, message: str):
        super().__init__(message)
        self.path = Path(path)
        self.line = line
        self.ref = ref
        self.message = message

    def __str__(self) -> str:
        return f"{_display_path(self.path)}:{self.line}: {self.ref}: {self.message}"


class Curriculum:
    def __init__(self, lessons: Iterable[Lesson], errors: Iterable[ContentError] = ()):
        ordered = sorted(lessons, key=lambda lesson: (lesson.order, lesson.slug))
        self.lessons: tuple[Lesson, ...] = tuple(ordered)
        self.errors: tuple[ContentError, ...] = tuple(errors)
        self._by_slug = {lesson.slug: lesson for lesson in self.lessons}
        self._puzzles = {p.id: p for lesson in self.lessons for p in lesson.puzzles}

    def lesson(self, slug: str) -> Lesson | None:
        return self._by_slug.get(slug)

    def puzzle(self, puzzle_id: str) -> Puzzle | None:
        return self._puzzles.get(puzzle_id)

    def next_lesson(self, slug: str) -> Lesson | None:
        slugs = [lesson.slug for lesson in self.lessons]
        if slug not in slugs:
            return None
        index = slugs.index(slug) + 1
        return self.lessons[index] if index < len(self.lessons) else None

    @property
    def puzzle_count(self) -> int:
        return len(self._puzzles)


@cache
def get_curriculum() -> Curriculum:
    """The curriculum in curriculum/content/, loaded once per process."""
    return load_curriculum(CONTENT_DIR)


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

    errors: list[ContentError] = []
    slug = path.stem

    def lesson_error(key: str, message: str) -> None:
        errors.append(ContentError(path, line_of_key(text, key), slug, message))

    for key, kind in (("slug", str), ("title", str), ("group", str), ("summary", str)):
        if not isinstance(data.get(key), kind) or not data.get(key):
            lesson_error(key, f"lesson needs a non-empty `{key}`")
    if data.get("slug") not in (None, slug):
        lesson_error("slug", f"slug {data.get('slug')!r} differs from the file name {slug!r}")
    if data.get("group") not in dict(GROUPS):
        lesson_error("group", f"unknown group {data.get('group')!r}")
    order = data.get("order")
    if not isinstance(order, int) or isinstance(order, bool) or order < 1:
        lesson_error("order", "lesson needs an `order`, a whole number from 1")
    intro = data.get("intro")
    if not isinstance(intro, list) or not intro or not all(isinstance(s, str) for s in intro):
        lesson_error("intro", "lesson needs an `intro`: a list of short sentences")
    raw_puzzles = data.get("puzzles")
    if not isinstance(raw_puzzles, list) or not raw_puzzles:
        lesson_error("puzzles", "lesson has no [[puzzles]]")
        raw_puzzles = []
    if errors:
        return None, errors

    puzzles = []
    for raw in raw_puzzles:
        try:
            puzzles.append(_puzzle(raw, slug))
        except ContentError as error:
            ref = raw.get("id") if isinstance(raw.get("id"), str) else slug
            errors.append(ContentError(path, line_of_id(text, ref), ref, error.message))
    lesson = Lesson(
        slug=slug,
        title=data["title"],
        group=data["group"],
        order=order,
        summary=data["summary"],
        intro=tuple(intro),
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


def _problem(message: str) -> ContentError:
    return ContentError("", 0, "", message)


def _text(raw: Mapping, key: str, required: bool = True) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise _problem(f"puzzle needs a non-empty `{key}`")
    return value


def _strings(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _problem(f"`{key}` must be a list of strings")
    return tuple(value)


def _puzzle(raw: Mapping, lesson: str) -> Puzzle:
    if not isinstance(raw, Mapping):
        raise _problem("a puzzle must be a table")
    puzzle_id = raw.get("id")
    if not isinstance(puzzle_id, str) or not ID_PATTERN.match(puzzle_id):
        raise _problem("puzzle needs an `id` of lower-case English words joined by -")
    if not puzzle_id.startswith(lesson + "-") or len(puzzle_id) > ID_MAX_LENGTH:
        raise _problem(f"id must start with {lesson + '-'!r} and be at most 60 characters")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _problem(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    fen = _text(raw, "fen", required=kind != "text")
    values = dict(
        id=puzzle_id,
        lesson=lesson,
        kind=kind,
        prompt=_text(raw, "prompt"),
        fen=fen.strip(),
        hint=_text(raw, "hint"),
        explanation=_text(raw, "explanation"),
        moves=_strings(raw.get("moves", []), "moves"),
    )
    if kind == "move":
        goal = raw.get("goal")
        if not isinstance(goal, Mapping) or goal.get("type") not in GOAL_TYPES:
            raise _problem(f"a move puzzle needs a `goal` with a type: {', '.join(GOAL_TYPES)}")
        values["goal"] = MappingProxyType(dict(goal))
    elif kind == "squares":
        if raw.get("target") not in SQUARE_TARGETS:
            raise _problem(f"`target` must be one of {', '.join(SQUARE_TARGETS)}")
        values["target"] = raw["target"]
        values["square"] = _text(raw, "square")
    elif kind == "choice":
        question = raw.get("question")
        if question not in QUESTIONS:
            raise _problem(f"unknown question {question!r}")
        params = {}
        for name in QUESTIONS[question]:
            params[name] = _text(raw, name)
        values["question"] = question
        values["params"] = MappingProxyType(params)
        values["square"] = params.get("square", "")
        values["options"] = _options(raw.get("options"))
        values["answer"] = _strings(raw.get("answer"), "answer")
    elif kind == "assess":
        offered = _strings(raw.get("options", list(ASSESS_LABELS)), "options")
        unknown = [v for v in offered if v not in ASSESS_LABELS]
        if unknown:
            raise _problem(f"unknown assess options {unknown}")
        values["options"] = tuple(Option(v, ASSESS_LABELS[v]) for v in offered)
        answer = raw.get("answer")
        if not isinstance(answer, str) or answer not in offered:
            raise _problem("`answer` must be one of the offered options")
        values["answer"] = (answer,)
    else:  # text
        values["options"] = _options(raw.get("options"))
        values["answer"] = _strings(raw.get("answer"), "answer")
    if kind in ("choice", "text"):
        offered = {option.value for option in values["options"]}
        if not values["answer"] or not set(values["answer"]) <= offered:
            raise _problem("`answer` must name one or more of the options' values")
    return Puzzle(**values)


def _options(raw: object) -> tuple[Option, ...]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise _problem("`options` must list at least two { value, text } tables")
    options = []
    for item in raw:
        if not isinstance(item, Mapping) or not all(
            isinstance(item.get(k), str) for k in ("value", "text")
        ):
            raise _problem("each option needs a `value` and a `text`")
        options.append(Option(item["value"], item["text"]))
    if len({o.value for o in options}) != len(options):
        raise _problem("two options have the same value")
    return tuple(options)


def _display_path(path: Path) -> str:
    base = CONTENT_DIR.parent.parent
    try:
        return str(path.resolve().relative_to(base))
    except ValueError:
        return str(path)
