"""The computed truth behind squares, choice and assess puzzles.

Each function asks the rules engine about the puzzle's position (``fen`` after
``moves``) and returns the set of correct values.
"""

from __future__ import annotations

import rules
from curriculum.loading import Puzzle

CASTLING_MOVES = {
    ("white", "short"): "e1g1",
    ("white", "long"): "e1c1",
    ("black", "short"): "e8g8",
    ("black", "long"): "e8c8",
}


def squares_truth(puzzle: Puzzle) -> frozenset[str]:
    fen, moves, square = puzzle.fen, puzzle.moves, puzzle.square
    if puzzle.target == "destinations":
        return frozenset(rules.destinations(fen, square, moves))
    if puzzle.target == "attacks":
        return frozenset(rules.attacks(fen, square, moves))
    if puzzle.target == "king_cannot_go":
        around = rules.neighbours(square)
        return frozenset(around - set(rules.destinations(fen, square, moves)))
    raise ValueError(f"unknown squares target {puzzle.target!r}")


def castling_move(puzzle: Puzzle) -> str:
    return CASTLING_MOVES[(puzzle.side_to_move, puzzle.params["side"])]


def reason_names(verdict) -> frozenset[str]:
    return frozenset(reason.value for reason in verdict.reasons)


def choice_truth(puzzle: Puzzle) -> frozenset[str]:
    fen, moves, params = puzzle.fen, puzzle.moves, puzzle.params
    question = puzzle.question
    if question == "can_castle":
        verdict = rules.check_move(fen, castling_move(puzzle), moves)
        return frozenset(["yes" if verdict.legal and verdict.castling else "no"])
    if question == "castling_reasons":
        return reason_names(rules.check_move(fen, castling_move(puzzle), moves))
    if question == "move_legal":
        return frozenset(["yes" if rules.check_move(fen, params["move"], moves).legal else "no"])
    if question == "illegal_reason":
        return reason_names(rules.check_move(fen, params["move"], moves))
    if question == "en_passant_capturers":
        return frozenset(rules.en_passant_capturers(fen, moves))
    if question == "checkers":
        return frozenset(rules.assess(fen, moves).checkers)
    if question == "in_check":
        return frozenset(["yes" if rules.assess(fen, moves).in_check else "no"])
    if question == "san":
        return frozenset([rules.check_move(fen, params["move"], moves).san])
    if question == "destination_of":
        return frozenset([rules.parse_move(fen, params["san"], moves)[2:4]])
    if question == "piece_at":
        piece = rules.piece_at(puzzle.start_fen, params["square"])
        return frozenset([piece or "empty"])
    if question == "square_color":
        return frozenset([rules.square_color(params["square"])])
    if question == "can_claim":
        claims = rules.assess(fen, moves).claims
        names = {
            "threefold": rules.Claim.THREEFOLD_REPETITION in claims,
            "fifty": rules.Claim.FIFTY_MOVES in claims,
        }
        return frozenset([name for name, yes in names.items() if yes] or ["none"])
    raise ValueError(f"unknown question {question!r}")


def assess_truth(puzzle: Puzzle) -> frozenset[str]:
    """The automatic ending if there is one, else every claimable draw, else "ongoing"."""
    assessment = rules.assess(puzzle.fen, puzzle.moves)
    if assessment.termination is not None:
        return frozenset([assessment.termination.value])
    if assessment.claims:
        return frozenset(claim.value for claim in assessment.claims)
    return frozenset(["ongoing"])
