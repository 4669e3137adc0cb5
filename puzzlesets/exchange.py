"""A set leaving and coming in: copied into another grown-up's account (its share link),
written as a lesson file in the curriculum's own format (curriculum/content/FORMAT.md)
and read back from one, every problem listed by line; the results as CSV.

A puzzle its author made keeps its ``draft`` in the file (the loader reads past it), so
an imported copy is made again in every language; any other puzzle comes back as its
table, in the file's words (Traditional Chinese).
"""

from __future__ import annotations

import json
import re
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from django.db import transaction
from django.http import HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

import rules
from board.explanations import history_move_refused
from curriculum import authoring
from curriculum.loading import ID_PATTERN, line_of_id, load_lesson
from curriculum.validator import puzzle_problems
from people.spreadsheets import BOM, write_csv
from puzzlesets import catalogue, import_words
from puzzlesets.models import NAME_MAX, OwnPuzzle, PuzzleSet, SetItem

MAX_FILE = 200_000  # bytes: a set of a few hundred puzzles
HISTORY_REFUSED = "the engine refuses it: IllegalHistory"  # curriculum.validator's words
SOURCE_LANGUAGE = "zh-hant"


def copy_set(puzzle_set: PuzzleSet, owner) -> PuzzleSet:
    """The set, its order and its puzzles in ``owner``'s account (own puzzles copied)."""
    with transaction.atomic():
        copy = PuzzleSet.objects.create(owner=owner, name=puzzle_set.name)
        for item in puzzle_set.items.select_related("own"):
            own = None
            if item.own_id:
                own = OwnPuzzle.objects.create(
                    owner=owner, draft=item.own.draft, table=item.own.table, prompt=item.own.prompt
                )
            SetItem.objects.create(
                puzzle_set=copy, position=item.position, own=own, source=item.source
            )
    return copy


# --- TOML ---------------------------------------------------------------------------------


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_value(v) for v in value) + "]"


def slug_of(puzzle_set: PuzzleSet) -> str:
    return f"set-{puzzle_set.pk}"


def to_toml(puzzle_set: PuzzleSet) -> str:
    """The set as a lesson file, its words in the source language."""
    slug = slug_of(puzzle_set)
    header = {
        "slug": slug,
        "title": puzzle_set.name,
        "group": "basics",
        "order": 100,
        "summary": f"題組：{puzzle_set.name}",
        "intro": [f"題組：{puzzle_set.name}"],
    }
    lines = [f"{key} = {_value(value)}" for key, value in header.items()]
    with translation.override(SOURCE_LANGUAGE):
        for number, item in enumerate(puzzle_set.items.select_related("own"), start=1):
            puzzle = catalogue.base_puzzle(item)
            if puzzle is None:
                continue
            draft = _draft_of(item)
            table = authoring.table_of(puzzle, f"{slug}-{number}", draft)
            lines += ["", "[[puzzles]]", *(f"{k} = {_value(v)}" for k, v in table.items())]
    return "\n".join(lines) + "\n"


def _draft_of(item: SetItem) -> authoring.Draft | None:
    if item.own_id and item.own.draft:
        return authoring.Draft.from_dict(item.own.draft)
    return None


