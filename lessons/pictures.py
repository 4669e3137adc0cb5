"""What each lesson looks like on the map: its piece, or its idea drawn with pieces and a mark.

The map is a picture book for children who read few characters: 「車」 is the rook itself,
「吃過路兵」 two pawns and an arrow. The pieces are the board's own images (static/pieces);
the mark is a short sign drawn in a badge (「+」 check, 「#」 mate, 「½」 a draw).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class LessonPicture:
    pieces: tuple[str, ...]  # image names in static/pieces, e.g. "wK"; "" draws a checkerboard
    mark: str = ""  # a short sign in the picture's corner


PICTURES: dict[str, LessonPicture] = {
    "board": LessonPicture(("",), "a1"),
    "setup": LessonPicture(("wK", "wQ")),
    "king": LessonPicture(("wK",)),
    "queen": LessonPicture(("wQ",)),
    "rook": LessonPicture(("wR",)),
    "bishop": LessonPicture(("wB",)),
    "knight": LessonPicture(("wN",)),
    "pawn": LessonPicture(("wP",)),
    "capture": LessonPicture(("wR", "bQ"), "×"),
    "check": LessonPicture(("wR", "bK"), "+"),
    "checkmate": LessonPicture(("bK",), "#"),
    "castling": LessonPicture(("wK", "wR"), "0-0"),
    "en-passant": LessonPicture(("wP", "bP"), "↗"),
    "promotion": LessonPicture(("wP", "wQ"), "→"),
    "stalemate": LessonPicture(("bK",), "="),
    "draws": LessonPicture(("wK", "bK"), "½"),
    "notation": LessonPicture(("wN",), "Nf3"),
    "touch-move": LessonPicture(("wN",), "☝"),
    "piece-values": LessonPicture(("wQ", "wP"), "9"),
    "protection": LessonPicture(("wN", "wP"), "✓"),
    "check-wins": LessonPicture(("wN", "bK"), "+"),
    "game-endings": LessonPicture(("wK", "bK"), "1-0"),
    "move-complete": LessonPicture(("wN",), "↓"),
    "house-rules": LessonPicture(("wK",), "≠"),
    "check-escape": LessonPicture(("wK", "bR"), "+"),
    "castling-not-now": LessonPicture(("wK", "wR"), "✗"),
    "castling-forever": LessonPicture(("wK", "wR"), "?"),
    "draws-repetition": LessonPicture(("wN", "bN"), "3×"),
    "draws-fifty": LessonPicture(("wK", "bK"), "50"),
    "notation-marks": LessonPicture(("wK",), "O-O"),
    "notation-reading": LessonPicture(("wB",), "1-0"),
}

FALLBACK = LessonPicture(("wP",))


def picture_for(slug: str) -> LessonPicture:
    """The lesson's picture; a lesson added without one still gets a pawn."""
    return PICTURES.get(slug, FALLBACK)
