"""Generated practice: fresh puzzles for each rule, as many as a learner wants.

One ``Rule`` per lesson it practises (``RULES``). A puzzle is named by its id,
``practice-<rule>-<level>-<seed>``, and made again from it whenever it is needed: the
position comes from ``rules.generate`` (seeded by the id), the question and its words
from here, so the same id always shows the same puzzle, in the learner's language.
``validated(id)`` builds it and proves it with the curriculum's validator
(``puzzle_problems``, the same check as every hand-written puzzle) in the source
language; a puzzle the validator refuses is never shown (``None``).

Levels grow with the learner (``practice.scheduling.level_for``): 1 few pieces, 2
pieces around and harder questions, 3 pins, checks and histories that matter.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from board.explanations import move_in_words, piece_name
from curriculum.kinds.assess import ASSESS_LABELS
from curriculum.loading import get_curriculum
from curriculum.puzzles import Option, Puzzle
from curriculum.validator import puzzle_problems
from rules import generate

ID_PREFIX = "practice-"  # every generated puzzle's id starts so, and no lesson puzzle's
ID_PATTERN = re.compile(r"^practice-([a-z]+(?:-[a-z]+)*)-([1-3])-(\d{1,9})$")
LEVELS = generate.LEVELS

Parts = dict  # the Puzzle fields a maker fills in (all but id and lesson)
Maker = Callable[[random.Random, int], Parts]


@dataclass(frozen=True)
class Rule:
    slug: str  # the lesson whose rule this practises (also the rule's name)
    make: Maker


def puzzle_id(rule: str, level: int, seed: int) -> str:
    return f"{ID_PREFIX}{rule}-{level}-{seed}"


def parse_id(text: str) -> tuple[str, int, int] | None:
    """(rule, level, seed) of a practice puzzle id, or None when it is not one."""
    match = ID_PATTERN.match(text or "")
    if match is None or match.group(1) not in RULES:
        return None
    return match.group(1), int(match.group(2)), int(match.group(3))


def is_practice(puzzle_id: str) -> bool:
    return parse_id(puzzle_id) is not None


def build(puzzle_id: str) -> Puzzle:
    """The puzzle named ``puzzle_id``, in the active language (ValueError: not an id)."""
    parsed = parse_id(puzzle_id)
    if parsed is None:
        raise ValueError(f"not a practice puzzle id: {puzzle_id!r}")
    rule, level, seed = parsed
    rng = random.Random(f"{rule}:{level}:{seed}")
    parts = RULES[rule].make(rng, level)
    return Puzzle(id=puzzle_id, lesson=rule, **parts)


def problems(puzzle_id: str) -> list[str]:
    """Every reason the validator refuses this puzzle, checked in the source language."""
    with translation.override(settings.LANGUAGE_CODE):
        try:
            puzzle = build(puzzle_id)
        except rules.RulesError as error:
            return [f"no position: {error}"]
        return puzzle_problems(puzzle)


@lru_cache(maxsize=2048)
def _sound(puzzle_id: str) -> bool:
    return not problems(puzzle_id)


def validated(puzzle_id: str) -> Puzzle | None:
    """The puzzle, in the active language, if the validator accepts it; else None."""
    if parse_id(puzzle_id) is None or not _sound(puzzle_id):
        return None
    return build(puzzle_id)


def fresh(rule: str, level: int, rng: random.Random, tries: int = 20) -> Puzzle | None:
    """A new validated puzzle of ``rule`` at ``level`` from a random seed."""
    for _attempt in range(tries):
        puzzle = validated(puzzle_id(rule, level, rng.randrange(10**9)))
        if puzzle is not None:
            return puzzle
    return None


def question_key(puzzle: Puzzle) -> tuple:
    """What makes two generated puzzles the same exercise (for counting distinct ones)."""
    goal = tuple(sorted((k, str(v)) for k, v in (puzzle.goal or {}).items()))
    params = tuple(sorted((k, str(v)) for k, v in puzzle.params.items()))
    return (puzzle.kind, puzzle.fen, puzzle.moves, puzzle.target, puzzle.square,
            puzzle.question, params, goal)  # fmt: skip


# --- shared parts -----------------------------------------------------------------------


def _parts(made: generate.Made, kind: str, prompt: str, hint: str, explanation: str, **more):
    return {"kind": kind, "fen": made.fen, "moves": made.moves, "prompt": prompt,
            "hint": hint, "explanation": explanation, **more}  # fmt: skip


def _choice(made, question, params, options, answer, prompt, hint, explanation) -> Parts:
    return _parts(
        made,
        "choice",
        prompt,
        hint,
        explanation,
        question=question,
        params=MappingProxyType(params),
        square=params.get("square", ""),
        options=tuple(options),
        answer=tuple(sorted(answer)),
    )


def _yes_no(yes: str, no: str) -> tuple[Option, ...]:
    return (Option("yes", yes), Option("no", no))


# --- the board and the pieces ------------------------------------------------------------

PIECE_HINTS = {
    "K": lambda: _("The king steps one square in any direction, never onto an attacked square."),
    "Q": lambda: _("The queen goes straight or diagonally, as far as the way is free."),
    "R": lambda: _("The rook goes straight along its rank or file until a piece is in the way."),
    "B": lambda: _("The bishop goes diagonally, so it always stays on squares of one colour."),
    "N": lambda: _("Two squares straight, then one to the side: the knight jumps over pieces."),
    "P": lambda: _(
        "A pawn steps forward, two squares from its start, and captures one square diagonally."
    ),
}


def _board_rule(rng: random.Random, level: int) -> Parts:
    made = generate.scattered(rng, level)
    square = made.square
    if rng.random() < 0.35:
        colour = rules.square_color(square)
        options = (Option("light", _("A light square")), Option("dark", _("A dark square")))
        explanation = (
            _("%(square)s is a light square.")
            if colour == "light"
            else _("%(square)s is a dark square.")
        ) % {"square": square}
        return _choice(
            made, "square_color", {"square": square}, options, [colour],
            _("What colour is the square %(square)s?") % {"square": square},
            _("a1 is a dark square, and the colours take turns along every rank and file."),
            explanation,
        )  # fmt: skip
    here = rules.piece_at(made.fen, square) or "empty"
    others = [s for s in "KQRBNPkqrbnp" if s != here] + ([] if here == "empty" else ["empty"])
    values = [here, *rng.sample(others, 2)]
    rng.shuffle(values)
    options = [Option(v, _("No piece") if v == "empty" else piece_name(v)) for v in values]
    if here == "empty":
        explanation = _("%(square)s is empty.") % {"square": square}
    else:
        explanation = _("On %(square)s stands the %(piece)s.") % {
            "square": square,
            "piece": piece_name(here),
        }
    return _choice(
        made, "piece_at", {"square": square}, options, [here],
        _("What stands on %(square)s?") % {"square": square},
        _("Find the file %(file)s by its letter, then the rank %(rank)s by its number.")
        % {"file": square[0], "rank": square[1]},
        explanation,
    )  # fmt: skip


def _piece_rule(letter: str) -> Maker:
    def make(rng: random.Random, level: int) -> Parts:
        made = generate.piece_moves(rng, level, letter)
        said = {"piece": piece_name(letter), "square": made.square}
        if letter == "K" and rng.random() < 0.4:
            return _parts(
                made, "squares",
                _("The %(piece)s is on %(square)s. Tap every square next to it that it may "
                  "not step on.") % said,
                _("The king may not step onto an attacked square, nor onto its own piece."),
                _("Right! Those squares are attacked, or its own piece stands there."),
                target="king_cannot_go", square=made.square,
            )  # fmt: skip
        count = len(rules.destinations(made.fen, made.square))
        return _parts(
            made, "squares",
            _("The %(piece)s is on %(square)s. Tap every square it can move to.") % said,
            PIECE_HINTS[letter](),
            ngettext(
                "Right! The %(piece)s can go to %(count)s square.",
                "Right! The %(piece)s can go to %(count)s squares.",
                count,
            ) % {**said, "count": count},
            target="destinations", square=made.square,
        )  # fmt: skip

    return make


# --- what pieces are worth, and who protects them -------------------------------------------


def _near_numbers(rng: random.Random, truth: int, spread: int = 3) -> list[int]:
    """``truth`` and two other numbers close to it (never below 0), smallest first."""
    others = [n for n in range(max(0, truth - spread), truth + spread + 1) if n != truth]
    return sorted([truth, *rng.sample(others, 2)])


def _piece_values_rule(rng: random.Random, level: int) -> Parts:
    """How many points a side's pieces are worth, or who is ahead (from level 2)."""
    made = generate.scattered(rng, level)
    hint = _("A pawn is worth 1, a knight or a bishop 3, a rook 5, a queen 9.")
    if level > 1 and rng.random() < 0.5:
        lead = rules.material_lead(made.fen)
        truth = "white" if lead > 0 else "black" if lead < 0 else "equal"
        options = (Option("white", _("White")), Option("black", _("Black")),
                   Option("equal", _("The same")))  # fmt: skip
        return _choice(
            made, "material_lead", {}, options, [truth],
            _("Whose pieces are worth more points?"), hint,
            {"white": _("White's pieces are worth more."),
             "black": _("Black's pieces are worth more."),
             "equal": _("Both sides' pieces are worth the same.")}[truth],
        )  # fmt: skip
    colour = "white" if level == 1 or rng.random() < 0.5 else "black"
    points = rules.material(made.fen)[colour]
    options = [
        Option(str(n), ngettext("%(count)s point", "%(count)s points", n) % {"count": n})
        for n in _near_numbers(rng, points)
    ]
    said = {"count": points}
    return _choice(
        made, "material", {"colour": colour}, options, [str(points)],
        _("How many points are White's pieces worth in all?") if colour == "white"
        else _("How many points are Black's pieces worth in all?"),
        hint,
        ngettext("They are worth %(count)s point in all.",
                 "They are worth %(count)s points in all.", points) % said,
    )  # fmt: skip


