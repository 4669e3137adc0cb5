"""Answering a puzzle, as a plain service the lesson views call: read what the form
posted, ask the engine when an answer was given, record the attempt, and say what the
puzzle part of the page shows (a ``Screen`` with one typed ``Feedback``).

No HTTP here: the caller passes the posted form, the browser's hint book (``Hints``,
kept in the session), its re-asks (``Reasks``, in the session too) and a way to get the
learner (made at the first attempt) with what recording an answer to a puzzle reads first
(lessons.progress.History; lessons.learners.learner_and_history reads both at once).

A question with two options is not a coin toss: after a miss the page says why and then
asks the same question in another position (a partner, curriculum.reasks) in the
puzzle's place, with the same number and address; a right answer there solves the
puzzle, recorded under its id with the position it was answered in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from board.component import read_board_post
from board.explanations import PIECE_NAMES, explain, explain_why, move_in_words
from board.feedback import Feedback
from board.refutations import named_squares, refutation_sentence
from curriculum.judging import Outcome, judge
from curriculum.kinds import kind_of
from curriculum.loading import NOTATION_LESSON, get_curriculum
from curriculum.outcome import Result
from curriculum.puzzle_forms import PostError, read_options
from curriculum.puzzles import Puzzle
from languages import lists
from lessons import answer_tokens
from lessons.models import Learner
from lessons.progress import History, record_attempt

HINTS_SESSION_KEY = "hints_shown"
REASKS_SESSION_KEY = "reasked"
SECOND_TRY = 2  # wrong tries after which the hint shows by itself and missing squares are shown


class Hints:
    """The puzzles whose hint this browser has been shown (a list in the session)."""

    def __init__(self, session: MutableMapping):
        self.session = session

    def shown(self, puzzle: Puzzle) -> bool:
        return puzzle.id in self.session.get(HINTS_SESSION_KEY, [])

    def remember(self, puzzle: Puzzle) -> None:
        shown = self.session.get(HINTS_SESSION_KEY, [])
        if puzzle.id not in shown:
            self.session[HINTS_SESSION_KEY] = [*shown, puzzle.id]

    def forget(self, puzzle: Puzzle) -> None:
        shown = self.session.get(HINTS_SESSION_KEY, [])
        if puzzle.id in shown:
            self.session[HINTS_SESSION_KEY] = [p for p in shown if p != puzzle.id]


class Reasks:
    """The two-option puzzles this browser missed, and what is asked in each one's place
    until it is solved (a mapping in the session: puzzle id → id of the puzzle asked).

    The positions come round in a cycle: the puzzle's partners, nearest first, then the
    puzzle itself, so a miss never asks again the position just missed. ``partners``
    finds a puzzle's partners (default: the curriculum's; a puzzle set passes its own)."""

    def __init__(self, session: MutableMapping, partners: Callable | None = None):
        self.session = session
        self.partners = partners

    def asked(self, puzzle: Puzzle) -> Puzzle:
        """What the page asks in this puzzle's place (an id no longer in the cycle, after a
        change of content, is ignored: the puzzle itself is asked)."""
        asked_id = self.session.get(REASKS_SESSION_KEY, {}).get(puzzle.id)
        if asked_id is None:
            return puzzle
        return next((p for p in _cycle(puzzle, self.partners) if p.id == asked_id), puzzle)

    def after_miss(self, puzzle: Puzzle, missed: Puzzle) -> Puzzle | None:
        """Move this puzzle's place on to the next position of its cycle and return it;
        None for a puzzle with no partner (not a two-option question)."""
        cycle = _cycle(puzzle, self.partners)
        if not cycle:
            return None
        ids = [p.id for p in cycle]
        following = cycle[(ids.index(missed.id) + 1) % len(cycle)] if missed.id in ids else cycle[0]
        self.session[REASKS_SESSION_KEY] = {
            **self.session.get(REASKS_SESSION_KEY, {}),
            puzzle.id: following.id,
        }
        return following

    def forget(self, puzzle: Puzzle) -> None:
        reasked = self.session.get(REASKS_SESSION_KEY, {})
        if puzzle.id in reasked:
            self.session[REASKS_SESSION_KEY] = {k: v for k, v in reasked.items() if k != puzzle.id}


def _cycle(puzzle: Puzzle, find: Callable | None = None) -> tuple[Puzzle, ...]:
    partners = (find or get_curriculum().partners)(puzzle)
    return (*partners, puzzle) if partners else ()


@dataclass
class Screen:
    """What the puzzle part of the page shows after a request. ``puzzle`` is the puzzle
    whose place this is (number, address, records); ``asked`` the one whose position and
    question are shown: the same, or a partner after a miss (see Reasks)."""

    puzzle: Puzzle
    fen: str
    asked: Puzzle | None = None
    played: tuple[str, ...] = ()
    selected: str | None = None
    marked: frozenset[str] = frozenset()
    tool: str = ""  # a setup puzzle: the piece in hand
    chosen: tuple[str, ...] = ()
    highlights: tuple[str, ...] = ()
    last_move: str | None = None
    promotion_pending: str | None = None
    feedback: Feedback | None = None
    solved_stars: int | None = None
    hint_requested: bool = False
    revealed: frozenset[str] = frozenset()  # squares puzzles: the missing squares, shown
    destinations: frozenset[str] = frozenset()  # after a wrong move: where the piece can go
    lesson_stars: dict[str, int] | None = None  # after a recorded attempt: the lesson's stars
    reask: Puzzle | None = None  # after a miss of a two-option question: what is asked next
    hint_shown: bool = False  # this browser has seen the place's hint
    typed_move_open: bool = False  # the answer came from the typed-move box: keep it open

    def __post_init__(self):
        self.asked = self.asked or self.puzzle


def first_screen(
    puzzle: Puzzle, reasks: Reasks | None = None, hints: Hints | None = None
) -> Screen:
    """The puzzle's place before an answer: what a miss moved it to, if anything."""
    asked = reasks.asked(puzzle) if reasks is not None else puzzle
    kind = kind_of(asked)
    hint_shown = hints is not None and hints.shown(puzzle)
    if kind.BOARD_MODE == "place":  # the board before any piece is put on
        fen = kind.position_now(asked, ()).fen_now
        return Screen(puzzle=puzzle, fen=fen, asked=asked, hint_shown=hint_shown)
    return Screen(puzzle=puzzle, fen=asked.start_fen, asked=asked, hint_shown=hint_shown)


