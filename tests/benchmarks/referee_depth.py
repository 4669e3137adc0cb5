"""A referee move's cost as the game grows: a move posted at ply 160 against one at ply 20.

Run: .venv/bin/python tests/benchmarks/referee_depth.py [RUNS]   (default 30)

Plays one seeded random game of 161 plies that does not end (python-chess picks the moves,
no promotions), then posts its move 21 to /board/ from the position after 20 plies and its
move 161 from the position after 160, in turn, RUNS times each, through Django's test
client as htmx does. The game is put back in the session before every post, untimed, as
the app stores it after those moves.
Prints both medians and their ratio. Target: ply 160 ÷ ply 20 ≤ 1.3×.
"""

import random
import sys
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.scratch import django_on_scratch, interleaved, ratio_line

SESSION_KEY = "referee_game"  # the referee views' session key
PLIES = (20, 160)
TARGET = 1.3


def random_game(plies: int, seed: int = 20261201) -> list[str]:
    """UCI moves of a game that is not over after `plies` + 1 plies, without promotions."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        moves = []
        while len(moves) <= plies and not board.is_game_over():
            choices = [m for m in board.legal_moves if not m.promotion]
            if not choices:
                break
            move = rng.choice(choices)
            board.push(move)
            moves.append(move.uci())
        if len(moves) == plies + 1 and not board.is_game_over():
            return moves


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    game = random_game(max(PLIES))
    with django_on_scratch():
        from django.test import Client

        client = Client()
        client.get("/board/")

        from referee.game import from_session, to_session

        def restore(ply: int):
            # What the app stores after those moves (its score and resume point too).
            stored = to_session(
                from_session(
                    {
                        "start_fen": chess.STARTING_FEN,
                        "moves": game[:ply],
                        "result": "*",
                        "ending": None,
                    }
                )
            )

            def prepare():
                session = client.session
                session[SESSION_KEY] = stored
                session.save()

            return prepare

        def post(ply: int):
            move = game[ply]

            def case():
                response = client.post(
                    "/board/", {"selected": move[:2], "square": move[2:4]}, HTTP_HX_REQUEST="true"
                )
                assert response.status_code == 200, response.status_code
                assert client.session[SESSION_KEY]["moves"] == game[: ply + 1], "not played"

            return case

        labels = {f"ply {ply}": ply for ply in PLIES}
        times = interleaved(
            {label: post(ply) for label, ply in labels.items()},
            runs,
            prepare={label: restore(ply) for label, ply in labels.items()},
        )
    for label, timing in times.items():
        print(f"referee move at {label}: {timing.summary()}")
    small, large = times.values()
    print(ratio_line("referee move, ply 160 ÷ ply 20", small, large, TARGET, runs))


if __name__ == "__main__":
    main()