def _protection_rule(rng: random.Random, level: int) -> Parts:
    """How many pieces attack one piece, or how many of its own side protect it: most often
    a piece that has some."""
    made = generate.scattered(rng, level)
    counting = rng.choice(["attackers", "defenders"])
    count_of = rules.attackers_of if counting == "attackers" else rules.defenders_of
    pieces = {sq: piece for sq, piece in rules.placement(made.fen).items() if piece not in "Kk"}
    if not pieces:
        raise generate.NoPosition("two kings alone: nothing to protect")
    busy = [sq for sq in sorted(pieces) if count_of(made.fen, sq)]
    square = rng.choice(busy if busy and rng.random() < 0.75 else sorted(pieces))
    truth = len(count_of(made.fen, square))
    said = {"piece": piece_name(pieces[square]), "square": square}
    options = [
        Option(str(n), ngettext("%(count)s piece", "%(count)s pieces", n) % {"count": n})
        for n in _near_numbers(rng, truth, 2)
    ]
    if counting == "attackers":
        prompt = _("How many enemy pieces attack the %(piece)s on %(square)s?") % said
        hint = _("Follow every enemy piece's lines and jumps: which ones reach %(square)s?")
    else:
        prompt = _("How many pieces of its own side protect the %(piece)s on %(square)s?")
        prompt %= said
        hint = _("Protecting means: if the piece on %(square)s is captured, it can capture back.")
    return _choice(
        made, f"{counting}_count", {"square": square}, options, [str(truth)],
        prompt, hint % said,
        ngettext("Right: %(count)s piece.", "Right: %(count)s pieces.", truth) % {"count": truth},
    )  # fmt: skip


