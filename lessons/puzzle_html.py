"""The puzzle as HTML, written in Python: what every answer sends back (htmx swaps it in
place of #puzzle) and what a lesson or practice page shows first.

Like the board's squares (board/drawing.py) and the row of steps (lessons/steps.py), it
was a template, lessons/lesson.html's `puzzle` partial with its panel, history, stars and
solved box. Through the template engine it cost ~0.7 ms of every answer (about 70 variable
lookups, 15 translations and 5 includes), over a quarter of it; here ~0.1 ms. Templates
draw it with {% load lesson_drawing %}{% puzzle_section %}; an htmx answer of a lesson is
written by `puzzle_section` alone (lessons.views.render_puzzle).

`c` is the context lessons.views.puzzle_context builds, with what the page adds (the
lesson's `number`, `total`, `steps`, `level_number`, `level_count`, `all_solved`; a
practice round's `heading` and `next_label`); a key a page does not give counts as empty.
The markup is pinned by the lessons' and practice's view tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from board.drawing import board_frame, feedback_box, promotion_picker
from lessons.steps import steps_nav


def puzzle_section(c: Mapping, csrf_token: str | None) -> SafeString:
    """The <section id="puzzle">: steps, heading, prompt, board and panel, in its form.

    `csrf_token` goes in the form as {% csrf_token %} puts it, for a page posted without
    htmx; None writes no token: an htmx answer's form is posted by htmx, which sends the
    page's token in a header (base.html's hx-headers), so the answer asks for no new one.
    """
    place, puzzle, board = c["place"], c["puzzle"], c.get("board")
    reasked = puzzle.id != place.id
    targets, circled = c.get("targets"), c.get("circled")
    head = [
        f'<section class="puzzle" id="puzzle" data-puzzle="{escape(place.id)}"',
        f' data-asked="{escape(puzzle.id)}"' if reasked else "",
        f' data-kind="{escape(puzzle.kind)}"',
        f' data-stars="{_joined(targets, " ")}"' if targets else "",
        f' data-circled="{_joined(circled, " ")}"' if circled else "",
        ' aria-labelledby="puzzle-heading">\n',
    ]
    if c.get("steps"):
        head.append(f"  {steps_nav(c['steps'])}\n")
    if (c.get("level_count") or 0) > 1:
        level = gettext("Level %(level)s of %(levels)s") % {
            "level": c["level_number"],
            "levels": c["level_count"],
        }
        head.append(f'  <p class="puzzle-level">{level}</p>\n')
    heading = c.get("heading")
    if heading:
        heading = conditional_escape(heading)
    elif (c.get("level_count") or 0) > 1:  # counted within the level, as the steps are
        heading = gettext("Puzzle %(number)s of %(total)s") % {
            "number": _value(c.get("number_in_level")),
            "total": _value(c.get("level_size")),
        }
    else:
        heading = gettext("Puzzle %(number)s of %(total)s") % {
            "number": _value(c.get("number")),
            "total": _value(c.get("total")),
        }
    head.append(f'  <h2 id="puzzle-heading">{heading}</h2>\n')
    if reasked:
        again = escape(gettext("One more: the same question in another position."))
        head.append(f'  <p class="puzzle-reask" data-reasked>{again}</p>\n')
    side = (
        f'<span class="puzzle-side" data-plays-black>{escape(gettext("You are Black."))}</span> '
        if c.get("plays_black")
        else ""
    )
    head.append(
        f'  <p class="puzzle-prompt">{side}{conditional_escape(puzzle.prompt)}</p>\n'
        '  <p class="read-aloud"><button type="button" class="secondary" data-read-aloud'
        f" hidden>{escape(gettext('Read it to me'))}</button></p>\n"
    )
    if targets:
        head.append(_targets(targets, c.get("moves_left")))
    elif c.get("all_stars_reached"):
        done = escape(gettext("You reached every star!"))
        head.append(f'  <p class="puzzle-targets" data-targets>{done}</p>\n')
    panel = _panel(c)
    board_html = (
        board_frame(board, bool(c.get("typed_move_tucked")), bool(c.get("typed_move_open")))
        if board
        else ""
    )
    form = (
        f'<form class="puzzle-form" method="post" action="{escape(c["answer_url"])}"'
        f' hx-post="{escape(c["answer_url"])}" hx-target="#puzzle" hx-swap="outerHTML">'
    )
    hidden = (
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
        if csrf_token
        else ""
    )
    asked = f'<input type="hidden" name="asked" value="{escape(puzzle.id)}">'
    if c.get("interactive"):
        body = (
            f"  {form}\n"
            f'    {hidden}<input type="hidden" name="played" value="{escape(c["played"])}">'
            f"{asked}\n"
            '    <div class="puzzle-layout">\n'
            f'      <div class="puzzle-board">{board_html}</div>\n'
            f'      <div class="puzzle-panel">{panel}</div>\n'
            "    </div>\n"
            "  </form>\n"
        )
    else:
        if c.get("solved_stars") is None and not c.get("reask"):
            panel = f"\n      {form}\n        {hidden}{asked}{panel}\n      </form>\n      "
        board_part = f'    <div class="puzzle-board">{board_html}</div>\n' if board else ""
        body = (
            '  <div class="puzzle-layout">\n'
            f"{board_part}"
            f'    <div class="puzzle-panel">{panel}</div>\n'
            "  </div>\n"
        )
    return mark_safe(f"{''.join(head)}{body}</section>\n")  # every value is escaped


def stars_badge(stars, big: bool = False) -> SafeString:
    """Three stars, `stars` of them lit, named for a screen reader (「得到 2 顆星（共 3 顆）」)."""
    label = gettext("%(stars)s of 3 stars") % {"stars": _value(stars)}
    lit = stars if isinstance(stars, int) else 0
    row = "".join(f'<span class="star{" on" if n <= lit else ""}">★</span>' for n in (1, 2, 3))
    return mark_safe(  # every value is escaped
        f'<span class="stars{" big" if big else ""}" data-stars="{_value(stars)}" role="img"'
        f' aria-label="{label}">{row}</span>'
    )


def _panel(c: Mapping) -> str:
    """Beside the board: the moves before, the promotion picker, the feedback, then the
    solved box, the link to the next position of a re-ask, or the answer's buttons."""
    parts = []
    if c.get("history") or c.get("history_words"):
        parts.append(_history(c.get("history"), c.get("history_words")))
    if c.get("promotion"):
        parts.append(promotion_picker(c["promotion"]))
    parts.append(f"\n{feedback_box(c.get('feedback'))}\n")
    solved_stars = c.get("solved_stars")
    if solved_stars is not None:
        parts.append(_solved_box(c, solved_stars))
    elif c.get("reask"):
        retry = escape(c["retry_url"])
        parts.append(
            f'<p class="reask-box" data-reask><a class="button big" href="{retry}#puzzle"'
            f' hx-get="{retry}" hx-target="#puzzle" hx-swap="outerHTML" data-reask-link'
            f" autofocus>{escape(gettext('Try one more'))}</a></p>\n"
        )
    else:
        parts.append(_answer_controls(c))
    return "".join(parts)


