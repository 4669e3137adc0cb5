"""An imported file's problems in the teacher's language. The curriculum's loader and
validator speak English to the people who write lessons (``make check-curriculum``); a
teacher importing a set reads each of their messages here, matched by its pattern, in the
interface's language (「第 12 行：set-3-1：檔案寫的答案是 yes，可是規則引擎算出來是 no。」).

A message no pattern knows is still shown, framed as the rules engine's own words; the
test ``tests/puzzlesets/test_import_words.py`` finds every message the curriculum can raise
and fails on one that no pattern reads.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

_WORDS = (
    # The file's top level (curriculum.loading.LESSON_SHAPE).
    (
        r"lesson needs a non-empty `(?P<key>\w+)`",
        _("The file needs “%(key)s” at the top, with some text."),
    ),
    (
        r"slug (?P<slug>.+) differs from the file name (?P<name>.+)",
        _("The slug must be lower-case English words joined by -."),
    ),
    (r"unknown group (?P<group>.+)", _("There is no group %(group)s.")),
    (r"lesson needs an `order`.*", _("“order” must be a number above 0.")),
    (r"lesson needs an `intro`.*", _("“intro” must be a list of short sentences.")),
    (r"lesson has no \[\[puzzles\]\]", _("The file has no [[puzzles]].")),
    (r"`moved_from` must list lesson slugs", _("“moved_from” must list lessons’ slugs.")),
    (r"cannot parse the file: .*", _("This line cannot be read as TOML.")),
    # A puzzle's shape (curriculum.loading, curriculum.fields, the kinds' load()).
    (r"a puzzle must be a table", _("Each puzzle must be a [[puzzles]] table.")),
    (
        r"puzzle needs an `id` of lower-case English words joined by -",
        _("Each puzzle needs an “id”: lower-case English words joined by -."),
    ),
    (
        r"id must start with (?P<starts>.+) and be at most 60 characters",
        _("The id must start with %(starts)s and have at most 60 characters."),
    ),
    (r"unknown kind (?P<kind>.+); one of (?P<kinds>.+)", _("There is no kind %(kind)s.")),
    (
        r"`uses` names no rule: (?P<unknown>.+); one of (?P<known>.+)",
        _("“uses” names no rule: %(unknown)s."),
    ),
    (r"puzzle needs a non-empty `(?P<key>\w+)`", _("The puzzle needs “%(key)s”, with some text.")),
    (r"`(?P<key>\w+)` must be a list of strings", _("“%(key)s” must be a list of texts.")),
    (
        r"`options` must list at least two \{ value, text \} tables",
        _("“options” must list at least two options, each with a value and a text."),
    ),
    (r"each option needs a `value` and a `text`", _("Each option needs a value and a text.")),
    (r"an option's `why` must be text", _("An option’s “why” must be a text.")),
    (r"two options have the same value", _("Two options have the same value.")),
    (
        r"`answer` must name one or more of the options' values",
        _("“answer” must name one or more of the options’ values."),
    ),
    (r"`answer` must be one of the offered options", _("“answer” must be one of the options.")),
    (
        r"a move puzzle needs a `goal` with a type: .*",
        _("A move puzzle needs a “goal” with a type."),
    ),
    (r"unknown question (?P<question>.+)", _("There is no question %(question)s.")),
    (r"unknown assess options (?P<options>.+)", _("These options do not exist: %(options)s.")),
    (r"`target` must be one of (?P<targets>.+)", _("“target” must be one of %(targets)s.")),
    (
        r"a setup puzzle needs `place`: .*",
        _("A set-up puzzle needs “place”: the squares to fill, 1 to 32."),
    ),
    (r"`place` names a square twice", _("“place” names a square twice.")),
    (r"`side` must be short or long", _("“side” must be short or long.")),
    (r"`square` must be a square name", _("“square” must be a square, e.g. e4.")),
    (r"`move` must be a UCI move", _("“move” must be two squares, e.g. e2e4.")),
    (r"`colour` must be white or black", _("“colour” must be white or black.")),
    # What the validator finds (curriculum.validator, the kinds' validate()).
    (
        r"missing (?P<name>\w+) \(no Chinese text\)",
        _("“%(name)s” has no Chinese text."),
    ),
    (
        r"option (?P<value>.+): missing text \(no Chinese text\)",
        _("Option %(value)s has no Chinese text."),
    ),
    (
        r"option (?P<value>.+): a wrong option needs a `why` \(the reason it is wrong\)",
        _("Option %(value)s is wrong, so it needs a “why”: the reason it is wrong."),
    ),
    (
        r"the board contradicts the (?P<field>\w+): (?P<detail>.+)",
        _("The words of “%(field)s” do not match the board (%(detail)s)."),
    ),
    (r"not a FEN: .*", _("This FEN cannot be read.")),
    (
        r"illegal position: .*",
        _(
            "This position cannot happen in a game: one king each, and the side not to move "
            "not in check."
        ),
    ),
    (r"illegal position after the moves", _("After the moves, the position cannot happen.")),
    (
        r"the engine refuses it: \w+: (?P<detail>.+)",
        _("The rules engine refuses this puzzle: %(detail)s"),
    ),
    (
        r"stated answer (?P<stated>.+) but the engine says (?P<computed>.+)",
        _("The file’s answer is %(stated)s, but the rules engine says %(computed)s."),
    ),
    (r"options name empty squares: (?P<squares>.+)", _("No piece stands on %(squares)s.")),
    (
        r"exchange: (?P<move>.+) is not a legal capture",
        _("%(move)s is not a legal capture."),
    ),
    (
        r"the correct options (?P<computed>.+) are not all offered",
        _("The right answers %(computed)s are not all among the options."),
    ),
    (
        r"can_claim: declaring (?P<san>\S+) claims (?P<claimed>.+) \(a move changes the answer\)",
        _("Declaring the move %(san)s makes a claim: a move changes the answer."),
    ),
    (
        r"san: (?P<lawful>.+) is written as the Laws allow \(C\.13\), yet marked wrong",
        _("%(lawful)s is written as the Laws allow, yet marked wrong."),
    ),
    (
        r"goal (?P<goal>\w+): the side to move is not in check",
        _("Goal %(goal)s: the side to move is not in check."),
    ),
    (
        r"goal (?P<goal>\w+): unknown parameters (?P<names>.+)",
        _("Goal %(goal)s: these settings do not exist: %(names)s."),
    ),
    (
        r"goal (?P<goal>\w+): `(?P<name>\w+)` .+",
        _("Goal %(goal)s: “%(name)s” is not written right."),
    ),
    (
        r"visit puzzle starts in check; the other side could not pass",
        _("The side to move is in check: the stars need a position without check."),
    ),
    (
        r"no legal moves collect every target within the budget",
        _("The piece cannot collect every star within the budget."),
    ),
    (
        r"every legal move meets the goal: nothing to learn",
        _("Every move is right here: there is nothing to find."),
    ),
    (
        r"another piece can collect the stars: .*",
        _("Another piece can collect the stars too, so this puzzle has two answers."),
    ),
    (
        r"no legal move forces mate within (?P<within>\S+)",
        _("No move forces checkmate within %(within)s moves."),
    ),
    (
        r"no legal move forces stalemate within (?P<within>\S+)",
        _("No move forces stalemate within %(within)s moves."),
    ),
    (
        r"the engine and python-chess disagree on (?P<move>.+)",
        _("The rules engine cannot judge %(move)s."),
    ),
    (r"no legal move meets the goal", _("No move meets the goal.")),
    (
        r"it accepts (?P<san>\S+), which draws at once .*",
        _("%(san)s would be right too, yet it draws the game at once."),
    ),
    (
        r"`place` names squares with no piece in `fen`: (?P<squares>.+)",
        _("“place” names squares with no piece: %(squares)s."),
    ),
    (
        r"a setup puzzle has no `moves`: .*",
        _("A set-up puzzle has no “moves”: the learner sets up the position."),
    ),
    (r"`square` (?P<square>.+) is not a square name", _("%(square)s is not a square.")),
    (r"no piece on (?P<square>[a-h][1-8])", _("No piece stands on %(square)s.")),
    (r"king_cannot_go: no king on (?P<square>[a-h][1-8])", _("No king stands on %(square)s.")),
    (
        r"the piece on (?P<square>[a-h][1-8]) does not belong to the side to move",
        _("The piece on %(square)s belongs to the side not to move."),
    ),
    (r"there is no square to tap", _("There is no square to tap.")),
)
PATTERNS = tuple((re.compile(pattern), said) for pattern, said in _WORDS)


def said(message: str) -> str:
    """The curriculum's English ``message`` in the active language."""
    for pattern, words in PATTERNS:
        match = pattern.fullmatch(message)
        if match:
            return str(words) % match.groupdict()
    return str(_("The rules engine says (in English): %(message)s")) % {"message": message}
