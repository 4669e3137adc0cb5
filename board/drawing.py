"""The board as HTML, written in Python: its frame and 64 square buttons, the feedback box
under it and the promotion picker.

Every lesson answer and referee move draws them. Through the template engine the 64
squares cost ~2 ms (some 900 variable lookups), here ~0.15 ms; the frame, the feedback and
the picker were templates until the whole puzzle was written in Python too
(lessons/puzzle_html.py). Templates draw them with {% load board_drawing %}:
{% board_frame board %}, {% feedback_box feedback %}, {% promotion_picker promotion %}.
The markup is pinned attribute for attribute by tests/board/test_board.py and
tests/board/test_drawing.py.
"""

from html import escape  # Django's escape, without its check for lazy text (64 × a board)

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext


def square_buttons(board) -> SafeString:
    """Each rank's coordinate, then its squares, top row first; `board` is a BoardView."""
    lines = []
    for rank_label, rank in board.rows:
        lines.append(f'<span class="board-coord board-rank" aria-hidden="true">{rank_label}</span>')
        lines.append("".join(_button(square, board.mode) for square in rank))
    return mark_safe("\n".join(lines))  # every value below is escaped or one of ours


def _button(square, mode: str) -> str:
    attributes = [
        f'type="submit" name="square" value="{square.name}" data-square="{square.name}"',
        f'class="square {"light" if square.light else "dark"}"',
        f'aria-label="{escape(square.label)}"',
    ]
    if square.piece:
        attributes.append(f'data-piece="{escape(square.piece)}"')
    if square.highlighted:
        attributes.append("data-highlight")
    if square.last_move:
        attributes.append("data-last-move")
    if square.mated:
        attributes.append("data-mated")
    if mode == "mark":
        attributes.append(f'aria-pressed="{"true" if square.marked else "false"}"')
    elif square.selected:
        attributes.append('aria-pressed="true" data-selected')
    if square.marked and mode != "mark":
        attributes.append("data-marked")
    if mode == "view":
        attributes.append("disabled")
    image = (
        f'<img src="{escape(square.image)}" alt="" width="45" height="45" draggable="false">'
        if square.image
        else ""
    )
    return f"<button {' '.join(attributes)}>{image}</button>"


def board_frame(board, tucked: bool = False, opened: bool = False) -> SafeString:
    """The board inside its frame, with the hidden inputs a board form posts; include it
    INSIDE the page's <form>. `board` is a board.component.BoardView. On a move board
    the box for typing a move follows; `tucked` hides it behind a switch only keyboard
    users meet (before the notation lesson), `opened` shows that switch open."""
    mode = board.mode
    files = "".join(
        f'<span class="board-coord board-file" aria-hidden="true">{escape(file)}</span>'
        for file in board.files
    )
    parts = [
        '<div class="board-frame">\n'
        f'  <div class="board" data-board data-fen="{escape(board.fen)}"'
        f' data-orientation="{escape(board.orientation)}" data-mode="{escape(mode)}"'
        f' role="group" aria-label="{conditional_escape(board.label)}">\n'
        f"    {board.square_buttons}\n"
        '    <span class="board-coord board-corner" aria-hidden="true"></span>\n'
        f"    {files}\n"
        "  </div>\n"
        f'  <input type="hidden" name="mode" value="{escape(mode)}">\n'
        f'  <input type="hidden" name="selected" value="{escape(board.selected or "")}">\n'
        '  <input type="hidden" name="dropped" value="">\n'
    ]
    if mode == "mark":
        parts.extend(
            f'  <input type="hidden" name="marked" value="{escape(name)}">\n'
            for name in board.marked
        )
    if mode == "move":
        parts.append(_typed_move(tucked, opened))
    parts.append("</div>\n")
    return mark_safe("".join(parts))  # every value is escaped or one of ours


def _typed_move(tucked: bool, opened: bool) -> str:
    box = (
        '  <p class="typed-move">\n'
        f'    <label for="typed-move">{escape(gettext("Type a move, e.g. Nf3 or e2e4"))}</label>\n'
        '    <span class="typed-move-row">\n'
        '      <input id="typed-move" name="typed" type="text" maxlength="12"'
        ' autocomplete="off" autocapitalize="off" spellcheck="false" inputmode="text">\n'
        '      <button type="submit" name="typed_submit" value="1" class="secondary">'
        f"{escape(gettext('Play this move'))}</button>\n"
        "    </span>\n"
        "  </p>\n"
    )
    if not tucked:
        return box
    return (
        f'  <details class="typed-move-more" data-typed-move-more{" open" if opened else ""}>'
        f"<summary>{escape(gettext('Type a move instead'))}</summary>\n{box}  </details>\n"
    )


def feedback_box(feedback) -> SafeString:
    """The box that says how an answer or a move was judged; always present, so a page's
    live region has a place to read from. `feedback`: a board.feedback.Feedback or None;
    its `why` (optional) is the longer reason, behind 「為什麼？」."""
    if feedback is None:
        return mark_safe('<div class="feedback" id="feedback" data-feedback>\n</div>')
    verdict = f' data-verdict="{conditional_escape(feedback.tone)}"' if feedback.tone else ""
    check = " data-check" if feedback.check else ""
    said = [f'    <p class="feedback-title">{conditional_escape(feedback.title)}</p>\n']
    said.extend(f"    <p>{conditional_escape(message)}</p>\n" for message in feedback.messages)
    if feedback.why:
        reasons = "".join(f"<p>{conditional_escape(reason)}</p>" for reason in feedback.why)
        said.append(
            f'    <details class="feedback-why" data-why><summary>{escape(gettext("Why?"))}'
            f"</summary>{reasons}</details>\n"
        )
    return mark_safe(  # every value is escaped
        f'<div class="feedback" id="feedback" data-feedback{verdict}{check}>\n{"".join(said)}</div>'
    )


def promotion_picker(promotion) -> SafeString:
    """The four pieces a pawn on the last rank may become, and 「取消」; include it inside
    the board's <form>. `promotion` is a board.component.PromotionView."""
    choices = "".join(
        f'    <button type="submit" name="promotion" value="{escape(choice.value)}"'
        f' class="secondary"><img src="{escape(choice.image)}" alt="" width="45"'
        f' height="45"> {conditional_escape(choice.label)}</button>\n'
        for choice in promotion.choices
    )
    legend = escape(gettext("Your pawn reached the last rank. Which piece should it become?"))
    return mark_safe(  # every value is escaped
        '<fieldset class="promotion" data-promotion>\n'
        f"  <legend>{legend}</legend>\n"
        f'  <input type="hidden" name="pending" value="{escape(promotion.pending)}">\n'
        '  <div class="promotion-choices">\n'
        f"{choices}"
        '    <button type="submit" name="cancel" value="1" class="secondary">'
        f"{escape(gettext('Cancel'))}</button>\n"
        "  </div>\n"
        "</fieldset>"
    )