def answer(
    puzzle: Puzzle,
    post: Mapping,
    hints: Hints,
    reasks: Reasks,
    learner: Callable[[str, str], tuple[Learner, History]],
) -> Screen:
    """Read the post, ask the engine when an answer was given, record it, say what to show.

    Raises PostError or BoardInputError for a form no page of ours sends (or one sent
    from a page that asked another position than the one asked now), and the engine's
    ValueErrors for a history or an answer it cannot read (the view answers 400).
    ``learner(puzzle id, lesson)`` is called once an answer is to be recorded.
    """
    screen = _answer(puzzle, post, hints, reasks, learner)
    screen.hint_shown = hints.shown(puzzle)
    screen.typed_move_open = bool(post.get("typed_submit") or post.get("typed"))
    return screen


def _answer(
    puzzle: Puzzle,
    post: Mapping,
    hints: Hints,
    reasks: Reasks,
    learner: Callable[[str, str], tuple[Learner, History]],
) -> Screen:
    asked = reasks.asked(puzzle)
    token = answer_tokens.read(post)
    if post.get("asked", puzzle.id) != asked.id:
        asked = _asked_before(puzzle, post.get("asked"), token)
    kind = kind_of(asked)
    played = kind.played_from(post)
    position = kind.position_now(asked, played)  # the history is replayed once, here
    fen = position.fen_now if position else asked.fen
    screen = Screen(puzzle=puzzle, fen=fen, asked=asked, played=played)
    if kind.BOARD_MODE == "place":
        return _Answering(screen, hints, reasks, learner).placing(kind, position, post)
    if kind.BOARD_MODE == "view":
        offered = {option.value for option in asked.options}
        screen.chosen = read_options(post, offered, kind.several(asked))
        action = None
    else:
        action = read_board_post(position, post)
        screen.marked = action.marked
    if post.get("hint"):
        hints.remember(puzzle)
        screen.hint_requested = True
        if action is not None and action.kind == "select":
            screen.selected = action.selected
        return screen
    answering = _Answering(screen, hints, reasks, learner, token)
    if action is None:
        return answering.options(kind)
    return answering.board(action, position)