# --- capturing, check, checkmate, stalemate -----------------------------------------------


def _capture_rule(rng: random.Random, level: int) -> Parts:
    if rng.random() < 0.4:
        made = generate.own_piece_move(rng, level)
        verdict = rules.check_move(made.fen, made.move)
        mover = rules.piece_at(made.fen, made.move[:2])
        said = {"piece": piece_name(mover), "from": made.move[:2], "to": made.move[2:4]}
        if verdict.legal:
            explanation = _("Yes: it takes the enemy piece and stands on its square.")
        elif verdict.reason == rules.Reason.OWN_PIECE_ON_TARGET:
            explanation = _("No: a piece never captures a piece of its own side.")
        else:
            explanation = _("No: that move would leave the white king attacked.")
        return _choice(
            made, "move_legal", {"move": made.move},
            _yes_no(_("Yes, it may"), _("No, it may not")), ["yes" if verdict.legal else "no"],
            _("May the %(piece)s on %(from)s move to %(to)s?") % said,
            _("Look at whose piece stands on %(to)s.") % said,
            explanation,
        )  # fmt: skip
    made = generate.capture(rng, level)
    captured = {"piece": piece_name(made.piece)}
    return _parts(
        made, "move",
        _("White to move. Capture a %(piece)s.") % captured,
        _("Which white piece can reach the %(piece)s? Follow each one's lines.") % captured,
        _("Captured! Your piece now stands where the %(piece)s stood.") % captured,
        goal=MappingProxyType({"type": "capture", "piece": made.piece}),
    )  # fmt: skip


ESCAPE_WORDS = {
    "capture": (
        lambda: _("The white king is in check. Capture the piece that gives check."),
        lambda: _("Capturing the checking piece ends the check."),
    ),
    "block": (
        lambda: _("The white king is in check. Put a piece in the way of the check."),
        lambda: _("A piece in between stops the attack."),
    ),
    "king": (
        lambda: _("The white king is in check. Move the king out of check."),
        lambda: _("The king stepped onto a square that is not attacked: safe."),
    ),
}


def _check_escape_rule(rng: random.Random, level: int) -> Parts:
    """Out of check by one named way (capture, block or king), which some move misses."""
    made = generate.escape(rng, level)
    prompt, explanation = ESCAPE_WORDS[made.side]
    return _parts(
        made, "move", prompt(),
        _("First find the black piece that gives check."), explanation(),
        goal=MappingProxyType({"type": "escape_check", "by": made.side}),
    )  # fmt: skip


