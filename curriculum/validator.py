"""Proving every puzzle with the rules engine: `manage.py check_curriculum`.

Rejected: a file that cannot be parsed or breaks the format, an illegal
position, a goal no legal move can meet, a move puzzle whose goal every legal
move meets, a choice/assess answer that disagrees with the engine, a duplicate
id, and missing text (a prompt, hint, explanation, intro line or option text
that is empty or has no Chinese character in it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import chess

import rules
from curriculum import facts, goals
from curriculum.loading import (
    CONTENT_DIR,
    QUESTIONS,
    ContentError,
    Lesson,
    Puzzle,
    line_of_id,
    line_of_key,
    load_lesson,
)

CJK = re.compile(r"[\u3400-\u9fff]")
SQUARE = re.compile(r"^[a-h][1-8]$")
MAX_SEARCH = 2  # mates and stalemates within 2 keep the search small
MAX_BUDGET = 6


@dataclass(frozen=True)
class Report:
    lessons: int
    puzzles: int
    errors: tuple[ContentError, ...]

    @property
    def summary(self) -> str:
        return (
            f"curriculum: {self.lessons} lessons, {self.puzzles} puzzles, {len(self.errors)} errors"
        )


class Problem(Exception):
    """One reason to reject a puzzle."""


def validate_directory(directory: Path = CONTENT_DIR) -> Report:
    return validate_files(sorted(Path(directory).glob("*.toml")))


def validate_files(paths: Iterable[Path]) -> Report:
    errors: list[ContentError] = []
    lessons: list[tuple[Path, Lesson]] = []
    for path in paths:
        lesson, lesson_errors = load_lesson(path)
        errors.extend(lesson_errors)
        if lesson is not None:
            lessons.append((Path(path), lesson))

    seen_ids: dict[str, str] = {}
    seen_orders: dict[int, str] = {}
    for path, lesson in lessons:
        text = path.read_text(encoding="utf-8")
        errors.extend(_lesson_problems(path, text, lesson, seen_orders))
        counts: dict[str, int] = {}
        for puzzle in lesson.puzzles:
            counts[puzzle.id] = counts.get(puzzle.id, 0) + 1
            line = line_of_id(text, puzzle.id, counts[puzzle.id])
            if puzzle.id in seen_ids or counts[puzzle.id] > 1:
                where = seen_ids.get(puzzle.id, lesson.slug)
                errors.append(
                    ContentError(path, line, puzzle.id, f"duplicate id (also in {where})")
                )
            seen_ids.setdefault(puzzle.id, lesson.slug)
            for message in puzzle_problems(puzzle):
                errors.append(ContentError(path, line, puzzle.id, message))
    total = sum(len(lesson.puzzles) for _, lesson in lessons)
    return Report(len(lessons), total, tuple(errors))


def _lesson_problems(path: Path, text: str, lesson: Lesson, seen_orders: dict[int, str]):
    if lesson.order in seen_orders:
        yield ContentError(
            path,
            line_of_key(text, "order"),
            lesson.slug,
            f"order {lesson.order} is also used by {seen_orders[lesson.order]}",
        )
    seen_orders.setdefault(lesson.order, lesson.slug)
    for key, value in (("title", lesson.title), ("summary", lesson.summary)):
        if not CJK.search(value):
            yield ContentError(path, line_of_key(text, key), lesson.slug, f"{key}: no Chinese text")
    if any(not CJK.search(line) for line in lesson.intro):
        yield ContentError(
            path, line_of_key(text, "intro"), lesson.slug, "intro: a line with no Chinese text"
        )


def puzzle_problems(puzzle: Puzzle) -> list[str]:
    """Every reason to reject this puzzle (empty when it is sound)."""
    problems = _text_problems(puzzle)
    try:
        if puzzle.fen:
            _check_position(puzzle)
        if puzzle.kind == "move":
            _check_move_puzzle(puzzle)
        elif puzzle.kind == "squares":
            _check_squares_puzzle(puzzle)
        elif puzzle.kind == "choice":
            _check_choice_puzzle(puzzle)
        elif puzzle.kind == "assess":
            truth = facts.assess_truth(puzzle)
            if puzzle.answer[0] not in truth:
                problems.append(
                    f"stated answer {puzzle.answer[0]!r} but the engine says {sorted(truth)}"
                )
    except Problem as problem:
        problems.append(str(problem))
    except rules.RulesError as error:
        problems.append(f"the engine refuses it: {type(error).__name__}: {error}")
    return problems


def _text_problems(puzzle: Puzzle) -> list[str]:
    problems = []
    for name in ("prompt", "hint", "explanation"):
        if not CJK.search(getattr(puzzle, name)):
            problems.append(f"missing {name} (no Chinese text)")
    if puzzle.kind in ("choice", "text"):
        for option in puzzle.options:
            if not CJK.search(option.text):
                problems.append(f"option {option.value!r}: missing text (no Chinese text)")
    return problems


def _check_position(puzzle: Puzzle) -> None:
    try:
        board = chess.Board(puzzle.fen)
    except ValueError as error:
        raise Problem(f"not a FEN: {error}") from error
    if board.status() != chess.STATUS_VALID:
        raise Problem(f"illegal position: {_status_words(board.status())}")
    start = puzzle.start_fen  # replays `moves` through the engine: RulesError if one is illegal
    if chess.Board(start).status() != chess.STATUS_VALID:
        raise Problem("illegal position after the moves")


def _status_words(status: chess.Status) -> str:
    flags = [flag for flag in chess.Status if flag and flag in status]
    return ", ".join(flag.name.lower().replace("_", " ") for flag in flags)


def _check_move_puzzle(puzzle: Puzzle) -> None:
    goal = puzzle.goal
    kind = goal["type"]
    _check_goal_parameters(puzzle)
    if kind == "visit":
        if rules.assess(puzzle.start_fen).in_check:
            raise Problem("visit puzzle starts in check; the other side could not pass")
        targets = goal["targets"]
        budget = int(goal.get("budget", len(targets)))
        search = rules.visit_search(puzzle.start_fen, targets, budget)
        if not search.can_succeed:
            raise Problem("no legal moves collect every target within the budget")
        if not search.can_fail:
            raise Problem("every legal move meets the goal: nothing to learn")
        return
    if kind in ("mate", "stalemate"):
        within = int(goal.get("within", 1))
        fen, moves = puzzle.fen, puzzle.moves
        if not rules.forced(fen, moves, kind, within):
            raise Problem(f"no legal move forces {kind} within {within}")
        for move in rules.legal_moves(fen, moves):
            if not rules.goal_holds_after(fen, moves, move, kind, within):
                return
        raise Problem("every legal move meets the goal: nothing to learn")
    met = []
    history = puzzle.moves if kind == "threefold" else ()
    fen = puzzle.fen if kind == "threefold" else puzzle.start_fen
    for move in rules.legal_moves(puzzle.fen, puzzle.moves):
        verdict = rules.check_move(fen, move, history)
        if not verdict.legal:
            raise Problem(f"the engine and python-chess disagree on {move}")
        met.append(goals.meets_single_move_goal(puzzle, fen, history, move, verdict)[0])
    if not any(met):
        raise Problem("no legal move meets the goal")
    if all(met):
        raise Problem("every legal move meets the goal: nothing to learn")


def _check_goal_parameters(puzzle: Puzzle) -> None:
    goal = puzzle.goal
    kind = goal["type"]
    allowed = {
        "mate": {"within"},
        "stalemate": {"within"},
        "check": set(),
        "escape_check": {"by"},
        "castle": {"side"},
        "en_passant": set(),
        "promote": {"piece", "mate", "avoid_stalemate"},
        "capture": {"piece", "square"},
        "visit": {"targets", "budget"},
        "threefold": set(),
        "avoid_stalemate": {"mate"},
        "reach": {"piece", "square"},
    }[kind]
    unknown = set(goal) - allowed - {"type"}
    if unknown:
        raise Problem(f"goal {kind}: unknown parameters {sorted(unknown)}")
    if kind in ("mate", "stalemate") and goal.get("within", 1) not in range(1, MAX_SEARCH + 1):
        raise Problem(f"goal {kind}: `within` must be 1 or 2")
    if kind == "escape_check":
        if goal.get("by") not in ("capture", "block", "king"):
            raise Problem("goal escape_check: `by` must be capture, block or king")
        if not rules.assess(puzzle.start_fen).in_check:
            raise Problem("goal escape_check: the side to move is not in check")
    if kind == "castle" and goal.get("side", "any") not in ("short", "long", "any"):
        raise Problem("goal castle: `side` must be short, long or any")
    if kind == "promote" and goal.get("piece", "any") not in ("q", "r", "b", "n", "any"):
        raise Problem("goal promote: `piece` must be q, r, b, n or any")
    if kind == "capture":
        if goal.get("piece", "p") not in ("p", "n", "b", "r", "q"):
            raise Problem("goal capture: `piece` must be p, n, b, r or q")
        if not SQUARE.match(goal.get("square", "a1")):
            raise Problem("goal capture: `square` must be a square name")
    if kind == "visit":
        targets = goal.get("targets")
        if (
            not isinstance(targets, list)
            or not targets
            or not all(SQUARE.match(t) for t in targets)
        ):
            raise Problem("goal visit: `targets` must list square names")
        budget = goal.get("budget", len(targets))
        if not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
            raise Problem(f"goal visit: `budget` must be 1 to {MAX_BUDGET}")
    if kind == "reach":
        piece = goal.get("piece", "")
        if not isinstance(piece, str) or piece.lower() not in ("k", "q", "r", "b", "n", "p"):
            raise Problem("goal reach: `piece` must be a piece letter")
        if not SQUARE.match(goal.get("square", "")):
            raise Problem("goal reach: `square` must be a square name")


def _check_squares_puzzle(puzzle: Puzzle) -> None:
    if not SQUARE.match(puzzle.square):
        raise Problem(f"`square` {puzzle.square!r} is not a square name")
    piece = rules.piece_at(puzzle.start_fen, puzzle.square)
    if piece is None:
        raise Problem(f"no piece on {puzzle.square}")
    if puzzle.target == "king_cannot_go" and piece.lower() != "k":
        raise Problem(f"king_cannot_go: no king on {puzzle.square}")
    white_to_move = puzzle.start_fen.split()[1] == "w"
    if puzzle.target in ("destinations", "king_cannot_go") and piece.isupper() != white_to_move:
        raise Problem(f"the piece on {puzzle.square} does not belong to the side to move")
    if not facts.squares_truth(puzzle):
        raise Problem("there is no square to tap")


def _check_choice_puzzle(puzzle: Puzzle) -> None:
    for name in QUESTIONS[puzzle.question]:
        value = puzzle.params[name]
        if name == "side" and value not in ("short", "long"):
            raise Problem("`side` must be short or long")
        if name == "square" and not SQUARE.match(value):
            raise Problem("`square` must be a square name")
        if name == "move" and not goals.UCI_PATTERN.match(value):
            raise Problem("`move` must be a UCI move")
    truth = facts.choice_truth(puzzle)
    offered = {option.value for option in puzzle.options}
    if not truth <= offered:
        raise Problem(f"the correct options {sorted(truth)} are not all offered")
    if set(puzzle.answer) != truth:
        raise Problem(f"stated answer {sorted(puzzle.answer)} but the engine says {sorted(truth)}")
