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


def may_edit(request: HttpRequest) -> bool:
    """Whether a grown-up is looking (signed in, their area not locked for a child)."""
    return request.user.is_authenticated and not request.session.get(LOCKED_SESSION_KEY)


def edit_address(fen: str, moves: Sequence[str] = ()) -> str:
    """The editor's address for ``fen`` and ``moves`` ("" without a position)."""
    if not fen:
        return ""
    query = {"fen": fen}
    if moves and len(moves) <= MAX_MOVES:
        query["moves"] = " ".join(moves)
    return f"{reverse('editor')}?{urlencode(query)}"


def edit_url(request: HttpRequest, fen: str, moves: Sequence[str] = ()) -> str:
    """The editor's address for ``fen`` and ``moves``, or "" when no grown-up is looking."""
    return edit_address(fen, moves) if may_edit(request) else ""