def _check_rule(rng: random.Random, level: int) -> Parts:
    if level > 1 and rng.random() < 0.5:
        return _check_escape_rule(rng, level)
    made = generate.check(rng, level)
    assessment = rules.assess(made.fen)
    black = [
        square for square, piece in sorted(rules.placement(made.fen).items())
        if piece in "qrbnp"
    ]  # fmt: skip
    hint = _("Look along every line to the white king, and at the knights near it.")
    if assessment.in_check and level > 1 and len(black) >= 2:
        offered = [*assessment.checkers]
        offered += rng.sample(
            [s for s in black if s not in offered], min(3, len(black)) - len(offered)
        )
        rng.shuffle(offered)
        options = [
            Option(s, _("the %(piece)s on %(square)s") % {
                "piece": piece_name(rules.piece_at(made.fen, s)), "square": s})
            for s in offered
        ]  # fmt: skip
        return _choice(
            made, "checkers", {}, options, assessment.checkers,
            _("The white king is in check. Which pieces give check?"), hint,
            _("Right! Those pieces attack the white king."),
        )  # fmt: skip
    if assessment.in_check:
        explanation = _(
            "Yes: a black piece attacks the white king, so White must answer the check."
        )
    else:
        explanation = _("No: no black piece attacks the white king right now.")
    return _choice(
        made, "in_check", {}, _yes_no(_("Yes, it is in check"), _("No")),
        ["yes" if assessment.in_check else "no"],
        _("Is the white king in check?"), hint, explanation,
    )  # fmt: skip


def _standing_parts(made: generate.Made, options: tuple[str, ...]) -> Parts:
    truth = rules.assess(made.fen)
    ending = truth.termination.value if truth.termination else "ongoing"
    explanation = {
        "checkmate": lambda: _("The black king is in check and no move answers it: checkmate."),
        "stalemate": lambda: _(
            "The black king is not in check, but Black has no legal move: stalemate, a draw."
        ),
        "ongoing": lambda: (
            _("Black is in check, but a move answers it: the game goes on.")
            if truth.in_check
            else _("Black still has moves to play: the game goes on.")
        ),
    }[ending]()
    return _parts(
        made, "assess",
        _("Black to move. How does the game stand?"),
        _("Is the black king in check? Then look for any legal move of Black."),
        explanation,
        options=tuple(Option(v, str(ASSESS_LABELS[v])) for v in options),
        answer=(ending,),
    )  # fmt: skip


def _check_wins_rule(rng: random.Random, level: int) -> Parts:
    """A knight check that forks the king and a rook or queen: give it, win the piece."""
    made = generate.check_fork(rng, level)
    return _parts(
        made, "move",
        _("White to move. Give check with the knight and attack a black piece at the same "
          "time."),
        _("Look for a square from which the knight attacks the black king and the rook or "
          "queen together."),
        _("Check and attack together! The king must get out of check, and the piece is lost."),
        goal=MappingProxyType({"type": "check_wins"}),
    )  # fmt: skip


def _checkmate_rule(rng: random.Random, level: int) -> Parts:
    if rng.random() < 0.5:
        made = generate.mate_in_one(rng, level)
        return _parts(
            made, "move",
            _("White to move. Checkmate in one move."),
            _("Look for a check after which the black king has no square to go to."),
            _("Checkmate! The black king is in check and cannot escape."),
            goal=MappingProxyType({"type": "mate", "within": 1}),
        )  # fmt: skip
    wanted = rng.choice(["checkmate", "ongoing"])
    return _standing_parts(generate.standing(rng, level, wanted), ("checkmate", "ongoing"))


def _stalemate_rule(rng: random.Random, level: int) -> Parts:
    if rng.random() < 0.4:
        made = generate.stalemate_trap(rng, level)
        goal = {"type": "avoid_stalemate", **({"mate": True} if made.holds else {})}
        prompt = (
            _("White is winning. Checkmate in one move, and take care not to stalemate.")
            if made.holds
            else _("White is winning. Make a move that does not stalemate Black.")
        )
        return _parts(
            made, "move", prompt,
            _("Before you move, look: will the black king still have a square, or be in check?"),
            _("Well done! Black is not stalemated."),
            goal=MappingProxyType(goal),
        )  # fmt: skip
    return _game_endings_rule(rng, level)


def _game_endings_rule(rng: random.Random, level: int) -> Parts:
    """Checkmate, stalemate or the game goes on: how a game ends, and when it does not."""
    wanted = rng.choice(generate.ENDINGS)
    return _standing_parts(generate.standing(rng, level, wanted), generate.ENDINGS)


# --- special moves ---------------------------------------------------------------------------

CASTLING_WHY = {
    "castling_rights_lost": lambda: _("No: the king or that rook has moved, so never again."),
    "castling_in_check": lambda: _("No: the king is in check now."),
    "castling_blocked": lambda: _("No: a piece stands between the king and the rook."),
    "castling_through_attack": lambda: _("No: the king would pass over an attacked square."),
    "castling_into_attack": lambda: _("No: the king would land on an attacked square."),
}
CASTLING_OPTIONS = {
    "castling_rights_lost": lambda: _("The king or the rook has moved"),
    "castling_blocked": lambda: _("A piece stands between the king and the rook"),
    "castling_in_check": lambda: _("The king is in check"),
    "castling_through_attack": lambda: _("The king would pass over an attacked square"),
    "castling_into_attack": lambda: _("The king would land on an attacked square"),
}