def import_set(text: str, owner) -> tuple[PuzzleSet | None, list[str]]:
    """A set made from a lesson file, or None and every problem, as ``line N: …``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = re.search(r"at line (\d+)", str(error))
        line = where.group(1) if where else 1
        return None, [_("line %(line)s: this line cannot be read as TOML.") % {"line": line}]
    except RecursionError:  # tables or lists nested hundreds deep: no lesson file is
        return None, [_("The file is nested too deep to read.")]
    slug = data.get("slug") if isinstance(data.get("slug"), str) else ""
    slug = slug if ID_PATTERN.match(slug) else "imported"
    with translation.override(SOURCE_LANGUAGE), tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{slug}.toml"
        path.write_text(text, encoding="utf-8")
        lesson, errors = load_lesson(path)
        found = [(e.line, e.ref, partial(import_words.said, e.message)) for e in errors]
        if lesson is not None:
            for puzzle in lesson.puzzles:
                line = line_of_id(text, puzzle.id)
                found += [(line, puzzle.id, _words(puzzle, m)) for m in puzzle_problems(puzzle)]
    if found or lesson is None:  # said in the teacher's language, not the file's
        return None, [_line(*problem) for problem in found] or [_("The file has no puzzles.")]
    with translation.override(SOURCE_LANGUAGE), transaction.atomic():
        made = PuzzleSet.objects.create(owner=owner, name=copy_name(owner, lesson.title))
        for position, raw in enumerate(data["puzzles"], start=1):
            own = _own_puzzle(owner, _own_fields(raw))
            SetItem.objects.create(puzzle_set=made, position=position, own=own)
    return made, []


def copy_name(owner, name: str) -> str:
    """``name``, or 「name（2）」, 「name（3）」… when the owner has a set of that name: an
    import of the same file twice is told apart from the first."""
    taken = set(PuzzleSet.objects.filter(owner=owner).values_list("name", flat=True))
    name = name[:NAME_MAX]
    number = 1
    candidate = name
    while candidate in taken:
        number += 1
        suffix = f"（{number}）"
        candidate = name[: NAME_MAX - len(suffix)] + suffix
    return candidate


def _own_puzzle(owner, fields: dict) -> OwnPuzzle:
    """The owner's own puzzle with these very fields (imported before, or made by hand), or
    a new one: importing a set again adds no copy of each puzzle to 「我自己出的題目」."""
    draft, table = fields.get("draft", {}), fields.get("table", {})
    same = OwnPuzzle.objects.filter(owner=owner, prompt=fields.get("prompt", ""))
    for own in same:
        if own.draft == draft and own.table == table:
            return own
    return OwnPuzzle.objects.create(owner=owner, **fields)


def _words(puzzle, message: str) -> Callable[[], str]:
    """The validator's ``message`` about ``puzzle``, to be said later in the teacher's
    language: a history that cannot be played names its move and why, as the form does."""
    if message.startswith(HISTORY_REFUSED):
        try:
            wrong = rules.first_illegal(puzzle.fen, puzzle.moves)
        except rules.RulesError:
            wrong = None
        if wrong is not None:
            index, verdict = wrong
            return partial(history_move_refused, index + 1, puzzle.moves[index], verdict)
    return partial(import_words.said, message)


def _line(line: int, ref: str, said: Callable[[], str]) -> str:
    """``line N: ref: …``, the problem in the teacher's language."""
    values = {"line": line, "ref": ref, "message": said()}
    return _("line %(line)s: %(ref)s: %(message)s") % values


def _own_fields(raw: Mapping) -> dict:
    """A draft that still makes this very puzzle is kept as a draft (words in every
    language); anything else as its table."""
    table = {k: v for k, v in raw.items() if k != "draft"}
    if isinstance(raw.get("draft"), Mapping):
        try:
            draft = authoring.Draft.from_dict(raw["draft"])
            own = OwnPuzzle(draft=draft.as_dict())
            made = catalogue.own_puzzle(own)
            generated = authoring.table_of(made, table["id"]) if made else None
        except (TypeError, ValueError):
            generated = None
        if generated is not None:
            prompt = table["prompt"] if table["prompt"] != generated["prompt"] else ""
            if {**generated, "prompt": table["prompt"]} == table:
                return {"draft": draft.as_dict(), "prompt": prompt}
    return {"table": table}


# --- CSV ----------------------------------------------------------------------------------


def results_csv(assignment, rows) -> HttpResponse:
    entries = catalogue.puzzles_in(assignment.puzzle_set)
    header = [
        _("Student"),
        *(f"{n}. {p.prompt}" for n, (_i, p) in enumerate(entries, 1)),
        _("Right the first time"),
        _("Passed"),
    ]
    lines = [header]
    for row in rows:
        cells = [f"{cell.words}（{cell.rule}）" if cell.rule else cell.words for cell in row.cells]
        passed = _("yes") if row.passed else _("no")
        lines.append([row.name, *cells, row.right_first_time, passed])
    # Every cell spreadsheet-safe, as every export's (people.spreadsheets.write_csv).
    text = BOM + write_csv(lines)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="set-{assignment.pk}-results.csv"'
    return response