@dataclass
class _Answering:
    screen: Screen
    hints: Hints
    reasks: Reasks
    learner: Callable[[str, str], tuple[Learner, History]]  # (puzzle id, lesson): see answer()
    token: str | None = None  # the form's (lessons.answer_tokens)

    def options(self, kind) -> Screen:
        screen = self.screen
        if not screen.chosen:
            screen.feedback = Feedback.note(_("Choose an answer first."))
            return screen
        outcome = judge(screen.asked, kind.answer_from(screen.chosen))
        return self.judged(outcome, " ".join(screen.chosen))

    def placing(self, kind, placing, post: Mapping) -> Screen:
        """A setup puzzle: a piece taken from the palette, put on or taken off; once every
        piece is on the board, the placement is judged (and recorded)."""
        screen = self.screen
        step = kind.step(screen.asked, placing, post)
        screen.tool = step.tool
        if post.get("hint"):
            self.hints.remember(screen.puzzle)
            screen.hint_requested = True
            return screen
        placing = kind.position_now(screen.asked, step.played)
        screen.played, screen.fen = step.played, placing.fen_now
        if step.said:
            screen.feedback = Feedback.note(step.said)
        if not step.complete:
            return screen
        outcome = judge(screen.asked, placing.placed, step.played, placing)
        return self.judged(outcome, kind.answer_text(placing.placed))

    def board(self, action, position) -> Screen:
        screen, puzzle = self.screen, self.screen.asked
        if action.kind == "select":
            screen.selected = action.selected
            return screen
        if action.kind in ("none", "mark"):
            return screen
        if action.kind == "unreadable":
            typed = {"typed": action.typed}
            screen.feedback = Feedback.note(
                _("I cannot read “%(typed)s”. Write a move like Nf3 or e2e4.") % typed
            )
            return screen
        if action.kind == "marks_done":
            return self.judged(judge(puzzle, action.marked), " ".join(sorted(action.marked)))
        outcome = judge(puzzle, action.move, screen.played, position)
        verdict = outcome.rules_verdict
        if outcome.result == Result.ILLEGAL and verdict.reason == rules.Reason.PROMOTION_REQUIRED:
            screen.promotion_pending = action.move[:4]
            return screen  # opening the picker is not an attempt
        return self.judged(outcome, action.move)

    def judged(self, outcome: Outcome, answer: str) -> Screen:
        """Record a judged answer (a step of a longer goal is not an attempt yet), show it:
        under the puzzle whose place this is, with the position it was given in."""
        screen, puzzle = self.screen, self.screen.puzzle
        if outcome.result == Result.CONTINUE:
            return _continued(screen, outcome)
        learner, history = self.learner(puzzle.id, puzzle.lesson)
        recorded = record_attempt(
            learner,
            history=history,
            lesson=puzzle.lesson,
            puzzle=puzzle.id,
            answer=answer,
            verdict=outcome.result,
            reason=_rule_broken(outcome),
            fen=screen.fen,
            hint_used=self.hints.shown(puzzle),
            token=self.token,
        )
        # As it was when the answer was first recorded (the same answer may come again).
        hint_was_shown = recorded.attempt.hint_used
        screen.lesson_stars = recorded.lesson_stars
        if outcome.result == Result.CORRECT:
            self.hints.forget(puzzle)
            self.reasks.forget(puzzle)
            screen.solved_stars = recorded.stars
            screen.feedback = replace(_solved(screen, outcome, answer), check=_gives_check(outcome))
            return screen
        if outcome.result == Result.ILLEGAL:
            screen.feedback = _not_allowed(screen, outcome.rules_verdict)
        else:
            screen.feedback = _missed(screen, outcome, recorded.mistakes)
            screen.reask = self.reasks.after_miss(puzzle, screen.asked)
        screen.feedback = replace(screen.feedback, check=_gives_check(outcome))
        if recorded.mistakes >= SECOND_TRY and not hint_was_shown:
            self.hints.remember(puzzle)  # after the second wrong try, the hint comes by itself
            if screen.reask is None:  # else it comes with the next position
                screen.feedback = screen.feedback.adding(_("Here is a hint to help you."))
        if screen.reask is not None:
            screen.feedback = screen.feedback.adding(
                _("Now the same question in another position.")
            )
        return screen