def _castling_hint() -> str:
    return _(
        "Check each condition: neither has moved, nothing between, not in check, "
        "no attacked square crossed or landed on."
    )


# 永遠不行，還是暫時不行: the same reasons, each said as for ever or for now
CASTLING_FOR_EVER_OPTIONS = {
    "castling_rights_lost": lambda: _("For ever: the king or the rook has moved"),
    "castling_blocked": lambda: _("For now: a piece stands between the king and the rook"),
    "castling_in_check": lambda: _("For now: the king is in check"),
    "castling_through_attack": lambda: _("For now: the king would pass over an attacked square"),
    "castling_into_attack": lambda: _("For now: the king would land on an attacked square"),
}


# How castling is done, said for each colour and side: (prompt, hint, explanation).
CASTLING_MOVES = {
    ("white", "short"): lambda: (
        _("Castle short with White."),
        _("Tap the white king, then g1: the rook jumps over by itself."),
        _("The king went from e1 to g1 and the rook from h1 to f1."),
    ),
    ("white", "long"): lambda: (
        _("Castle long with White."),
        _("Tap the white king, then c1: the rook jumps over by itself."),
        _("The king went from e1 to c1 and the rook from a1 to d1."),
    ),
    ("black", "short"): lambda: (
        _("Castle short with Black."),
        _("Tap the black king, then g8: the rook jumps over by itself."),
        _("The king went from e8 to g8 and the rook from h8 to f8."),
    ),
    ("black", "long"): lambda: (
        _("Castle long with Black."),
        _("Tap the black king, then c8: the rook jumps over by itself."),
        _("The king went from e8 to c8 and the rook from a8 to d8."),
    ),
}

# Where White's king can be thought to land: its square, its rook's, the other side's.
CASTLING_LANDINGS = {"short": ("g1", "f1", "c1"), "long": ("c1", "d1", "g1")}


def _castling_rule(rng: random.Random, level: int) -> Parts:
    """How castling is done (王車易位：怎麼走): White castles the side asked (level 1),
    where the king lands after O-O or O-O-O (level 2), Black castles the side asked
    (level 3). When castling is not allowed is practised by castling-not-now and
    castling-forever, the lessons that teach it."""
    if level == 2:
        return _castling_landing(rng, generate.castling(rng, level, allowed=True))
    colour = "black" if level == 3 else "white"
    made = generate.castling(rng, min(level, 2), allowed=True, colour=colour)
    prompt, hint, explanation = CASTLING_MOVES[(colour, made.side)]()
    return _parts(
        made, "move", prompt, hint, explanation,
        goal=MappingProxyType({"type": "castle", "side": made.side}),
    )  # fmt: skip


def _castling_landing(rng: random.Random, made: generate.Made) -> Parts:
    """White may castle: on which square does the king land? The rook's square and the
    other side's are offered beside it."""
    short = made.side == "short"
    squares = list(CASTLING_LANDINGS[made.side])
    king = squares[0]
    rng.shuffle(squares)
    return _choice(
        made, "destination_of", {"san": "O-O" if short else "O-O-O"},
        [Option(sq, _("Ends on %(square)s") % {"square": sq}) for sq in squares], [king],
        _("White castles short (O-O). On which square does the king land?") if short
        else _("White castles long (O-O-O). On which square does the king land?"),
        _("The king moves two squares toward the rook; the rook jumps over it and stands "
          "beside it."),
        _("Short castling: the king lands on g1 and the rook on f1.") if short
        else _("Long castling: the king lands on c1 and the rook on d1."),
    )  # fmt: skip


def _castling_not_now_rule(rng: random.Random, level: int) -> Parts:
    """When castling is not allowed now: no history, so every reason is for now."""
    made = generate.castling(rng, min(level, 2), allowed=False if level == 3 else None)
    return _castling_question(made, CASTLING_OPTIONS, reasons_asked=level == 3)


def _castling_for_ever_rule(rng: random.Random, level: int) -> Parts:
    """For ever or for now: positions with a history in which the king or a rook went out
    and came back, beside positions where castling waits for an attack to go."""
    made = generate.castling(rng, 3, allowed=None if level == 1 else False)
    return _castling_question(
        made, CASTLING_FOR_EVER_OPTIONS, reasons_asked=level > 1, why=_for_ever_or_now
    )


def _why_not(short: bool) -> str:
    return (
        _("White may not castle short. Why? Choose every reason.")
        if short
        else _("White may not castle long. Why? Choose every reason.")
    )


def _for_ever_or_now(short: bool) -> str:
    return (
        _("White may not castle short. For ever, or for now? Choose every reason.")
        if short
        else _("White may not castle long. For ever, or for now? Choose every reason.")
    )


