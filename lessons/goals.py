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
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

import chess
from django.utils.translation import gettext as _

import rules
from lessons import facts
from lessons.curriculum import Puzzle

# k and p promotions are let through so that the engine can say why they are illegal.
UCI_PATTERN = re.compile(r"^[a-h][1-8][a-h][1-8][qrbnkp]?$")
SQUARE_PATTERN = re.compile(r"^[a-h][1-8]$")


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
        board = board_after(puzzle.fen, history)
        board.push(chess.Move.from_uci(verdict.move))
        reached = mate_reached if kind == "mate" else stalemate_reached
        loser = board.turn  # the defender, to move after the learner's move
        status, reply = after_learner_move(board, learner_moves_left, reached, loser)
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
    if isinstance(value, chess.Piece):
        return value.symbol().lower()
    if isinstance(value, int) and not isinstance(value, bool):
        return chess.piece_symbol(value)
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
    board = chess.Board(passed(verdict.fen_after))
    if moves_left <= 0 or not can_collect(board, left, moves_left):
        return outcome(
            "incorrect",
            _("This move is legal, but then the stars cannot all be collected in time."),
        )
    return outcome("continue", _("Good! Keep collecting the stars."))


def passed(fen: str) -> str:
    """The position after the side to move passes: the other side moves next, no en passant."""
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    fields[3] = "-"
    return " ".join(fields)


@dataclass(frozen=True)
class VisitSearch:
    can_succeed: bool  # some sequence of moves collects every target within the budget
    can_fail: bool  # some sequence of legal moves does not


def visit_search(board: chess.Board, targets: Iterable[str], budget: int) -> VisitSearch:
    """Whether the learner can collect every target within `budget` moves, and whether
    some legal sequence fails to (the other side passing between moves).

    The engine offers no search, so this walks positions with python-chess.
    Moves giving check are left out, as the judge refuses them.
    """
    left = frozenset(targets)
    return VisitSearch(
        can_succeed=can_collect(board, left, budget),
        can_fail=_can_miss(board.copy(stack=False), left, budget),
    )


def _passing_children(board: chess.Board):
    """Each move that gives no check, with the position after it and the other side's pass."""
    for move in list(board.legal_moves):
        board.push(move)
        if not board.is_check():
            board.turn = not board.turn
            board.ep_square = None
            yield move, board
        board.pop()  # restores the side to move and the en passant square too


def can_collect(board: chess.Board, left: frozenset[str], budget: int) -> bool:
    board = board.copy(stack=False)
    frontier = {(_key(board), left): board}
    for _depth in range(budget):
        following = {}
        for (_placement, still), position in frontier.items():
            for move, child in _passing_children(position):
                remaining = still - {chess.square_name(move.to_square)}
                if not remaining:
                    return True
                key = (_key(child), remaining)
                if key not in following:
                    following[key] = child.copy(stack=False)
        frontier = following
    return False


def _can_miss(board: chess.Board, left: frozenset[str], budget: int) -> bool:
    if budget == 0:
        return True
    moved = False
    for move, child in _passing_children(board):
        moved = True
        remaining = left - {chess.square_name(move.to_square)}
        if remaining and _can_miss(child.copy(stack=False), remaining, budget - 1):
            return True
    return not moved


def _key(board: chess.Board) -> tuple:
    return (
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.turn,
        board.castling_rights,
    )


# --- forced sequences: mate or stalemate within n of the learner's moves ---------------------


def board_after(fen: str, moves: Iterable[str]) -> chess.Board:
    board = chess.Board(fen)
    for move in moves:
        board.push_uci(move)
    return board


def mate_reached(board: chess.Board, loser: chess.Color) -> bool:
    return board.turn == loser and board.is_checkmate()


def stalemate_reached(board: chess.Board, loser: chess.Color) -> bool:
    return board.is_stalemate()


Reached = Callable[[chess.Board, chess.Color], bool]


def forced(board: chess.Board, n: int, reached: Reached, loser: chess.Color) -> bool:
    """With the learner to move: can the learner force `reached` within n moves?

    The engine offers no search; this walks python-chess boards (mates within 2
    and stalemates within 2 keep it small).
    """
    if n <= 0:
        return False
    for move in list(board.legal_moves):
        if n == 1 and reached is mate_reached and not board.gives_check(move):
            continue
        board.push(move)
        ok = goal_holds_after(board, n, reached, loser)
        board.pop()
        if ok:
            return True
    return False


def goal_holds_after(board, n, reached, loser) -> bool:
    if reached(board, loser):
        return True
    replies = list(board.legal_moves)
    if not replies:
        return False
    for reply in replies:
        board.push(reply)
        ok = reached(board, loser) or forced(board, n - 1, reached, loser)
        board.pop()
        if not ok:
            return False
    return True


def after_learner_move(
    board: chess.Board, n: int, reached: Reached, loser: chess.Color
) -> tuple[str, str | None]:
    """After the learner's move (already pushed), with n learner moves allowed in all.

    Returns ("met", reply or None), ("on_track", the defender's reply) or ("off", None).
    """
    if reached(board, loser):
        return "met", None
    if not goal_holds_after(board, n, reached, loser):
        return "off", None
    best, best_distance = None, -1
    for reply in sorted(board.legal_moves, key=lambda m: m.uci()):
        board.push(reply)
        if reached(board, loser):
            distance = 0
        else:
            distance = next(k for k in range(1, n) if forced(board, k, reached, loser))
        board.pop()
        if distance > best_distance:
            best, best_distance = reply.uci(), distance
    return ("met" if best_distance == 0 else "on_track"), best
