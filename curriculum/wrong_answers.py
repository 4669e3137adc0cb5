"""Why a wrong answer to a squares, choice or assess puzzle is wrong, answer by answer.

``wrong_parts(puzzle, chosen, truth)`` asks the engine for the fact behind each wrong part of
the answer: each chosen value that is wrong, then each right value that was left out.
A ``Wrong`` holds either a ``rules.Refutation`` (a fact of the position: "the pawn on d5
came one step at a time") or the ``rules.Verdict`` of a move the answer took for legal
(its first finding names the rule the move breaks). No sentence is made here: the board
app says them (``board.refutations``, ``board.explanations``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import rules
from curriculum.puzzles import Puzzle


@dataclass(frozen=True)
class Wrong:
    """One reason an answer is wrong: a ``refutation`` or an illegal move's ``verdict``."""

    refutation: rules.Refutation | None = None
    verdict: rules.Verdict | None = None

    @property
    def squares(self) -> tuple[str, ...]:
        if self.refutation is not None:
            return self.refutation.squares
        assert self.verdict is not None
        return self.verdict.findings[0].squares if self.verdict.findings else ()


def wrong_parts(puzzle: Puzzle, chosen: frozenset[str], truth: frozenset[str]) -> tuple[Wrong, ...]:
    """Every reason ``chosen`` is not ``truth``: wrong values first, then missing ones."""
    wrong = sorted(chosen - truth)
    missing = sorted(truth - chosen)
    if puzzle.kind == "assess":
        return tuple(
            _fact(rules.why_not_ending(puzzle.fen, value, puzzle.moves)) for value in wrong
        )
    if puzzle.kind == "squares":
        return _squares(puzzle, wrong, missing)
    if puzzle.kind == "choice":
        return _CHOICES[puzzle.question](puzzle, wrong, missing)
    return ()


def _fact(refutation: rules.Refutation | None) -> Wrong | None:
    return Wrong(refutation=refutation) if refutation is not None else None


def _illegal(verdict: rules.Verdict) -> Wrong:
    return Wrong(verdict=verdict)


def _kept(found) -> tuple[Wrong, ...]:
    return tuple(miss for miss in found if miss is not None)


# --- squares ------------------------------------------------------------------------------


def _squares(puzzle: Puzzle, wrong: list[str], missing: list[str]) -> tuple[Wrong, ...]:
    """Why each wrongly marked square is wrong."""
    fen, moves, origin = puzzle.fen, puzzle.moves, puzzle.square
    if puzzle.target in ("attackers", "defenders", "hanging"):
        return _kept(_protection(puzzle, square) for square in wrong)
    found = []
    for square in wrong:
        if square == origin:
            continue  # the piece's own square: the frame says it, there is no move to judge
        if puzzle.target == "attacks":  # the piece in the way, or how the piece moves
            found.append(_fact(rules.why_not_attacked(fen, origin, square, moves)))
            continue
        verdict = rules.check_move(fen, origin + square, moves)
        if verdict.legal:  # king_cannot_go: a square the king may step on after all
            found.append(_fact(rules.why_legal(fen, origin + square, moves)))
        else:  # a square the piece cannot reach: the rule that stops it
            found.append(_illegal(verdict))
    # Missing squares are not explained: that would give the answer away (they are
    # counted, and shown after the second try).
    return _kept(found)


def _protection(puzzle: Puzzle, square: str) -> Wrong:
    """A wrong mark in an attackers, defenders or hanging puzzle: what stands there, or
    why that piece does not attack (defend) the piece asked about, or does not hang."""
    fen, moves = puzzle.fen, puzzle.moves
    piece = rules.piece_at(fen, square, moves)
    if piece is None:
        return Wrong(refutation=rules.Refutation(rules.Fact.PIECE_ON_SQUARE, (square,), (None,)))
    if puzzle.target == "hanging":
        return Wrong(refutation=rules.why_hanging_or_not(fen, square, moves))
    return Wrong(refutation=rules.why_no_capture_on(fen, square, puzzle.square, moves))


# --- choice ------------------------------------------------------------------------------


def _castling_move(puzzle: Puzzle) -> str:
    return rules.castling_move(puzzle.side_to_move, puzzle.params["side"])


def _yes_no(wrong: list[str]) -> str | None:
    return wrong[0] if wrong else None


