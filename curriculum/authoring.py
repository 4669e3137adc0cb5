"""A grown-up's own question about a position (the puzzlesets app makes them): the kinds
the curriculum has, made from a few fields (a ``Draft``), proved by the curriculum's own
validator and by the checks a hand-made position needs, each refusal a code with the
squares and pieces it is about (``Refusal``: the words are the caller's).

The questions, by ``Draft.question``:

- ``star``: move the piece on ``square`` to every star of ``targets`` (a ``visit`` goal;
  the fewest moves that do it become its budget, at most ``MAX_STAR_MOVES``);
- ``legal``: may ``move`` be played (choice ``move_legal``);
- ``squares``: every square the piece on ``square`` may go to (squares ``destinations``);
- ``mate``: checkmate in one move (a ``mate`` goal);
- ``state``: checkmate, stalemate or the game goes on (assess, three options);
- ``check``: is the side to move in check (choice ``in_check``);
- ``castle``: may the side to move castle on ``side`` now (choice ``can_castle``; a wrong
  answer is told every rule that stops it);
- ``capture``: the capture that wins the most, ``move`` (a ``capture`` goal on the
  captured piece's square; refused when another piece can take it too, or another
  capture wins as much).

A two-option question needs a partner, asked after a miss (``partners_among``: the
curriculum's puzzles that ask the same, curriculum.reasks). No words are made here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

import rules
from curriculum import reasks
from curriculum.kinds import assess, choice
from curriculum.kinds.move import UCI_PATTERN
from curriculum.puzzles import Option, Puzzle
from curriculum.validator import puzzle_problems

QUESTIONS = ("star", "legal", "squares", "mate", "state", "check", "castle", "capture")
YES_NO = ("yes", "no")
STATE_OPTIONS = ("checkmate", "stalemate", "ongoing")
MAX_STAR_MOVES = 6
SQUARE_NAMES = choice.SQUARE_NAMES


@dataclass(frozen=True)
class Draft:
    """What a grown-up fills in: a position (``fen``, then ``moves`` played from it) and
    what is asked about it. ``budget`` (star questions) is found by ``completed``."""

    question: str
    fen: str
    moves: tuple[str, ...] = ()
    square: str = ""  # star, squares: the piece concerned
    targets: tuple[str, ...] = ()  # star: the stars
    move: str = ""  # legal, capture: a UCI move
    side: str = "short"  # castle: short or long
    budget: int = 0  # star: the fewest moves that collect every star

    def as_dict(self) -> dict:
        data = asdict(self)
        data["moves"], data["targets"] = list(self.moves), list(self.targets)
        return data

    @classmethod
    def from_dict(cls, data: Mapping) -> Draft:
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        known["moves"] = tuple(known.get("moves", ()))
        known["targets"] = tuple(known.get("targets", ()))
        return cls(**known)


class Code(StrEnum):
    """Why a draft is refused."""

    UNKNOWN_QUESTION = "unknown_question"
    NOT_A_FEN = "not_a_fen"
    ILLEGAL_POSITION = "illegal_position"
    ILLEGAL_HISTORY = "illegal_history"
    GAME_OVER = "game_over"  # a move is asked for, and no move can be made
    NOT_A_SQUARE = "not_a_square"
    EMPTY_SQUARE = "empty_square"
    NOT_TO_MOVE = "not_to_move"  # the piece belongs to the side not to move
    NO_DESTINATIONS = "no_destinations"
    NO_STARS = "no_stars"
    STAR_UNDER_PIECE = "star_under_piece"
    STARTS_IN_CHECK = "starts_in_check"
    STARS_OUT_OF_REACH = "stars_out_of_reach"
    OTHER_PIECE_COLLECTS = "other_piece_collects"
    NOT_A_MOVE = "not_a_move"
    NOT_A_CAPTURE = "not_a_capture"
    ALSO_CAPTURES = "also_captures"  # another piece can capture the same piece
    BETTER_CAPTURE = "better_capture"  # another capture wins as much or more
    NO_MATE = "no_mate"
    NOTHING_TO_LEARN = "nothing_to_learn"
    STATE_NOT_OFFERED = "state_not_offered"  # e.g. a dead position: not one of the three
    NO_PARTNER = "no_partner"
    ENGINE = "engine"  # anything else the validator says (``detail``, in English)


@dataclass(frozen=True)
class Refusal:
    code: Code
    squares: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()  # piece symbols ("q", "K") the reason names, in order
    detail: str = ""
    number: int = 0  # ILLEGAL_HISTORY: the move that cannot be played, counted from 1
    verdict: rules.Verdict | None = None  # its verdict (None: not written in UCI)


@dataclass(frozen=True)
class Words:
    """The texts a child reads, made by the caller in the learner's language."""

    prompt: str
    hint: str
    explanation: str
    options: Mapping[str, str] = field(default_factory=dict)


