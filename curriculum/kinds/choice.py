"""Choice puzzles: a question whose options are engine facts (the QUESTIONS table).

Each question names the parameters a content file gives, whether several options
may be right (the form then offers checkboxes), and the truth: the set of correct
option values, computed by the rules engine from the puzzle's position (``fen``
after ``moves``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import rules
from curriculum import fields
from curriculum.kinds import common
from curriculum.kinds.move import UCI_PATTERN
from curriculum.outcome import Outcome
from curriculum.puzzles import Problem, Puzzle, problem

NAME = "choice"
BOARD_MODE = "view"
shows_moves = common.never_shows_moves  # no move board: nothing to dot
NEEDS_POSITION = True
AUTHORED_OPTIONS = True
SQUARE_NAMES = frozenset(f + r for f in "abcdefgh" for r in "12345678")

answer_from = common.answer_from
played_from = common.no_moves
position_now = common.start_position


def yes_no(answer: bool) -> frozenset[str]:
    return frozenset(["yes" if answer else "no"])


def reason_names(verdict: rules.Verdict) -> frozenset[str]:
    return frozenset(reason.value for reason in verdict.reasons)


def castling_move(puzzle: Puzzle) -> str:
    return rules.castling_move(puzzle.side_to_move, puzzle.params["side"])


def _can_castle(p: Puzzle) -> frozenset[str]:
    verdict = rules.check_move(p.fen, castling_move(p), p.moves)
    return yes_no(verdict.legal and bool(verdict.castling))


def _can_claim(p: Puzzle) -> frozenset[str]:
    claims = rules.assess(p.fen, p.moves).claims
    names = {
        "threefold": rules.Claim.THREEFOLD_REPETITION in claims,
        "fifty": rules.Claim.FIFTY_MOVES in claims,
    }
    return frozenset([name for name, yes in names.items() if yes] or ["none"])


def _written_right(p: Puzzle) -> frozenset[str]:
    """Every option that writes the move as the Laws allow (x, +, # and e.p. may be left
    out, C.13); none offered: the SAN itself."""
    move = p.params["move"]
    right = [
        o.value for o in p.options if rules.why_san_wrong(p.fen, move, o.value, p.moves) is None
    ]
    return frozenset(right or [rules.check_move(p.fen, move, p.moves).san])


def _material_lead(p: Puzzle) -> frozenset[str]:
    lead = rules.material_lead(p.fen, p.moves)
    return frozenset(["white" if lead > 0 else "black" if lead < 0 else "equal"])


def _exchange(p: Puzzle) -> frozenset[str]:
    gain = rules.exchange_gain(p.fen, p.params["move"], p.moves)
    return frozenset(["win" if gain > 0 else "lose" if gain < 0 else "even"])


def _is_capture(p: Puzzle) -> bool:
    verdict = rules.check_move(p.fen, p.params["move"], p.moves)
    return verdict.legal and verdict.captured is not None


def _count(found: list[str]) -> frozenset[str]:
    return frozenset([str(len(found))])


@dataclass(frozen=True)
class Question:
    params: tuple[str, ...]
    truth: Callable[[Puzzle], frozenset[str]]
    several: bool = False  # the answer is a set: checkboxes, not radio buttons


QUESTIONS: Mapping[str, Question] = MappingProxyType(
    {
        "can_castle": Question(("side",), _can_castle),
        "castling_reasons": Question(
            ("side",),
            lambda p: reason_names(rules.check_move(p.fen, castling_move(p), p.moves)),
            several=True,
        ),
        "move_legal": Question(
            ("move",), lambda p: yes_no(rules.check_move(p.fen, p.params["move"], p.moves).legal)
        ),
        "illegal_reason": Question(
            ("move",),
            lambda p: reason_names(rules.check_move(p.fen, p.params["move"], p.moves)),
            several=True,
        ),
        "en_passant_capturers": Question(
            (), lambda p: frozenset(rules.en_passant_capturers(p.fen, p.moves)), several=True
        ),
        "checkers": Question(
            (), lambda p: frozenset(rules.assess(p.fen, p.moves).checkers), several=True
        ),
        "in_check": Question((), lambda p: yes_no(rules.assess(p.fen, p.moves).in_check)),
        "san": Question(("move",), _written_right),
        "destination_of": Question(
            ("san",), lambda p: frozenset([rules.parse_move(p.fen, p.params["san"], p.moves)[2:4]])
        ),
        "piece_at": Question(
            ("square",),
            lambda p: frozenset([rules.piece_at(p.start_fen, p.params["square"]) or "empty"]),
        ),
        "square_color": Question(
            ("square",), lambda p: frozenset([rules.square_color(p.params["square"])])
        ),
        "can_claim": Question((), _can_claim),
        "material": Question(
            ("colour",),
            lambda p: frozenset([str(rules.material(p.fen, p.moves)[p.params["colour"]])]),
        ),
        "material_lead": Question((), _material_lead),
        "attackers_count": Question(
            ("square",), lambda p: _count(rules.attackers_of(p.fen, p.params["square"], p.moves))
        ),
        "defenders_count": Question(
            ("square",), lambda p: _count(rules.defenders_of(p.fen, p.params["square"], p.moves))
        ),
        "exchange": Question(("move",), _exchange),
    }
)

# A parameter's check: whether a value is allowed, and what to say when not.
PARAM_CHECKS: Mapping[str, tuple[Callable[[str], bool], str]] = {
    "side": (lambda v: v in ("short", "long"), "`side` must be short or long"),
    "square": (lambda v: v in SQUARE_NAMES, "`square` must be a square name"),
    "move": (lambda v: bool(UCI_PATTERN.match(v)), "`move` must be a UCI move"),
    "colour": (lambda v: v in ("white", "black"), "`colour` must be white or black"),
}


def truth(puzzle: Puzzle) -> frozenset[str]:
    question = QUESTIONS.get(puzzle.question)
    if question is None:
        raise ValueError(f"unknown question {puzzle.question!r}")
    return question.truth(puzzle)


def several(puzzle: Puzzle) -> bool:
    return QUESTIONS[puzzle.question].several


def load(raw: Mapping) -> dict:
    question = raw.get("question")
    if question not in QUESTIONS:
        raise problem(f"unknown question {question!r}")
    params = {name: fields.text(raw, name) for name in QUESTIONS[question].params}
    offered = fields.options(raw.get("options"))
    answer = fields.strings(raw.get("answer"), "answer")
    fields.stated_answer_problems(offered, answer)
    return {
        "question": question,
        "params": MappingProxyType(params),
        "square": params.get("square", ""),
        "options": offered,
        "answer": answer,
    }


def judge(puzzle: Puzzle, answer: object, played: tuple[str, ...], position=None) -> Outcome:
    return common.compare_options(puzzle, common.values(answer), truth(puzzle))


def validate(puzzle: Puzzle) -> None:
    for name in QUESTIONS[puzzle.question].params:
        allowed, message = PARAM_CHECKS.get(name, (lambda v: True, ""))
        if not allowed(puzzle.params[name]):
            raise Problem(message)
    if puzzle.question in ("en_passant_capturers", "checkers"):
        # Each option names a piece by its square: that piece must be there.
        empty = [
            o.value for o in puzzle.options if rules.piece_at(puzzle.start_fen, o.value) is None
        ]
        if empty:
            raise Problem(f"options name empty squares: {', '.join(empty)}")
    if puzzle.question == "exchange" and not _is_capture(puzzle):
        raise Problem(f"exchange: {puzzle.params['move']} is not a legal capture")
    if puzzle.question == "can_claim":
        _refuse_an_answer_a_move_changes(puzzle)
    if puzzle.question == "san":
        _refuse_a_lawful_form_marked_wrong(puzzle)
    computed = truth(puzzle)
    offered = {option.value for option in puzzle.options}
    if not computed <= offered:
        raise Problem(f"the correct options {sorted(computed)} are not all offered")
    if set(puzzle.answer) != computed:
        raise Problem(
            f"stated answer {sorted(puzzle.answer)} but the engine says {sorted(computed)}"
        )


def _refuse_an_answer_a_move_changes(puzzle: Puzzle) -> None:
    """A claim may be made by declaring the move that brings it (9.2.1.1, 9.3.1): a claim
    question whose answer such a move would change asks something the Laws answer
    otherwise, so the position must leave no such move."""
    now = rules.assess(puzzle.fen, puzzle.moves).claims
    for move in rules.legal_moves(puzzle.fen, puzzle.moves):
        more = rules.claims_after(puzzle.fen, move, puzzle.moves) - now
        if more:
            san = rules.check_move(puzzle.fen, move, puzzle.moves).san
            claimed = ", ".join(sorted(claim.value for claim in more))
            raise Problem(
                f"can_claim: declaring {san} claims {claimed} (a move changes the answer)"
            )


def _refuse_a_lawful_form_marked_wrong(puzzle: Puzzle) -> None:
    """A wrong option of a notation question must be wrong under the Laws, not only less
    usual: x, +, ++ or # and e.p. are not obligatory (C.13)."""
    lawful = truth(puzzle) - set(puzzle.answer)
    if lawful:
        raise Problem(
            f"san: {', '.join(sorted(lawful))} is written as the Laws allow (C.13), "
            "yet marked wrong"
        )