def _can_castle(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    move = _castling_move(puzzle)
    side = puzzle.params["side"]
    if _yes_no(wrong) == "yes":
        return (_illegal(rules.check_move(puzzle.fen, move, puzzle.moves)),)
    return (_fact(rules.why_castling_allowed(puzzle.fen, side, puzzle.moves)),)


def _castling_reasons(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    side = puzzle.params["side"]
    verdict = rules.check_move(puzzle.fen, _castling_move(puzzle), puzzle.moves)
    found = [
        _fact(rules.why_condition_holds(puzzle.fen, side, rules.Reason(value), puzzle.moves))
        for value in wrong
    ]
    for value in missing:
        finding = next(f for f in verdict.findings if f.reason.value == value)
        found.append(_illegal(_only(verdict, finding)))
    return _kept(found)


def _only(verdict: rules.Verdict, finding: rules.Finding) -> rules.Verdict:
    """The verdict told by one of its findings (the one the answer left out)."""
    return replace(verdict, findings=(finding,), reasons=(finding.reason,), reason=finding.reason)


def _move_legal(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    move = puzzle.params["move"]
    if _yes_no(wrong) == "yes":
        return (_illegal(rules.check_move(puzzle.fen, move, puzzle.moves)),)
    return (_fact(rules.why_legal(puzzle.fen, move, puzzle.moves)),)


def _illegal_reason(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    # A wrong reason chosen: the rule the move really breaks says why.
    verdict = rules.check_move(puzzle.fen, puzzle.params["move"], puzzle.moves)
    return (_illegal(verdict),)


def _en_passant_capturers(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    fen, moves = puzzle.fen, puzzle.moves
    found = [_fact(rules.why_no_en_passant(fen, square, moves)) for square in wrong]
    found += [_fact(rules.why_en_passant(fen, square, moves)) for square in missing]
    return _kept(found)


def _checkers(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    fen, moves = puzzle.fen, puzzle.moves
    found = [_fact(rules.why_not_checking(fen, square, moves)) for square in wrong]
    if missing:
        found.append(_fact(rules.why_in_check(fen, moves)))
    return _kept(found)


def _in_check(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    if _yes_no(wrong) == "yes":
        return (_fact(rules.why_not_in_check(puzzle.fen, puzzle.moves)),)
    return (_fact(rules.why_in_check(puzzle.fen, puzzle.moves)),)


def _san(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    move = puzzle.params["move"]
    return _kept(_fact(rules.why_san_wrong(puzzle.fen, move, w, puzzle.moves)) for w in wrong)


def _destination_of(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    san = puzzle.params["san"]
    return _kept(
        _fact(rules.why_not_destination(puzzle.fen, san, square, puzzle.moves)) for square in wrong
    )


def _piece_at(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    square = puzzle.params["square"]
    piece = rules.piece_at(puzzle.start_fen, square)
    return (Wrong(refutation=rules.Refutation(rules.Fact.PIECE_ON_SQUARE, (square,), (piece,))),)


def _square_color(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    square = puzzle.params["square"]
    colour = rules.square_color(square)
    fact = rules.Refutation(rules.Fact.SQUARE_COLOUR, (square,), (None,), expected=colour)
    return (Wrong(refutation=fact),)


CLAIM_VALUES = {"threefold": "threefold_repetition", "fifty": "fifty_moves", "none": "ongoing"}


def _can_claim(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    fen, moves = puzzle.fen, puzzle.moves
    found = [_fact(rules.why_not_ending(fen, CLAIM_VALUES[value], moves)) for value in wrong]
    return _kept(found)


def _material(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    return (Wrong(refutation=rules.why_material(puzzle.fen, puzzle.moves)),)


def _attackers_count(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    return (
        Wrong(refutation=rules.why_attacked(puzzle.fen, puzzle.params["square"], puzzle.moves)),
    )


def _defenders_count(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    return (
        Wrong(refutation=rules.why_defended(puzzle.fen, puzzle.params["square"], puzzle.moves)),
    )


def _exchange(puzzle: Puzzle, wrong, missing) -> tuple[Wrong, ...]:
    # What decides an exchange: who defends the piece taken.
    square = puzzle.params["move"][2:4]
    return (Wrong(refutation=rules.why_defended(puzzle.fen, square, puzzle.moves)),)


_CHOICES = {
    "can_castle": _can_castle,
    "castling_reasons": _castling_reasons,
    "move_legal": _move_legal,
    "illegal_reason": _illegal_reason,
    "en_passant_capturers": _en_passant_capturers,
    "checkers": _checkers,
    "in_check": _in_check,
    "san": _san,
    "destination_of": _destination_of,
    "piece_at": _piece_at,
    "square_color": _square_color,
    "can_claim": _can_claim,
    "material": _material,
    "material_lead": _material,
    "attackers_count": _attackers_count,
    "defenders_count": _defenders_count,
    "exchange": _exchange,
}