class Refused(ValueError):
    """A draft that cannot be made into a puzzle; ``refusals`` says why."""

    def __init__(self, refusals: list[Refusal]):
        super().__init__(", ".join(r.code.value for r in refusals))
        self.refusals = refusals


# --- the puzzle ------------------------------------------------------------------------


def start_fen(draft: Draft) -> str:
    return rules.position_after(draft.fen, draft.moves) if draft.moves else draft.fen


def option_values(draft: Draft) -> tuple[str, ...]:
    if draft.question == "state":
        return STATE_OPTIONS
    if draft.question in ("legal", "check", "castle"):
        return YES_NO
    return ()


def puzzle_of(draft: Draft, puzzle_id: str, lesson: str, words: Words) -> Puzzle:
    """The draft as the curriculum's Puzzle (the answer computed by the engine)."""
    base = {
        "id": puzzle_id,
        "lesson": lesson,
        "prompt": words.prompt,
        "hint": words.hint,
        "explanation": words.explanation,
        "fen": draft.fen,
        "moves": tuple(draft.moves),
    }
    options = tuple(Option(v, words.options.get(v, v)) for v in option_values(draft))
    made = _MAKERS[draft.question](draft, base, options)
    if made.kind == "choice":
        return Puzzle(**{**base, **_fields_of(made), "answer": tuple(sorted(choice.truth(made)))})
    if made.kind == "assess":
        truth = sorted(assess.truth(made))
        return Puzzle(**{**base, **_fields_of(made), "answer": (truth[0],)})
    return made


def _fields_of(puzzle: Puzzle) -> dict:
    return {
        "kind": puzzle.kind,
        "question": puzzle.question,
        "params": puzzle.params,
        "square": puzzle.square,
        "options": puzzle.options,
        "goal": puzzle.goal,
        "target": puzzle.target,
    }


def _star(draft: Draft, base: dict, options) -> Puzzle:
    piece = (rules.piece_at(start_fen(draft), draft.square) or "n").upper()
    goal = {"type": "visit", "targets": list(draft.targets), "budget": draft.budget or 1}
    return Puzzle(**base, kind="move", goal=MappingProxyType({**goal, "piece": piece}))


def _choice(question: str, params: Callable[[Draft], dict]):
    def make(draft: Draft, base: dict, options) -> Puzzle:
        values = params(draft)
        return Puzzle(
            **base,
            kind="choice",
            question=question,
            params=MappingProxyType(values),
            square=values.get("square", ""),
            options=options,
        )

    return make


def _capture(draft: Draft, base: dict, options) -> Puzzle:
    verdict = rules.check_move(draft.fen, draft.move, draft.moves)
    square = verdict.captured_square or draft.move[2:4]
    goal = MappingProxyType({"type": "capture", "square": square})
    return Puzzle(**base, kind="move", goal=goal)


_MAKERS = {
    "star": _star,
    "legal": _choice("move_legal", lambda d: {"move": d.move}),
    "squares": lambda d, base, options: Puzzle(
        **base, kind="squares", target="destinations", square=d.square
    ),
    "mate": lambda d, base, options: Puzzle(
        **base, kind="move", goal=MappingProxyType({"type": "mate", "within": 1})
    ),
    "state": lambda d, base, options: Puzzle(**base, kind="assess", options=options),
    "check": _choice("in_check", lambda d: {}),
    "castle": _choice("can_castle", lambda d: {"side": d.side}),
    "capture": _capture,
}


# --- proving it --------------------------------------------------------------------------

PROOF_WORDS = Words("題目", "提示", "說明", {v: "選項" for v in (*YES_NO, *STATE_OPTIONS)})


def completed(draft: Draft, partners_from: Iterable[Puzzle], prompt: str = "") -> Draft:
    """The draft made sound, with its budget found; raises Refused with every reason it
    cannot be a puzzle (those of the position first: the rest need a position)."""
    refusals = _position_refusals(draft)
    if refusals:
        raise Refused(refusals)
    try:
        draft = _with_budget(draft)
        refusals = _FIELD_CHECKS[draft.question](draft)
        words = replace(PROOF_WORDS, prompt=prompt or PROOF_WORDS.prompt)
        puzzle = None if refusals else puzzle_of(draft, "own-draft", "sets", words)
    except (ValueError, rules.RulesError) as error:  # what no check above foresaw
        raise Refused([Refusal(Code.ENGINE, detail=str(error))]) from error
    if refusals:
        raise Refused(refusals)
    refusals = [_from_validator(message) for message in puzzle_problems(puzzle)]
    if not refusals and len(puzzle.options) == 2 and not partners_among(puzzle, partners_from):
        refusals.append(Refusal(Code.NO_PARTNER))
    if refusals:
        raise Refused(refusals)
    return draft