def _solved_box(c: Mapping, stars) -> str:
    if c.get("next_label"):
        label = conditional_escape(c["next_label"])
    elif c.get("all_solved"):
        label = escape(gettext("See my stars"))
    elif c.get("number") == c.get("total"):
        label = escape(gettext("Go to a puzzle not solved yet"))
    else:
        label = escape(gettext("Next puzzle"))
    earned = gettext("Stars earned: %(stars)s") % {"stars": _value(stars)}
    done = " data-lesson-done" if c.get("all_solved") else ""
    return (
        f'<div class="solved-box" data-solved{done}>\n'
        f"  <p>{stars_badge(stars)} {earned}</p>\n"
        f'  <p><a class="button big" href="{escape(c["next_url"])}" data-next-puzzle'
        f" autofocus>{label}</a></p>\n"
        "</div>\n"
    )


def _answer_controls(c: Mapping) -> str:
    """The options, then 「完成」 or 「檢查答案」, 「提示」 and 「重來」, then the hint."""
    puzzle, board = c["puzzle"], c.get("board")
    input_mode, hint_shown = c.get("input_mode"), c.get("hint_shown")
    parts = []
    if puzzle.options and (board.mode if board else "") != "mark":
        parts.append(_options(puzzle.options, c.get("several"), c.get("chosen") or ()))
    if input_mode == "mark":
        how = escape(gettext("Tap squares to mark them, then press “Done”."))
        parts.append(f'<p class="puzzle-how" id="squares-how">{how}</p>\n')
    buttons = []
    if input_mode == "mark":
        buttons.append(
            '<button type="submit" name="done" value="1" id="done-button">'
            f"{escape(gettext('Done'))}</button>"
        )
    elif input_mode == "view":
        buttons.append(
            '<button type="submit" name="submit_answer" value="1" id="answer-button">'
            f"{escape(gettext('Check my answer'))}</button>"
        )
    if not hint_shown:
        buttons.append(
            '<button type="submit" name="hint" value="1" class="secondary" id="hint-button">'
            f"{escape(gettext('Hint'))}</button>"
        )
    if c.get("played"):
        buttons.append(
            f'<a class="button secondary" href="{escape(c["retry_url"])}">'
            f"{escape(gettext('Start this puzzle again'))}</a>"
        )
    parts.append('<p class="puzzle-actions">\n  ' + "\n  ".join(buttons) + "\n</p>\n")
    if hint_shown:
        autofocus = " autofocus" if c.get("hint_requested") else ""
        parts.append(
            f'<p class="hint" data-hint id="hint" tabindex="-1"{autofocus}>'
            f"<strong>{escape(gettext('Hint:'))}</strong> {conditional_escape(puzzle.hint)}</p>\n"
        )
    return "".join(parts)


