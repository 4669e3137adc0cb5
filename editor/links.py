"""「編輯這個局面」: the link from a board a grown-up sees (a lesson's or practice puzzle, the
referee's game) to /editor/ with that position and its moves.

Only a signed-in grown-up whose area is not locked sees it: while a child is learning on
the device (the PIN lock of people) nothing leads away from the puzzle.
"""

from collections.abc import Sequence
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse

# people.permissions.LOCKED_SESSION_KEY (people depends on the lessons, which
# link here, so the name is written again; tests/editor/test_links.py keeps them equal).
LOCKED_SESSION_KEY = "grown_up_area_locked"
MAX_MOVES = 40  # editor.state.MAX_MOVES: a longer history is left out, the position kept


def edit_url(request: HttpRequest, fen: str, moves: Sequence[str] = ()) -> str:
    """The editor's address for ``fen`` and ``moves``, or "" when no grown-up is looking."""
    if not fen or not request.user.is_authenticated or request.session.get(LOCKED_SESSION_KEY):
        return ""
    query = {"fen": fen}
    if moves and len(moves) <= MAX_MOVES:
        query["moves"] = " ".join(moves)
    return f"{reverse('editor')}?{urlencode(query)}"
