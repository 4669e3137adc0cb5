"""Move puzzles: make a move (or a few) that meets the puzzle's goal (curriculum.goals).

The goal's plan decides how the answer is judged:

- ``one_move``: a legal move is correct when it meets every condition of the goal;
  the first condition it fails is the miss, and the move is not kept.
- ``forced`` (mate, stalemate): within ``within`` of the learner's moves, against
  the defender's best replies (``rules.progress_after``); a move that keeps the goal
  in reach is ``"continue"`` and the reply is played.
- ``visit``: only the learner's side moves; between two of its moves the other side
  passes (``rules.pass_turn``), so ``played`` holds the learner's moves only. A
  move that gives check is refused there: a pass would leave a king in check.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from django.http import QueryDict
from django.utils.translation import gettext as _

import rules
from curriculum.goals import GOALS, ONLY_PIECE, Miss, MissCode, Tried, first_miss, miss_text
from curriculum.outcome import AnswerError, Outcome
from curriculum.puzzle_forms import PostError, read_played
from curriculum.puzzles import Problem, Puzzle, problem

NAME = "move"
BOARD_MODE = "move"  # the board takes moves; after the solve it is only shown
NEEDS_POSITION = True
AUTHORED_OPTIONS = False
UCI_PATTERN = rules.UCI_PATTERN

passed = rules.pass_turn  # visit puzzles: the other side passes between the learner's moves

# Goals whose answer dots on the squares a piece may go to would give away: where a piece
# may go is what they teach (the stars of a piece's lesson, castling, en passant, getting out
# of check, which piece may capture). Every other goal (mate, check, stalemate, promotion,
# a trade) is found among the legal moves, so the dots help as on any chess site.
DOTS_GIVE_AWAY = frozenset({"visit", "castle", "en_passant", "escape_check", "capture"})


def shows_moves(puzzle: Puzzle) -> bool:
    """Whether a piece picked up shows dots where it may go (board.component)."""
    return puzzle.goal["type"] not in DOTS_GIVE_AWAY


def load(raw: Mapping) -> dict:
    goal = raw.get("goal")
    if not isinstance(goal, Mapping) or goal.get("type") not in GOALS:
        raise problem(f"a move puzzle needs a `goal` with a type: {', '.join(GOALS)}")
    return {"goal": MappingProxyType(dict(goal))}


def several(puzzle: Puzzle) -> bool:
    return False


def played_from(post: QueryDict) -> tuple[str, ...]:
    return read_played(post)


def position_now(puzzle: Puzzle, played: tuple[str, ...]) -> rules.Position:
    """The position after the moves of this try (`played`), the history replayed once; an
    illegal history raises a ValueError (the view answers 400)."""
    if puzzle.goal["type"] == "visit":
        error = PostError(_("The moves played so far cannot be read."))
        return rules.Position(_visit_position(puzzle, played, error))
    return rules.Position(puzzle.fen, (*puzzle.moves, *played))


# --- judging --------------------------------------------------------------------------


def judge(
    puzzle: Puzzle,
    answer: object,
    played: tuple[str, ...],
    position: rules.Position | None = None,
) -> Outcome:
    """`position` is `position_now(puzzle, played)` when the caller has it already."""
    if not isinstance(answer, str) or not UCI_PATTERN.match(answer):
        raise AnswerError(f"not a move in UCI notation: {answer!r}")
    if not all(isinstance(m, str) and UCI_PATTERN.match(m) for m in played):
        raise AnswerError("the moves played so far are not UCI moves")
    plan = GOALS[puzzle.goal["type"]].plan
    if plan == "visit":
        return _judge_visit(puzzle, answer, played, position)
    if plan == "forced":
        within = int(puzzle.goal.get("within", 1))
        if len(played) % 2 or len(played) // 2 >= within:
            raise AnswerError("the moves played so far do not fit this puzzle")
        return _judge_forced(_Try(puzzle, answer, played, position))
    if played:
        raise AnswerError("this puzzle is solved in one move")
    return _judge_one_move(_Try(puzzle, answer, played, position))


class _Try:
    """The move tried after `played`, and the outcomes it can have."""

    def __init__(self, puzzle: Puzzle, move: str, played: tuple[str, ...], position):
        self.puzzle, self.played, self.move = puzzle, played, move
        self.position = position or rules.Position(puzzle.fen, (*puzzle.moves, *played))
        self.fen_now = self.position.fen_now
        self.verdict = rules.check_move(self.position, move)

    def refused(self, kind: str, miss: Miss | None = None, message: str | None = None):
        """Illegal or incorrect: nothing is kept."""
        if miss is not None:
            message = miss_text(miss)
        return Outcome(
            kind, self.verdict, message, self.played, None, self.fen_now, frozenset(), miss
        )

    def kept(self, kind: str, message: str | None = None, reply: str | None = None):
        done = self.verdict.move  # the engine's spelling: king-takes-rook castling becomes e1g1
        moves = (*self.played, done)
        if reply is None:  # the position after the move is the one the engine wrote
            return Outcome(
                kind, self.verdict, message, moves, None, self.verdict.fen_after, frozenset()
            )
        after = self.position.after(done).after(reply)
        return Outcome(
            kind, self.verdict, message, (*moves, reply), reply, after.fen_now, frozenset()
        )


def _judge_one_move(tried: _Try) -> Outcome:
    if not tried.verdict.legal:
        return tried.refused("illegal")
    goal = tried.puzzle.goal
    miss = first_miss(goal, Tried(tried.position, (), tried.move, tried.verdict))
    return tried.kept("correct") if miss is None else tried.refused("incorrect", miss)


def _judge_forced(tried: _Try) -> Outcome:
    kind = tried.puzzle.goal["type"]
    within = int(tried.puzzle.goal.get("within", 1))
    if not tried.verdict.legal:
        return tried.refused("illegal")
    left = within - len(tried.played) // 2
    progress = rules.progress_after(tried.position, (), tried.verdict.move, kind, left)
    if progress.status == "met":
        return tried.kept("correct", reply=progress.reply)
    if progress.status == "on_track":
        return tried.kept("continue", _("Good move! Now find the next one."), progress.reply)
    escapes = MissCode.MATE_ESCAPES if kind == "mate" else MissCode.STALEMATE_ESCAPES
    missed = MissCode.NO_MATE if kind == "mate" else MissCode.NO_STALEMATE
    # A first move that lets the defender escape the goal says so.
    return tried.refused("incorrect", Miss(escapes if left > 1 else missed))


def _visit_position(puzzle: Puzzle, played: tuple[str, ...], error: ValueError) -> str:
    """The position after the learner's `played` moves, the other side passing between;
    `error` is raised when one of them is not legal."""
    fen = puzzle.start_fen
    for earlier in played:
        step = rules.check_move(fen, earlier)
        if not step.legal:
            raise error
        fen = passed(step.fen_after)
    return fen


def _judge_visit(
    puzzle: Puzzle, move: str, played: tuple[str, ...], position: rules.Position | None
) -> Outcome:
    goal = puzzle.goal
    targets = frozenset(goal["targets"])
    budget = int(goal.get("budget", len(targets)))
    if len(played) >= budget:
        raise AnswerError("every move of the budget has been played")
    if position is not None:
        fen_now = position.fen_now
    else:
        fen_now = _visit_position(puzzle, played, AnswerError("a move played earlier is not legal"))
    verdict = rules.check_move(fen_now, move)

    def outcome(kind: str, message: str | None = None, miss: Miss | None = None) -> Outcome:
        if miss is not None:
            message = miss_text(miss)
        if kind in ("illegal", "incorrect"):
            return Outcome(kind, verdict, message, played, None, fen_now, frozenset(), miss)
        fen = verdict.fen_after if kind == "correct" else passed(verdict.fen_after)
        return Outcome(kind, verdict, message, (*played, verdict.move), None, fen, frozenset())

    if not verdict.legal:
        return outcome("illegal")
    piece = goal["piece"].lower()
    if (verdict.piece or "").lower() != piece:
        # Only the piece the goal names collects stars: the king's walk is not the knight's.
        return outcome("incorrect", miss=Miss(ONLY_PIECE[piece]))
    if verdict.gives_check:
        return outcome("incorrect", miss=Miss(MissCode.GIVES_CHECK_IN_VISIT))
    left = targets - {m[2:4] for m in (*played, verdict.move)}
    if not left:
        return outcome("correct")
    moves_left = budget - len(played) - 1
    after = passed(verdict.fen_after)
    if moves_left <= 0 or not rules.can_collect(after, left, moves_left, piece):
        return outcome("incorrect", miss=Miss(MissCode.STARS_OUT_OF_REACH, tuple(sorted(left))))
    return outcome("continue", _("Good! Keep collecting the stars."))


# --- validating -------------------------------------------------------------------------


def validate(puzzle: Puzzle) -> None:
    goal = puzzle.goal
    table = GOALS[goal["type"]]
    _check_parameters(goal)
    if table.needs_check and not rules.assess(puzzle.start_fen).in_check:
        raise Problem(f"goal {table.name}: the side to move is not in check")
    if table.plan == "visit":
        _check_visit(puzzle)
    elif table.plan == "forced":
        _check_forced(puzzle)
    else:
        _check_one_move(puzzle)


def _check_parameters(goal: Mapping) -> None:
    table = GOALS[goal["type"]]
    unknown = set(goal) - set(table.params) - {"type"}
    if unknown:
        raise Problem(f"goal {table.name}: unknown parameters {sorted(unknown)}")
    for name in table.params:
        if name in goal or name in table.required:
            message = table.param_problem(name, goal.get(name))
            if message:
                raise Problem(message)


def _check_visit(puzzle: Puzzle) -> None:
    if rules.assess(puzzle.start_fen).in_check:
        raise Problem("visit puzzle starts in check; the other side could not pass")
    targets = puzzle.goal["targets"]
    budget = int(puzzle.goal.get("budget", len(targets)))
    piece = puzzle.goal["piece"].lower()
    search = rules.visit_search(puzzle.start_fen, targets, budget, piece)
    if not search.can_succeed:
        raise Problem("no legal moves collect every target within the budget")
    if not search.can_fail:
        raise Problem("every legal move meets the goal: nothing to learn")
    other = rules.visit_other_way(puzzle.start_fen, targets, budget, piece)
    if other is not None:
        # The goal names the piece that must do the work: no other piece may meet it.
        raise Problem(f"another piece can collect the stars: {' '.join(other)}")


def _check_forced(puzzle: Puzzle) -> None:
    kind = puzzle.goal["type"]
    within = int(puzzle.goal.get("within", 1))
    fen, moves = puzzle.fen, puzzle.moves
    if not rules.forced(fen, moves, kind, within):
        raise Problem(f"no legal move forces {kind} within {within}")
    for move in rules.legal_moves(fen, moves):
        if not rules.goal_holds_after(fen, moves, move, kind, within):
            return
    raise Problem("every legal move meets the goal: nothing to learn")


def _check_one_move(puzzle: Puzzle) -> None:
    kind = puzzle.goal["type"]
    # Repetition needs the history; other goals ask about the start position alone.
    position = rules.Position(puzzle.fen, puzzle.moves if kind == "threefold" else ())
    if kind != "threefold":
        position = rules.Position(puzzle.start_fen)
    met = []
    for move in rules.legal_moves(puzzle.fen, puzzle.moves):
        verdict = rules.check_move(position, move)
        if not verdict.legal:
            raise Problem(f"the engine and python-chess disagree on {move}")
        met.append(first_miss(puzzle.goal, Tried(position, (), move, verdict)) is None)
        if kind == "promote" and met[-1]:
            _refuse_a_draw_at_once(verdict)
    if not any(met):
        raise Problem("no legal move meets the goal")
    if all(met):
        raise Problem("every legal move meets the goal: nothing to learn")


DRAWN_AT_ONCE = (rules.Termination.STALEMATE, rules.Termination.INSUFFICIENT_MATERIAL)


def _refuse_a_draw_at_once(verdict: rules.Verdict) -> None:
    """A promotion puzzle never accepts a move that draws there and then: a stalemate or a
    dead position (5.2.1, 5.2.2) is not what promoting is for."""
    ending = rules.assess(verdict.fen_after).termination
    if ending in DRAWN_AT_ONCE:
        raise Problem(f"it accepts {verdict.san}, which draws at once ({ending.value})")