def _position_refusals(draft: Draft) -> list[Refusal]:
    if draft.question not in QUESTIONS:
        return [Refusal(Code.UNKNOWN_QUESTION)]
    try:
        flaws = rules.position_flaws(draft.fen)
    except ValueError:
        return [Refusal(Code.NOT_A_FEN)]
    if flaws:
        return [Refusal(Code.ILLEGAL_POSITION, detail=", ".join(flaws))]
    wrong = rules.first_illegal(draft.fen, draft.moves)
    if wrong is not None:
        index, verdict = wrong
        move = draft.moves[index]
        return [Refusal(Code.ILLEGAL_HISTORY, (move,), number=index + 1, verdict=verdict)]
    start = start_fen(draft)
    if rules.position_flaws(start):  # legal moves reach no such position: not expected
        return [Refusal(Code.ILLEGAL_POSITION, detail=", ".join(rules.position_flaws(start)))]
    asks_a_move = draft.question in ("star", "squares", "mate", "capture")
    if asks_a_move and not rules.legal_moves(draft.fen, draft.moves):
        return [Refusal(Code.GAME_OVER)]
    return []


def _with_budget(draft: Draft) -> Draft:
    """A star question with the fewest moves that collect every star (0: none do)."""
    if draft.question != "star" or _piece_checks(draft):
        return draft
    start = start_fen(draft)
    if not draft.targets or set(draft.targets) - SQUARE_NAMES or rules.assess(start).in_check:
        return draft
    piece = rules.piece_at(start, draft.square).lower()
    found = next(
        (
            budget
            for budget in range(len(draft.targets), MAX_STAR_MOVES + 1)
            if rules.can_collect(start, draft.targets, budget, piece)
        ),
        0,
    )
    return replace(draft, budget=found)


def _piece_checks(draft: Draft) -> list[Refusal]:
    if draft.square not in SQUARE_NAMES:
        return [Refusal(Code.NOT_A_SQUARE, (draft.square,) if draft.square else ())]
    start = start_fen(draft)
    piece = rules.piece_at(start, draft.square)
    if piece is None:
        return [Refusal(Code.EMPTY_SQUARE, (draft.square,))]
    white = rules.side_to_move(start) == "white"
    if piece.isupper() != white:
        return [Refusal(Code.NOT_TO_MOVE, (draft.square,), (piece,))]
    return []


def _star_checks(draft: Draft) -> list[Refusal]:
    refusals = _piece_checks(draft)
    if refusals:
        return refusals
    start = start_fen(draft)
    bad = [t for t in draft.targets if t not in SQUARE_NAMES]
    if not draft.targets or bad:
        return [Refusal(Code.NO_STARS, tuple(bad))]
    if draft.square in draft.targets:
        return [Refusal(Code.STAR_UNDER_PIECE, (draft.square,))]
    if rules.assess(start).in_check:
        return [Refusal(Code.STARTS_IN_CHECK)]
    if not draft.budget:
        return [Refusal(Code.STARS_OUT_OF_REACH, tuple(draft.targets))]
    piece = rules.piece_at(start, draft.square).lower()
    other = rules.visit_other_way(start, draft.targets, draft.budget, piece)
    if other is not None:
        return [Refusal(Code.OTHER_PIECE_COLLECTS, tuple(m[:2] for m in other[:1]), ())]
    return []


def _squares_checks(draft: Draft) -> list[Refusal]:
    refusals = _piece_checks(draft)
    if not refusals and not rules.destinations(start_fen(draft), draft.square):
        refusals = [Refusal(Code.NO_DESTINATIONS, (draft.square,))]
    return refusals


def _move_checks(draft: Draft) -> list[Refusal]:
    if not UCI_PATTERN.match(draft.move or "") or draft.move[:2] == draft.move[2:4]:
        return [Refusal(Code.NOT_A_MOVE)]
    if rules.piece_at(start_fen(draft), draft.move[:2]) is None:
        return [Refusal(Code.EMPTY_SQUARE, (draft.move[:2],))]
    return []