def _castling_question(
    made: generate.Made, options: dict, *, reasons_asked: bool, why=_why_not
) -> Parts:
    """May White castle now (yes or no), or, when it may not, every reason why."""
    move = rules.castling_move("white", made.side)
    verdict = rules.check_move(made.fen, move, made.moves)
    reasons = [reason.value for reason in verdict.reasons]
    short = made.side == "short"
    if reasons_asked and reasons and set(reasons) <= set(options):
        return _choice(
            made, "castling_reasons", {"side": made.side},
            [Option(value, text()) for value, text in options.items()], reasons,
            why(short), _castling_hint(), CASTLING_WHY[reasons[0]](),
        )  # fmt: skip
    if verdict.legal:
        explanation = _("Yes: every condition holds.")
    else:
        explanation = CASTLING_WHY.get(reasons[0], CASTLING_WHY["castling_blocked"])()
    return _choice(
        made, "can_castle", {"side": made.side},
        _yes_no(_("Yes, it may"), _("No, it may not")), ["yes" if verdict.legal else "no"],
        _("May White castle short now?") if short else _("May White castle long now?"),
        _castling_hint(), explanation,
    )  # fmt: skip


def _en_passant_rule(rng: random.Random, level: int) -> Parts:
    made = generate.en_passant(rng, level)
    advance = made.moves[0]
    said = {"from": advance[:2], "to": advance[2:4], "passed": made.move[2:4]}
    if level == 1:
        return _parts(
            made, "move",
            _("The black pawn has just advanced two squares, from %(from)s to %(to)s. "
              "Capture it en passant.") % said,
            _("The white pawn moves diagonally to %(passed)s, the square the black pawn "
              "crossed.") % said,
            _("En passant! The white pawn went to %(passed)s and the pawn on %(to)s is "
              "gone.") % said,
            goal=MappingProxyType({"type": "en_passant"}),
        )  # fmt: skip
    pawns = [s for s, piece in sorted(rules.placement(made.fen).items()) if piece == "P"]
    capturers = sorted(rules.en_passant_capturers(made.fen, made.moves))
    if level == 2 and capturers and len(pawns) >= 2:
        offered = pawns if len(pawns) <= 3 else sorted({*capturers, *rng.sample(pawns, 3)})
        return _choice(
            made, "en_passant_capturers", {},
            [Option(s, _("the pawn on %(square)s") % {"square": s}) for s in offered], capturers,
            _("Which white pawns may capture en passant now?"),
            _("Only a pawn right beside the pawn that advanced two squares, and only now."),
            _("Right! Only the pawns beside it may, on this very move."),
        )  # fmt: skip
    legal = made.holds
    return _choice(
        made, "move_legal", {"move": made.move},
        _yes_no(_("Yes, it may"), _("No, too late")), ["yes" if legal else "no"],
        _("May the white pawn on %(square)s capture en passant now?") % {"square": made.square},
        _("En passant is allowed only on the move right after the two-square advance."),
        _("Yes: the black pawn has just advanced two squares.") if legal
        else _("No: other moves came after the two-square advance, so the chance has passed."),
    )  # fmt: skip


def _promotion_rule(rng: random.Random, level: int) -> Parts:
    made = generate.promotion(rng, level)
    if not made.holds:
        return _parts(
            made, "move",
            _("Move the white pawn to the last rank and make it a queen."),
            _("On the last rank a pawn becomes a queen, rook, bishop or knight. Choose the queen!"),
            _("Promotion! The pawn became a queen, the strongest piece."),
            goal=MappingProxyType({"type": "promote", "piece": "q"}),
        )  # fmt: skip
    return _parts(
        made, "move",
        _("Promote the white pawn, but do not stalemate Black."),
        _("Before you choose the queen, look: could the black king still move?"),
        _("Well done! After the promotion Black can still move: no stalemate."),
        goal=MappingProxyType({"type": "promote", "piece": "any", "avoid_stalemate": True}),
    )  # fmt: skip


# --- draws, notation, touch-move ---------------------------------------------------------

DRAW_OPTIONS = ("insufficient_material", "threefold_repetition", "fifty_moves", "ongoing")
DRAW_WHY = {
    "insufficient_material": lambda: _(
        "Nobody can checkmate with the pieces left: a dead position, a draw."
    ),
    "threefold_repetition": lambda: _(
        "The same position has appeared three times: a draw may be claimed."
    ),
    "fifty_moves": lambda: _(
        "Fifty moves each without a capture or a pawn move: a draw may be claimed."
    ),
    "ongoing": lambda: _("No draw may be claimed yet: the game goes on."),
}


def _quiet_for(made: generate.Made, question: str) -> str:
    """How many moves each have passed without a capture or a pawn move, then ``question``."""
    count = int(rules.position_after(made.fen, made.moves).split()[4]) // 2
    fact = ngettext(
        "For %(count)s move each there has been no capture and no pawn move.",
        "For %(count)s moves each there has been no capture and no pawn move.",
        count,
    ) % {"count": count}
    return _("%(fact)s %(question)s") % {"fact": fact, "question": question}


