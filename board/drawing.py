"""The board's fragments, drawn from Jinja2 templates (templates/board/*.jinja, see
tutor/jinja.py): its 64 square buttons, its frame, the feedback box under it and the
promotion picker.

Every lesson answer and referee move draws them: through Django templates the 64 squares
cost ~2 ms (some 900 variable lookups), through Jinja2 ~0.2 ms, and a board's squares are
drawn once per board (board.component.BoardView.square_buttons). Django templates draw
them with {% load board_drawing %}: {% board_frame board %}, {% feedback_box feedback %},
{% promotion_picker promotion %}. The markup is pinned attribute for attribute by
tests/board/test_board.py and tests/board/test_drawing.py.
"""

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

JINJA = "jinja2"  # settings.TEMPLATES' engine for the fragments


def square_buttons(board) -> SafeString:
    """Each rank's coordinate, then its squares, top row first; `board` is a BoardView."""
    return render_to_string("board/squares.jinja", {"board": board}, using=JINJA)


def board_frame(board, tucked: bool = False, opened: bool = False) -> SafeString:
    """The board inside its frame, with the hidden inputs a board form posts; include it
    INSIDE the page's <form>. `board` is a board.component.BoardView. On a move board
    the box for typing a move follows; `tucked` hides it behind a switch only keyboard
    users meet (before the notation lesson), `opened` shows that switch open."""
    context = {"board": board, "tucked": tucked, "opened": opened}
    return render_to_string("board/frame.jinja", context, using=JINJA)


def feedback_box(feedback) -> SafeString:
    """The box that says how an answer or a move was judged; always present, so a page's
    live region has a place to read from. `feedback`: a board.feedback.Feedback or None;
    its `why` (optional) is the longer reason, behind 「為什麼？」."""
    return render_to_string("board/feedback.jinja", {"feedback": feedback}, using=JINJA)


def promotion_picker(promotion) -> SafeString:
    """The four pieces a pawn on the last rank may become, and 「取消」; include it inside
    the board's <form>. `promotion` is a board.component.PromotionView."""
    return render_to_string("board/promotion.jinja", {"promotion": promotion}, using=JINJA)