def _capture_checks(draft: Draft) -> list[Refusal]:
    refusals = _move_checks(draft)
    if refusals:
        return refusals
    verdict = rules.check_move(draft.fen, draft.move, draft.moves)
    if not verdict.legal or verdict.captured is None:
        return [Refusal(Code.NOT_A_CAPTURE, (draft.move[:2], draft.move[2:4]))]
    gain = rules.exchange_gain(draft.fen, draft.move, draft.moves)
    for other in rules.legal_moves(draft.fen, draft.moves):
        if other[:4] == verdict.move[:4]:
            continue
        seen = rules.check_move(draft.fen, other, draft.moves)
        if seen.captured is None:
            continue
        if seen.captured_square == verdict.captured_square and seen.move[:2] != draft.move[:2]:
            # Another piece can take the same piece: the goal would accept both.
            pieces = (seen.mover, verdict.captured)
            return [Refusal(Code.ALSO_CAPTURES, (other[:2], seen.captured_square), pieces)]
        if rules.exchange_gain(draft.fen, other, draft.moves) >= gain:
            pieces = (seen.mover, seen.captured)
            return [Refusal(Code.BETTER_CAPTURE, (other[:2], seen.captured_square), pieces)]
    return []


_FIELD_CHECKS: Mapping[str, Callable[[Draft], list[Refusal]]] = {
    "star": _star_checks,
    "legal": _move_checks,
    "squares": _squares_checks,
    "mate": lambda d: [],
    "state": lambda d: _state_checks(d),
    "check": lambda d: [],
    "castle": lambda d: (
        [] if d.side in ("short", "long") else [Refusal(Code.ENGINE, detail="side")]
    ),
    "capture": _capture_checks,
}


def _state_checks(draft: Draft) -> list[Refusal]:
    dummy = Puzzle("x", "sets", "assess", "", draft.fen, "", "", moves=tuple(draft.moves))
    if not assess.truth(dummy) & set(STATE_OPTIONS):
        return [Refusal(Code.STATE_NOT_OFFERED)]
    return []


# The validator's messages a grown-up meets most, as codes (the rest: ENGINE, in English).
_VALIDATOR_CODES = (
    ("every legal move meets the goal", Code.NOTHING_TO_LEARN),
    ("no legal move forces mate", Code.NO_MATE),
    ("another piece can collect the stars", Code.OTHER_PIECE_COLLECTS),
    ("no legal moves collect every target", Code.STARS_OUT_OF_REACH),
)


def _from_validator(message: str) -> Refusal:
    for start, code in _VALIDATOR_CODES:
        if message.startswith(start):
            return Refusal(code)
    return Refusal(Code.ENGINE, detail=message)


def partners_among(puzzle: Puzzle, puzzles: Iterable[Puzzle]) -> tuple[Puzzle, ...]:
    """The puzzles that may be asked in a two-option question's place after a miss: the
    same question about another position (curriculum.reasks), those teaching the same
    rule first; empty for any other puzzle."""
    if not reasks.two_options(puzzle):
        return ()
    asking = [p for p in puzzles if reasks.same_question(puzzle, p)]
    told = reasks.rule(puzzle)
    same = [p for p in asking if told is not None and reasks.rule(p) == told]
    return (*same, *(p for p in asking if p not in same))


# --- the lesson file's table ----------------------------------------------------------------

CHOICE_PARAMS = ("side", "move", "square", "colour", "san")


def table_of(puzzle: Puzzle, puzzle_id: str, draft: Draft | None = None) -> dict:
    """The puzzle as a ``[[puzzles]]`` table of a lesson file (content/FORMAT.md), with its
    author's ``draft`` when it has one (the loader reads past it)."""
    table: dict = {"id": puzzle_id, "kind": puzzle.kind, "prompt": puzzle.prompt}
    if puzzle.fen:
        table["fen"] = puzzle.fen
    if puzzle.moves:
        table["moves"] = list(puzzle.moves)
    table |= {"hint": puzzle.hint, "explanation": puzzle.explanation}
    if puzzle.kind == "move":
        table["goal"] = dict(puzzle.goal)
    elif puzzle.kind == "squares":
        table |= {"target": puzzle.target, "square": puzzle.square}
    elif puzzle.kind == "assess":
        table |= {"options": [o.value for o in puzzle.options], "answer": puzzle.answer[0]}
    else:
        if puzzle.kind == "choice":
            table["question"] = puzzle.question
            table |= {k: puzzle.params[k] for k in CHOICE_PARAMS if k in puzzle.params}
        table["options"] = [
            {"value": o.value, "text": o.text, **({"why": o.why} if o.why else {})}
            for o in puzzle.options
        ]
        table["answer"] = list(puzzle.answer)
    if puzzle.uses:
        table["uses"] = list(puzzle.uses)
    if puzzle.again:
        table["again"] = puzzle.again
    if draft is not None:
        table["draft"] = {k: v for k, v in draft.as_dict().items() if v not in ("", [], 0)}
    return table
