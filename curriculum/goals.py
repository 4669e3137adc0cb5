"""Judging a learner's answer to a puzzle: the engine decides, never an answer key.

``judge(puzzle, answer, played)`` returns an ``Outcome``. For a move puzzle the
answer is one UCI move and ``played`` the moves of this attempt so far (after
``puzzle.moves``), as returned in the previous ``Outcome.played``:

- a move the rules forbid is ``"illegal"``, with the engine's verdict (reason, squares);
- a legal move that misses the goal is ``"incorrect"``, with a message; it is not
  kept: ``played`` and ``fen`` stay where they were, so the learner tries again;
- a legal move that keeps a longer goal within reach is ``"continue"``; the
  defender's reply (the one that best resists the goal, ties broken by UCI
  order) is played and returned in ``reply``;
- a move that meets the goal is ``"correct"``.

Visit puzzles: only the learner's side moves. Between two of the learner's moves
the other side passes (the side to move in the FEN flips and the en passant
square is cleared), so ``played`` holds only the learner's moves and ``reply``
is None. A move that gives check is refused there: a pass would leave a king in
check.

Other kinds take a collection of values (squares, option values; assess: one
value) and are correct when the answer equals the computed truth.

Malformed answers raise ``AnswerError`` (a ValueError), or the engine's
``rules.RulesError`` (also a ValueError), so a view can answer 400.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

import rules
from curriculum import facts
from curriculum.loading import Puzzle

# k and p promotions are let through so that the engine can say why they are illegal.
UCI_PATTERN = re.compile(r"^[a-h][1-8][a-h][1-8][qrbnkp]?$")
SQUARE_PATTERN = re.compile(r"^[a-h][1-8]$")

# Visit puzzles: the other side passes between two of the learner's moves.
passed = rules.pass_turn


class AnswerError(ValueError):
    """The answer is not of the form the puzzle asks for."""


@dataclass(frozen=True)
class Outcome:
    verdict: str  # "correct" | "illegal" | "incorrect" | "continue"
    rules_verdict: rules.Verdict | None  # move puzzles: the engine's verdict on the move
    message: str | None
    played: tuple[str, ...]
    reply: str | None
    fen: str
    truth: frozenset[str]

    @property
    def solved(self) -> bool:
        return self.verdict == "correct"


def judge(puzzle: Puzzle, answer: object, played: Iterable[str] = ()) -> Outcome:
    if puzzle.kind == "move":
        if not isinstance(answer, str) or not UCI_PATTERN.match(answer):
            raise AnswerError(f"not a move in UCI notation: {answer!r}")
        played = tuple(played)
        if not all(isinstance(m, str) and UCI_PATTERN.match(m) for m in played):
            raise AnswerError("the moves played so far are not UCI moves")
        if puzzle.goal["type"] == "visit":
            return _judge_visit(puzzle, answer, played)
        return _judge_move(puzzle, answer, played)
    if puzzle.kind == "squares":
        chosen = _values(answer)
        bad = [s for s in chosen if not SQUARE_PATTERN.match(s)]
        if bad:
            raise AnswerError(f"not square names: {bad}")
        truth = facts.squares_truth(puzzle)
        return _compare(puzzle, chosen, truth, _squares_message(chosen, truth))
    if puzzle.kind == "assess":
        if not isinstance(answer, str):
            raise AnswerError("an assess answer is one value")
        chosen = frozenset([answer])
        truth = facts.assess_truth(puzzle)
    elif puzzle.kind == "choice":
        chosen = _values(answer)
        truth = facts.choice_truth(puzzle)
    else:
        chosen = _values(answer)
        truth = frozenset(puzzle.answer)
    offered = {option.value for option in puzzle.options}
    if not chosen or not chosen <= offered:
        raise AnswerError(f"choose among the options: {sorted(offered)}")
    return _compare(puzzle, chosen, truth, _("That is not right. Read the question again."))


def _values(answer: object) -> frozenset[str]:
    if isinstance(answer, str) or not isinstance(answer, Collection):
        raise AnswerError("the answer is a collection of values")
    if not all(isinstance(v, str) for v in answer):
        raise AnswerError("every value of the answer is a string")
    return frozenset(answer)


def _compare(puzzle: Puzzle, chosen: frozenset, truth: frozenset, message: str) -> Outcome:
    right = chosen == truth
    return Outcome(
        verdict="correct" if right else "incorrect",
        rules_verdict=None,
        message=None if right else message,
        played=(),
        reply=None,
        fen=puzzle.start_fen,
        truth=truth,
    )


def _squares_message(chosen: frozenset, truth: frozenset) -> str:
    if chosen - truth and truth - chosen:
        return _("Some squares you chose are wrong, and some are missing.")
    if chosen - truth:
        return _("Some squares you chose are wrong.")
    return _("Some squares are still missing.")


# --- move puzzles -------------------------------------------------------------


def _judge_move(puzzle: Puzzle, move: str, played: tuple[str, ...]) -> Outcome:
    if puzzle.goal["type"] in ("mate", "stalemate"):
        within = int(puzzle.goal.get("within", 1))
        if len(played) % 2 or len(played) // 2 >= within:
            raise AnswerError("the moves played so far do not fit this puzzle")
    elif played:
        raise AnswerError("this puzzle is solved in one move")
    history = (*puzzle.moves, *played)
    fen_now = rules.position_after(puzzle.fen, history)
    verdict = rules.check_move(puzzle.fen, move, history)

    def outcome(kind: str, message: str | None = None, reply: str | None = None) -> Outcome:
        if kind in ("illegal", "incorrect"):
            return Outcome(kind, verdict, message, played, None, fen_now, frozenset())
        done = verdict.move  # the engine's spelling: king-takes-rook castling becomes e1g1
        moves = (*played, done) if reply is None else (*played, done, reply)
        fen = rules.position_after(puzzle.fen, (*puzzle.moves, *moves))
        return Outcome(kind, verdict, message, moves, reply, fen, frozenset())

    if not verdict.legal:
        return outcome("illegal")
    goal = puzzle.goal
    kind = goal["type"]
    if kind in ("mate", "stalemate"):
        within = int(goal.get("within", 1))
        learner_moves_left = within - len(played) // 2
        progress = rules.progress_after(puzzle.fen, history, verdict.move, kind, learner_moves_left)
        status, reply = progress.status, progress.reply
        if status == "met":
            return outcome("correct", reply=reply)
        if status == "on_track":
            return outcome("continue", _("Good move! Now find the next one."), reply)
        if learner_moves_left > 1:  # a first move that lets the defender escape the goal
            if kind == "mate":
                missed = _("This move is legal, but now the other side can escape checkmate.")
            else:
                missed = _("This move is legal, but now stalemate can no longer be forced.")
            return outcome("incorrect", missed)
        if kind == "mate":
            return outcome("incorrect", _("This move is legal, but it does not checkmate."))
        return outcome("incorrect", _("This move is legal, but it does not lead to stalemate."))
    met, message = meets_single_move_goal(puzzle, puzzle.fen, history, move, verdict)
    return outcome("correct") if met else outcome("incorrect", message)


def meets_single_move_goal(
    puzzle: Puzzle, fen: str, history: tuple[str, ...], move: str, verdict
) -> tuple[bool, str | None]:
    """Whether a legal one-move answer meets the goal, and what to say if not.

    `verdict` is the engine's verdict on `move` after `history` played from `fen`.
    """
    goal = puzzle.goal
    kind = goal["type"]
    if kind == "check":
        return verdict.gives_check, _("This move is legal, but it does not give check.")
    if kind == "escape_check":
        checkers = set(rules.assess(fen, history).checkers)
        by = goal.get("by", "any")
        king_moved = _letter(verdict.piece) == "k"
        if by == "king":
            return king_moved, _("You are out of check, but the king did not move.")
        captured_at = _captured_square(move, verdict)
        if by == "capture":
            met = captured_at in checkers
            return met, _("You are out of check, but the checking piece was not captured.")
        if by == "block":
            met = not king_moved and captured_at not in checkers
            return met, _("You are out of check, but the check was not blocked.")
        return True, None
    if kind == "castle":
        side = goal.get("side", "any")
        met = verdict.castling is not None and side in ("any", verdict.castling)
        if side == "short":
            return met, _("This move is legal, but it is not castling short.")
        if side == "long":
            return met, _("This move is legal, but it is not castling long.")
        return met, _("This move is legal, but it is not castling.")
    if kind == "en_passant":
        return bool(verdict.en_passant), _(
            "This move is legal, but it does not capture en passant."
        )
    if kind == "promote":
        if verdict.promotion is None:
            return False, _("This move is legal, but no pawn is promoted.")
        piece = goal.get("piece", "any")
        if piece != "any" and _letter(verdict.promotion) != piece:
            return False, _("The pawn is promoted, but not to the piece asked for.")
        if goal.get("mate") and not verdict.checkmate:
            return False, _("The pawn is promoted, but it is not checkmate.")
        if goal.get("avoid_stalemate") and verdict.stalemate:
            return False, _("Careful: this promotion is stalemate, and the game is a draw.")
        return True, None
    if kind == "capture":
        if verdict.captured is None:
            return False, _("This move is legal, but it does not capture anything.")
        piece = goal.get("piece")
        square = goal.get("square")
        met = (piece is None or _letter(verdict.captured) == piece) and (
            square is None or _captured_square(move, verdict) == square
        )
        return met, _("This move captures, but not the piece asked for.")
    if kind == "threefold":
        after = (*history, move)
        claims = set(rules.claims_after(fen, move, history)) | set(rules.assess(fen, after).claims)
        met = rules.Claim.THREEFOLD_REPETITION in claims
        return met, _("This move is legal, but nobody may claim threefold repetition after it.")
    if kind == "avoid_stalemate":
        if verdict.stalemate:
            return False, _("Careful: this move is stalemate, and the game is a draw.")
        if goal.get("mate") and not verdict.checkmate:
            return False, _("This move is legal, but it does not checkmate.")
        return True, None
    if kind == "reach":
        met = _letter(verdict.piece) == goal["piece"].lower() and move[2:4] == goal["square"]
        return met, _("This move is legal, but that piece has not reached the square.")
    raise AnswerError(f"unknown goal type {kind!r}")


def _letter(value: object) -> str | None:
    """A piece as a lower-case letter, whatever form the engine gives it in."""
    if value is None:
        return None
    text = str(getattr(value, "value", value))
    return (
        text[:1].lower()
        if len(text) == 1
        else {
            "king": "k",
            "queen": "q",
            "rook": "r",
            "bishop": "b",
            "knight": "n",
            "pawn": "p",
        }.get(text.lower(), text.lower())
    )


def _captured_square(move: str, verdict) -> str:
    if verdict.en_passant:
        return move[2] + move[1]  # the captured pawn stands beside the capturing pawn
    return move[2:4]


# --- visit puzzles --------------------------------------------------------------


def _judge_visit(puzzle: Puzzle, move: str, played: tuple[str, ...]) -> Outcome:
    goal = puzzle.goal
    targets = frozenset(goal["targets"])
    budget = int(goal.get("budget", len(targets)))
    if len(played) >= budget:
        raise AnswerError("every move of the budget has been played")
    fen_now = puzzle.start_fen
    for earlier in played:
        step = rules.check_move(fen_now, earlier)
        if not step.legal:
            raise AnswerError(f"the move {earlier} played earlier is not legal")
        fen_now = passed(step.fen_after)
    verdict = rules.check_move(fen_now, move)

    def outcome(kind: str, message: str | None = None) -> Outcome:
        if kind in ("illegal", "incorrect"):
            return Outcome(kind, verdict, message, played, None, fen_now, frozenset())
        fen = verdict.fen_after if kind == "correct" else passed(verdict.fen_after)
        return Outcome(kind, verdict, message, (*played, verdict.move), None, fen, frozenset())

    if not verdict.legal:
        return outcome("illegal")
    if verdict.gives_check:
        return outcome("incorrect", _("In this puzzle, collect the stars without giving check."))
    left = targets - {m[2:4] for m in (*played, verdict.move)}
    if not left:
        return outcome("correct")
    moves_left = budget - len(played) - 1
    if moves_left <= 0 or not rules.can_collect(passed(verdict.fen_after), left, moves_left):
        return outcome(
            "incorrect",
            _("This move is legal, but then the stars cannot all be collected in time."),
        )
    return outcome("continue", _("Good! Keep collecting the stars."))