def _asked_before(puzzle: Puzzle, asked_id: str | None, token: str | None) -> Puzzle:
    """The position a form asked in this puzzle's place when it is not the one asked now:
    only an answer already recorded (sent again after the first moved the place on) is
    answered there, as it was the first time; any other is from a page left behind."""
    cycle = _cycle(puzzle)
    before = next((p for p in cycle if p.id == asked_id), None)
    if before is None or token is None or not answer_tokens.recorded(token, puzzle.id):
        raise PostError(_("This puzzle has moved on. Open it again."))
    return before


def _continued(screen: Screen, outcome: Outcome) -> Screen:
    screen.played = outcome.played
    screen.fen = outcome.fen
    screen.last_move = outcome.reply or (outcome.played[-1] if outcome.played else None)
    # The judge's praise (「好棋！再找下一步。」) is the title, so it is not said twice.
    title = outcome.message or _("Good move!")
    messages = (_reply_sentence(outcome, screen.puzzle),) if outcome.reply else ()
    screen.feedback = Feedback(Result.CONTINUE, title, messages, check=_gives_check(outcome))
    return screen


def _solved(screen: Screen, outcome: Outcome, answer: str) -> Feedback:
    mode = kind_of(screen.asked).BOARD_MODE
    messages = [screen.asked.explanation]
    if mode == "move":
        screen.fen = outcome.fen
        screen.last_move = outcome.reply or answer
        screen.played = outcome.played
        if outcome.reply:  # a forced reply ends it (the desperado's capture): say it
            messages.insert(0, _reply_sentence(outcome, screen.puzzle))
    if mode == "mark":
        screen.marked = frozenset(outcome.truth)
    return Feedback(Result.CORRECT, _("Well done!"), tuple(messages))


MOVEMENT_REASONS = {rules.Reason.NOT_HOW_IT_MOVES, rules.Reason.PATH_BLOCKED}


def _not_allowed(screen: Screen, verdict: rules.Verdict) -> Feedback:
    """An illegal move: the one rule it breaks, fitted to the lesson, the rest behind 為什麼？;
    the board rings exactly the squares the sentence names."""
    puzzle = screen.asked
    taught = _taught_in(screen.puzzle)
    messages = explain(verdict, taught)
    screen.highlights = named_squares(*messages)
    if kind_of(puzzle).BOARD_MODE == "move" and verdict.reason in MOVEMENT_REASONS:
        # The hint after a wrong move: where that piece can really go.
        screen.destinations = _destinations_of(screen.fen, verdict.move[:2], puzzle)
        if screen.destinations:
            messages.append(_("The dashed circles show where it can go."))
    why = tuple(explain_why(verdict, taught))
    return Feedback(Result.ILLEGAL, _("That move is not allowed."), tuple(messages), why)


def _missed(screen: Screen, outcome: Outcome, mistakes: int) -> Feedback:
    """A wrong answer: each wrong part said by the rule it breaks, the board ringing the
    squares named."""
    mode = kind_of(screen.asked).BOARD_MODE
    said, why = _said(outcome)
    if mode == "mark":
        messages = _squares_messages(screen, outcome.truth, mistakes) + said
        if outcome.truth - screen.marked:
            messages.append(_squares_rule(screen.asked))
        screen.highlights = tuple(sorted({*screen.highlights, *named_squares(*said)}))
    elif mode == "move":
        messages = [outcome.message] if outcome.message else []
    elif mode == "place":  # each misplaced piece by its rule; its squares ringed
        messages = [outcome.message]
        screen.highlights = tuple(sorted(outcome.truth))
    else:
        messages = said or [outcome.message]
        screen.highlights = named_squares(*messages)
    return Feedback(Result.INCORRECT, _("Not yet."), tuple(messages), tuple(why))


