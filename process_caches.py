"""Everything a process keeps between requests, listed in one place: what each cache is keyed
on, how large it may grow, and why it pays.

A module declares its cache here by name, as the decorator of a pure function::

    @process_caches.kept("board.component._board_view")
    def _board_view(...): ...

or, for a table filled by hand, as a bounded dict::

    _SQUARE_LABELS = process_caches.Table("board.component.square_label")

A name that is not listed in CACHES is refused at import, so no cache is made without its
line here. ``clear_all()`` empties every cache (tests: the ``fresh_caches`` fixture).

What each cache saves on the requests it serves is measured by
tests/benchmarks/cache_gains.py (CPU time with the cache kept, against the same requests
with that one cache keeping nothing, interleaved in one process); a cache that saves less
than 2 % is not kept (docs/answer-path.md has the figures). This module imports nothing of
the project's and no Django: rules/ uses it.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Cache:
    key: str
    bound: int | None  # entries at most; None: a fixed, small set (one per language, say)
    reason: str


CACHES: dict[str, Cache] = {
    "rules.judge.check_move": Cache(
        "(FEN, moves played from it, the move, the history after)",
        4096,
        "a class plays each puzzle's answer and its usual wrong moves all day; a verdict "
        "(SAN, check, mate, stalemate) costs 35-80 µs to judge. Frozen; errors not kept",
    ),
    "rules.position._checked_board": Cache(
        "FEN",
        4096,
        "reading and checking a FEN costs ~110 µs and an answer reads its position several "
        "times (the judge, the ending, the board drawn); only copies are handed out",
    ),
    "rules.position._written_fen": Cache(
        "FEN", 4096, "python-chess's normal form of a FEN, written for each Position made"
    ),
    "board.component._board_view": Cache(
        "(FEN, orientation, selected, highlights, marks, last move, mode, label, language)",
        256,
        "a board and its 64 squares' HTML, ~16 kB each: the same few boards come back all "
        "day (a puzzle's start, the board after its solving move, a piece picked up)",
    ),
    "board.component.square_label": Cache(
        "(language, square, piece)",
        3 * 64 * 13,
        "a board drawn names its 64 squares, each twice through gettext otherwise",
    ),
    "lessons.steps._nav": Cache(
        "(the level's steps with their stars, language)",
        1024,
        "a learner's row of numbered steps is the same from one answer to the next until a "
        "puzzle of the level gets its stars",
    ),
    "lessons.presenter._kept_section": Cache(
        "(every field of the puzzle's view but the form's token, language)",
        256,
        "a section with no form (a solve, a re-ask's link), ~12 kB: the class that solves a "
        "puzzle sees the same one, and drawing it is ~0.1 ms of an answer",
    ),
    "lessons.statements._learner_converters": Cache(
        "()", None, "the converters of the learner's columns, looked up once for the database"
    ),
    "plumbing.sessions.decoded": Cache(
        "(a stored session's text, SECRET_KEY, SECRET_KEY_FALLBACKS)",
        4096,
        "every request with a session cookie checks its signature and unpacks it; a "
        "learner's session text stays the same from one answer to the next",
    ),
    "curriculum.loading.curriculum_in": Cache(
        "language",
        None,
        "the lesson files read, checked and translated: once per process and language "
        "(tutor.wsgi loads them before the first request)",
    ),
    "glossary.terms.glossary_in": Cache(
        "language", None, "the glossary's files read and converted once per language"
    ),
    "languages.simplified._converter": Cache(
        "OpenCC configuration", None, "OpenCC's tables, loaded once per configuration"
    ),
    "languages.simplified.overrides": Cache(
        "()", None, "the reviewed whole-text 简体中文 overrides, read once"
    ),
    "languages.simplified._fences": Cache(
        "()", None, "the reviewed words as one pattern with their fences, built once"
    ),
    "languages.simplified.to_simplified": Cache(
        "text",
        8192,
        "the same interface and lesson sentences are converted on every 简体中文 page",
    ),
    "zhuyin.readings.readings": Cache(
        "text", 16384, "a text's 注音, read with pypinyin and the reviewed table"
    ),
    "zhuyin.readings.ruby": Cache("text", 16384, "a plain text with its readings as <ruby>"),
    "zhuyin.readings.ruby_in_html_text": Cache(
        "text", 16384, "an HTML text node with its readings as <ruby>, on every 注音 page"
    ),
    "practice.generators.proof._sound": Cache(
        "practice puzzle id",
        2048,
        "a practice puzzle is proven by the validator (~1.2 ms, several times its making) each "
        "time it is served or answered; an id always makes the same puzzle, so its verdict stays",
    ),
    "worksheets.pdf._pdf_of": Cache(
        "the sheet's HTML (its puzzles, words, paper and addresses)",
        16,
        "a worksheet's PDF, ~300 kB, costs 1-4 s of CPU to lay out; a class's parents and "
        "teacher download the same lesson's sheet, and a sheet's address makes the same one",
    ),
    "people.templatetags.people._grid_cell": Cache(
        "(solved, stars earned, puzzles)",
        4096,
        "a class grid is students × lessons cells of a few distinct values",
    ),
}

_made: dict[str, Callable | Table] = {}


def _listed(name: str) -> Cache:
    if name not in CACHES:
        raise LookupError(f"{name} is not listed in process_caches.CACHES")
    return CACHES[name]


def kept(name: str) -> Callable[[Callable], Callable]:
    """The decorated function's results kept per process (functools.lru_cache, with the
    bound listed for ``name``)."""
    cache = _listed(name)

    def decorate(function: Callable) -> Callable:
        cached = functools.lru_cache(maxsize=cache.bound)(function)
        _made[name] = cached
        return cached

    return decorate


class Table(dict):
    """A dict for a cache filled by hand, holding at most the bound listed for its name: at
    the bound, a new entry pushes out the oldest."""

    def __init__(self, name: str):
        super().__init__()
        self.bound = _listed(name).bound
        self.keeps = True  # False: nothing is kept (tests/benchmarks/cache_gains.py)
        _made[name] = self

    def __setitem__(self, key, value) -> None:
        if not self.keeps:
            return
        if self.bound is not None and len(self) >= self.bound and key not in self:
            # another thread may have changed it meanwhile (the development server)
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):
                del self[next(iter(self))]
        super().__setitem__(key, value)


def clear_all() -> None:
    """Empty every cache of this process (the next call computes afresh)."""
    for cache in _made.values():
        if isinstance(cache, Table):
            cache.clear()
        else:
            cache.cache_clear()


def made(name: str) -> Callable | Table:
    """The cache made for ``name``: the lru_cache-wrapped function, or the Table."""
    return _made[name]


def declared() -> set[str]:
    """The names whose cache has been made (their modules imported)."""
    return set(_made)
