"""Practice of notation: writing a move, its marks (O-O, +, #, =Q), reading one."""

from __future__ import annotations

import random
from collections.abc import Callable

from django.utils.translation import gettext as _

import rules
from board.explanations import move_in_words
from curriculum.puzzles import Option
from practice.generators.parts import Parts, choice
from rules import generate


def notation_rule(rng: random.Random, level: int) -> Parts:
    made = generate.move_to_write(rng, level)
    verdict = rules.check_move(made.fen, made.move)
    values = [verdict.san, *generate.san_misspellings(verdict.san)[:2]]
    rng.shuffle(values)
    return choice(
        made, "san", {"move": made.move},
        [Option(v, _("Written %(san)s") % {"san": v}) for v in values], [verdict.san],
        _("%(move)s. How is this move written?") % {"move": move_in_words(verdict)},
        _("The piece's letter first (none for a pawn), x for a capture, + for a check."),
        _("It is written %(san)s.") % {"san": verdict.san},
    )  # fmt: skip


def notation_marks_rule(rng: random.Random, level: int) -> Parts:
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
        # Never the move without its mark: leaving out + or # is allowed (C.13).
        other_letter = generate.san_misspellings(san)[0]
        if mate:
            return _san_choice(rng, made, made.move, [body + "+", other_letter], _how_mate_written)
        if san.endswith("+"):
            return _san_choice(rng, made, made.move, [body + "#", other_letter], _how_check_written)
        return _san_choice(rng, made, made.move, [san + "+", san + "#"], _how_written)
    made = generate.promotion(rng, 1)
    ends = sorted(rules.destinations(made.fen, made.square))
    move = f"{made.square}{rng.choice(ends)}q"
    san = rules.check_move(made.fen, move).san
    body = san.rstrip("+#")
    wrong = [body.replace("=Q", ""), "Q" + body.replace("=Q", "").split("x")[-1]]
    # As FIDE writes it (C.11: d8Q); d8=Q, as many books write it, is said beside it.
    return _san_choice(rng, made, move, wrong, _how_written, right=san.replace("=", ""))


def _how_written() -> str:
    return _("%(move)s. How is this move written?")


def _how_check_written() -> str:
    return _("%(move)s, giving check. How is this move written?")


def _how_mate_written() -> str:
    return _("%(move)s, and it is checkmate. How is this move written?")


def _san_choice(
    rng: random.Random,
    made: generate.Made,
    move: str,
    wrong: list[str],
    prompt: Callable,
    right: str | None = None,
) -> Parts:
    """How ``move`` is written, among ``wrong`` ways (``prompt()``: the question, %(move)s
    standing for the move in words); ``right``: the form offered, when not the SAN."""
    verdict = rules.check_move(made.fen, move)
    right = right or verdict.san
    values = [right, *[w for w in wrong if w != right][:2]]
    rng.shuffle(values)
    said = _("It is written %(san)s.") % {"san": right}
    if right != verdict.san:
        said = _("It is written %(san)s (%(other)s is common too).") % {
            "san": right,
            "other": verdict.san,
        }
    return choice(
        made, "san", {"move": move},
        [Option(v, _("Written %(san)s") % {"san": v}) for v in values], [right],
        prompt() % {"move": move_in_words(verdict)},
        _("O-O castles short, O-O-O long; + is check, # checkmate, =Q a pawn that becomes a "
          "queen."),
        said,
    )  # fmt: skip


def notation_reading_rule(rng: random.Random, level: int) -> Parts:
    """Read a written move: on which square does it end? Quiet moves, captures, checks."""
    made = generate.move_to_write(rng, level)
    verdict = rules.check_move(made.fen, made.move)
    start, end = made.move[:2], made.move[2:4]
    others = sorted({sq for sq in rules.placement(made.fen)} - {start, end}) or ["a1"]
    squares = [end, start, rng.choice(others)]
    rng.shuffle(squares)
    said = {"san": verdict.san, "square": end}
    return choice(
        made, "destination_of", {"san": verdict.san},
        [Option(sq, _("Ends on %(square)s") % {"square": sq}) for sq in squares], [end],
        _("The score sheet says %(san)s. On which square does the move end?") % said,
        _("The square is written last: its letter, then its number."),
        _("%(san)s ends on %(square)s.") % said,
    )  # fmt: skip