def _draws_rule(rng: random.Random, level: int) -> Parts:
    wanted = rng.choice(DRAW_OPTIONS)
    made = generate.draw(rng, level, wanted)
    prompt = _quiet_for(made, _("How does the game stand?"))
    return _parts(
        made, "assess", prompt,
        _("Can the pieces left still checkmate? Has a position come three times? "
          "How many moves without a capture or a pawn move?"),
        DRAW_WHY[wanted](),
        options=tuple(Option(v, str(ASSESS_LABELS[v])) for v in DRAW_OPTIONS),
        answer=(wanted,),
    )  # fmt: skip


CLAIMS = ("threefold", "fifty", "none")
CLAIM_WORDS = {
    "threefold": lambda: _("A draw by threefold repetition"),
    "fifty": lambda: _("A draw by the fifty-move rule"),
    "none": lambda: _("No draw may be claimed yet"),
}
CLAIM_WHY = {"threefold": DRAW_WHY["threefold_repetition"], "fifty": DRAW_WHY["fifty_moves"],
             "none": DRAW_WHY["ongoing"]}  # fmt: skip


def _claim_parts(made: generate.Made, prompt: str, hint: str) -> Parts:
    claims = rules.assess(made.fen, made.moves).claims
    truth = [
        name for name, claim in (("threefold", rules.Claim.THREEFOLD_REPETITION),
                                 ("fifty", rules.Claim.FIFTY_MOVES)) if claim in claims
    ] or ["none"]  # fmt: skip
    return _choice(
        made, "can_claim", {}, [Option(v, CLAIM_WORDS[v]()) for v in CLAIMS], truth,
        prompt, hint, CLAIM_WHY[truth[0]](),
    )  # fmt: skip


def _draws_repetition_rule(rng: random.Random, level: int) -> Parts:
    """Pieces that went out and came back: three times the same position, or only twice
    (the same history cut short), from level 2 with more pieces around."""
    made = generate.draw(rng, level, "threefold_repetition")
    if rng.random() < 0.5:  # only twice: cut where nobody stands in check
        cuts = [made.moves[:cut] for cut in rng.sample([4, 6], 2)]
        calm = [moves for moves in cuts if not rules.assess(made.fen, moves).in_check]
        made = generate.Made(made.fen, calm[0]) if calm else made
    return _claim_parts(
        made,
        _("The pieces went out and came back. May the side to move claim a draw now?"),
        _("Count how many times the position on the board has appeared."),
    )


def _draws_fifty_rule(rng: random.Random, level: int) -> Parts:
    """Fifty moves each without a capture or a pawn move, or not quite (from level 2 the
    count may stop just short)."""
    made = generate.draw(rng, level, rng.choice(["fifty_moves", "ongoing"]))
    prompt = _quiet_for(made, _("May the side to move claim a draw?"))
    return _claim_parts(made, prompt, _("The fifty-move rule needs 50 moves by each side."))


def _notation_rule(rng: random.Random, level: int) -> Parts:
    made = generate.move_to_write(rng, level)
    verdict = rules.check_move(made.fen, made.move)
    values = [verdict.san, *generate.san_misspellings(verdict.san)[:2]]
    rng.shuffle(values)
    return _choice(
        made, "san", {"move": made.move},
        [Option(v, _("Written %(san)s") % {"san": v}) for v in values], [verdict.san],
        _("%(move)s. How is this move written?") % {"move": move_in_words(verdict)},
        _("The piece's letter first (none for a pawn), x for a capture, + for a check."),
        _("It is written %(san)s.") % {"san": verdict.san},
    )  # fmt: skip


def _notation_marks_rule(rng: random.Random, level: int) -> Parts:
    """The marks of notation: O-O and O-O-O (level 1), + and # (level 2), =Q (level 3)."""
    if level == 1:
        made = generate.castling(rng, 1, allowed=True)
        move = rules.castling_move("white", made.side)
        wrong = ["O-O-O", "Kg1"] if made.side == "short" else ["O-O", "Kc1"]
        return _san_choice(rng, made, move, wrong, _how_written)
    if level == 2:
        mate = rng.random() < 0.5
        made = generate.mate_in_one(rng, 2) if mate else generate.move_to_write(rng, 3)
        san = rules.check_move(made.fen, made.move).san
        body = san.rstrip("+#")
        if mate:
            return _san_choice(rng, made, made.move, [body + "+", body], _how_mate_written)
        if san.endswith("+"):
            return _san_choice(rng, made, made.move, [body + "#", body], _how_check_written)
        return _san_choice(rng, made, made.move, [san + "+", san + "#"], _how_written)
    made = generate.promotion(rng, 1)
    ends = sorted(rules.destinations(made.fen, made.square))
    move = f"{made.square}{rng.choice(ends)}q"
    san = rules.check_move(made.fen, move).san
    body = san.rstrip("+#")
    wrong = [body.replace("=Q", ""), "Q" + body.replace("=Q", "").split("x")[-1]]
    return _san_choice(rng, made, move, wrong, _how_written)