def _options(options, several: bool, chosen) -> str:
    if several:
        legend = gettext("Choose every right answer (you may choose more than one)")
    else:
        legend = gettext("Choose one answer")
    kind = "checkbox" if several else "radio"
    labels = "".join(
        f'  <label><input type="{kind}" name="answer" value="{conditional_escape(option.value)}"'
        f"{' checked' if option.value in chosen else ''}> {conditional_escape(option.text)}"
        "</label>\n"
        for option in options
    )
    return (
        '<fieldset class="answer-options">\n'
        f"  <legend>{escape(legend)}</legend>\n"
        f"{labels}"
        "</fieldset>\n"
    )


def _history(rows, words) -> str:
    """The moves played before the puzzle's position, as a short score sheet: `rows` of
    (number, White's move, Black's move) once notation is taught, else `words`, one move
    a line in words."""
    if words:
        items = "".join(f"<li>{conditional_escape(said)}</li>" for said in words)
        moves = f'<ol class="history-moves history-words">{items}</ol>'
    else:
        items = "".join(
            f"<li>{_value(number)}. {conditional_escape(white)}"
            f"{' ' + conditional_escape(black) if black else ''}</li>"
            for number, white, black in rows
        )
        moves = f'<ol class="history-moves">{items}</ol>'
    return (
        '<section class="history" data-history aria-labelledby="history-heading">\n'
        f'  <h3 id="history-heading">{escape(gettext("Moves played before"))}</h3>\n'
        f"  {moves}\n"
        "</section>"
    )


def _targets(targets, moves_left) -> str:
    """A visit puzzle's stars still to reach, and how many moves are left for them."""
    squares = ngettext(
        "The star is on %(squares)s.", "The stars are on %(squares)s.", len(targets)
    ) % {"squares": _joined(targets, pgettext("list separator", ", "))}
    left = ngettext(
        "You may make %(count)s more move.", "You may make %(count)s more moves.", moves_left
    ) % {"count": _value(moves_left)}
    return (
        f'  <p class="puzzle-targets" data-targets>{squares} <span class="moves-left"'
        f' data-moves-left="{_value(moves_left)}">{left}</span></p>\n'
    )


def _joined(items, separator: str) -> str:
    """As the template's `join` filter: each item and the separator escaped."""
    return conditional_escape(separator).join(conditional_escape(item) for item in items)


def _value(value) -> str:
    """A number or a word as the template engine shows a variable (None as "None")."""
    return conditional_escape(value)
