"""Draw the twelve piece images into static/pieces/ from python-chess's own SVG set.

Run once (the images are committed): `python manage.py draw_pieces`.
Files are named by colour and letter: wK.svg, wQ.svg … bP.svg.
"""

from pathlib import Path

import chess
import chess.svg
from django.conf import settings
from django.core.management.base import BaseCommand

PIECES_DIR = Path(settings.BASE_DIR) / "static" / "pieces"


def piece_file_name(symbol: str) -> str:
    """The file name of a piece image: "N" → "wN.svg", "n" → "bN.svg"."""
    colour = "w" if symbol.isupper() else "b"
    return f"{colour}{symbol.upper()}.svg"


class Command(BaseCommand):
    help = "Draw the twelve piece SVGs into static/pieces/."

    def handle(self, *args, **options) -> None:
        PIECES_DIR.mkdir(parents=True, exist_ok=True)
        for symbol in "KQRBNPkqrbnp":
            svg = chess.svg.piece(chess.Piece.from_symbol(symbol))
            (PIECES_DIR / piece_file_name(symbol)).write_text(svg + "\n", encoding="utf-8")
        self.stdout.write(f"Drew 12 pieces into {PIECES_DIR}")