def _how_written() -> str:
    return _("%(move)s. How is this move written?")


def _how_check_written() -> str:
    return _("%(move)s, giving check. How is this move written?")


def _how_mate_written() -> str:
    return _("%(move)s, and it is checkmate. How is this move written?")


def _san_choice(
    rng: random.Random, made: generate.Made, move: str, wrong: list[str], prompt: Callable
) -> Parts:
    """How ``move`` is written, among ``wrong`` ways (``prompt()``: the question, %(move)s
    standing for the move in words)."""
    verdict = rules.check_move(made.fen, move)
    values = [verdict.san, *[w for w in wrong if w != verdict.san][:2]]
    rng.shuffle(values)
    return _choice(
        made, "san", {"move": move},
        [Option(v, _("Written %(san)s") % {"san": v}) for v in values], [verdict.san],
        prompt() % {"move": move_in_words(verdict)},
        _("O-O castles short, O-O-O long; + is check, # checkmate, =Q a pawn that becomes a "
          "queen."),
        _("It is written %(san)s.") % {"san": verdict.san},
    )  # fmt: skip


def _notation_reading_rule(rng: random.Random, level: int) -> Parts:
    """Read a written move: on which square does it end? Quiet moves, captures, checks."""
    made = generate.move_to_write(rng, level)
    verdict = rules.check_move(made.fen, made.move)
    start, end = made.move[:2], made.move[2:4]
    others = sorted({sq for sq in rules.placement(made.fen)} - {start, end}) or ["a1"]
    squares = [end, start, rng.choice(others)]
    rng.shuffle(squares)
    said = {"san": verdict.san, "square": end}
    return _choice(
        made, "destination_of", {"san": verdict.san},
        [Option(sq, _("Ends on %(square)s") % {"square": sq}) for sq in squares], [end],
        _("The score sheet says %(san)s. On which square does the move end?") % said,
        _("The square is written last: its letter, then its number."),
        _("%(san)s ends on %(square)s.") % said,
    )  # fmt: skip


def _touch_move_rule(rng: random.Random, level: int) -> Parts:
    made = generate.touched(rng, level)
    said = {"piece": piece_name(rules.piece_at(made.fen, made.square)), "square": made.square}
    must = Option(
        "must", _("I must move it"),
        _("This piece has no legal move, so you may move another piece."),
    )  # fmt: skip
    free = Option(
        "free", _("I may move another piece"),
        _("You touched your own piece and it can move, so you must move it."),
    )  # fmt: skip
    return _parts(
        made, "text",
        _("You touched the %(piece)s on %(square)s. Must you move it now?") % said,
        _("A touched piece of your own must be moved, if it has a legal move."),
        _("Right: it can move, so it must be the one you move.") if made.holds
        else _("Right: it has no legal move, so you may move another piece."),
        params=MappingProxyType({"square": made.square}),
        options=(must, free), answer=("must" if made.holds else "free",),
    )  # fmt: skip


RULES: Mapping[str, Rule] = MappingProxyType(
    {
        rule.slug: rule
        for rule in (
            Rule("board", _board_rule),
            Rule("king", _piece_rule("K")),
            Rule("queen", _piece_rule("Q")),
            Rule("rook", _piece_rule("R")),
            Rule("bishop", _piece_rule("B")),
            Rule("knight", _piece_rule("N")),
            Rule("pawn", _piece_rule("P")),
            Rule("capture", _capture_rule),
            Rule("piece-values", _piece_values_rule),
            Rule("protection", _protection_rule),
            Rule("check", _check_rule),
            Rule("check-escape", _check_escape_rule),
            Rule("check-wins", _check_wins_rule),
            Rule("checkmate", _checkmate_rule),
            Rule("stalemate", _stalemate_rule),
            Rule("game-endings", _game_endings_rule),
            Rule("castling", _castling_rule),
            Rule("castling-not-now", _castling_not_now_rule),
            Rule("castling-forever", _castling_for_ever_rule),
            Rule("en-passant", _en_passant_rule),
            Rule("promotion", _promotion_rule),
            Rule("draws", _draws_rule),
            Rule("draws-repetition", _draws_repetition_rule),
            Rule("draws-fifty", _draws_fifty_rule),
            Rule("notation", _notation_rule),
            Rule("notation-marks", _notation_marks_rule),
            Rule("notation-reading", _notation_reading_rule),
            Rule("touch-move", _touch_move_rule),
        )
    }
)


def rules_in_curriculum() -> list[str]:
    """The rules whose lesson is in the curriculum, in teaching order."""
    return [lesson.slug for lesson in get_curriculum().lessons if lesson.slug in RULES]