def _rule_broken(outcome: Outcome) -> str:
    """The code of the rule a wrong answer broke, as recorded for grown-ups: the engine's
    Reason for an illegal move or an answer that took one for legal, else the Fact."""
    verdict = outcome.rules_verdict
    if verdict is not None and verdict.reason is not None:
        return verdict.reason.name
    for part in outcome.wrong:
        if part.refutation is not None:
            return part.refutation.fact.name
        if part.verdict is not None and part.verdict.reason is not None:
            return part.verdict.reason.name
    return ""


def _said(outcome: Outcome) -> tuple[list[str], list[str]]:
    """The sentence for each reason a wrong answer is wrong, and the longer reasons."""
    said, why = [], []
    for part in outcome.wrong:
        if part.refutation is not None:
            said.append(refutation_sentence(part.refutation))
        else:
            said.extend(explain(part.verdict))
            why.extend(explain_why(part.verdict))
    return said, why


def _taught_in(puzzle: Puzzle) -> Callable[[str], bool]:
    """Whether a lesson (slug) has been taught by the lesson this puzzle is in."""
    curriculum = get_curriculum()
    return lambda slug: curriculum.taught_by(slug, puzzle.lesson)


def _destinations_of(fen: str, square: str, puzzle: Puzzle) -> frozenset[str]:
    """Where the piece on ``square`` can go: never in a puzzle asking exactly that."""
    if puzzle.kind == "squares" and puzzle.target == "destinations":
        return frozenset()
    return frozenset(rules.destinations(fen, square))


def _gives_check(outcome: Outcome) -> bool:
    """Whether the learner's move gives check (the page plays the check sound)."""
    verdict = outcome.rules_verdict
    return bool(verdict is not None and verdict.legal and verdict.gives_check)


def _reply_sentence(outcome: Outcome, puzzle: Puzzle) -> str:
    reply = rules.check_move(outcome.rules_verdict.fen_after, outcome.reply)
    if notation_taught(puzzle):
        return _("The other side played %(san)s.") % {"san": reply.san}
    return _("The other side played: %(move)s.") % {"move": move_in_words(reply)}


def notation_taught(puzzle: Puzzle) -> bool:
    """Moves are written in notation from the notation lesson on, in words before it."""
    return get_curriculum().taught_by(NOTATION_LESSON, puzzle.lesson)


# The rule a squares puzzle asks about, said when squares are still missing (the marks are
# not the answer's only words: 「還少 1 格沒點到」 named no rule).
SQUARES_RULES: Mapping[str, Callable[[], str]] = {
    "destinations": lambda: _("Think of how the %(piece)s on %(square)s moves."),
    "attacks": lambda: _("Think of where the %(piece)s on %(square)s can capture."),
    "king_cannot_go": lambda: _("A king may not go to a square an enemy piece attacks."),
    "attackers": lambda: _("Find every piece that could capture on %(square)s."),
    "defenders": lambda: _("Find every piece that protects the one on %(square)s."),
    "hanging": lambda: _("Find the pieces that are attacked and not protected."),
}


def _squares_rule(puzzle: Puzzle) -> str:
    piece = rules.piece_at(puzzle.start_fen, puzzle.square) if puzzle.square else None
    words = {"square": puzzle.square, "piece": PIECE_NAMES.get(piece or "", "")}
    return SQUARES_RULES[puzzle.target]() % words


def _squares_messages(screen: Screen, truth: frozenset[str], mistakes: int) -> list[str]:
    """Say kindly what is wrong with the marks: the wrong ones are framed on the board; the
    missing ones are counted, and shown only after the second wrong try."""
    wrong = screen.marked - truth
    missing = truth - screen.marked
    messages = []
    if wrong:
        screen.highlights = tuple(sorted(wrong))
        messages.append(
            ngettext(
                "%(count)s mark is on a wrong square (red dashed frame). Tap it to take it away.",
                "%(count)s marks are on wrong squares (red dashed frames). "
                "Tap them to take them away.",
                len(wrong),
            )
            % {"count": len(wrong)}
        )
    if missing and mistakes >= SECOND_TRY:
        screen.revealed = frozenset(missing)
        messages.append(
            _("The squares still missing have a dashed circle: %(squares)s.")
            % {"squares": lists.join(sorted(missing))}
        )
    elif missing:
        messages.append(
            ngettext(
                "%(count)s square is still missing.",
                "%(count)s squares are still missing.",
                len(missing),
            )
            % {"count": len(missing)}
        )
    return messages
