"""Each computer opponent against the one below it (``rules.opponents``): the scores.

Run: .venv/bin/python tests/benchmarks/opponent_levels.py [GAMES] [MAX_PLIES] [SEED]
     BENCH_SMOKE=1 .venv/bin/python tests/benchmarks/opponent_levels.py   (or --smoke: tiny)

Each level plays the level below it ``GAMES`` times (default 200), colours alternating
(even games: the stronger has White), game ``n`` drawn from ``random.Random(SEED + n)``.
A game ends as the engine's rules end it: checkmate; stalemate, insufficient material,
fivefold repetition and the 75-move rule (automatic draws); threefold repetition and
the fifty-move rule, which the side to move claims at once. A game still going after
``MAX_PLIES`` moves (default 200) is stopped and counted as a draw (shown apart, as
"stopped"). Prints, per pairing, the stronger level's wins, draws and losses, its score
(a win 1, a draw 1/2) as a share of the games, the rating difference that score means
(Elo's formula) and how the games ended; then whether each level beat the one below
clearly (target: a score of at least 70 %).
"""

import collections
import itertools
import math
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.opponents import OPPONENTS, play_game

TARGET_SCORE = 0.70


def match(stronger: str, weaker: str, games: int, max_plies: int, seed: int) -> dict:
    """The stronger level's wins, draws, losses and the games' endings."""
    tally = collections.Counter()
    endings = collections.Counter()
    plies = 0
    for number in range(games):
        stronger_white = number % 2 == 0
        white, black = (stronger, weaker) if stronger_white else (weaker, stronger)
        game = play_game(white, black, rng=random.Random(seed + number), max_plies=max_plies)
        plies += len(game.moves)
        endings[game.ending.value if game.ending else "stopped"] += 1
        if game.result in ("1-0", "0-1"):
            won = (game.result == "1-0") == stronger_white
            tally["wins" if won else "losses"] += 1
        else:
            tally["draws"] += 1
    return {"tally": tally, "endings": endings, "plies": plies}


def elo_difference(score: float) -> str:
    if score <= 0 or score >= 1:
        return "beyond measure"
    return f"{round(-400 * math.log10(1 / score - 1)):+d}"


def main() -> None:
    arguments = [a for a in sys.argv[1:] if a != "--smoke"]
    smoke = os.environ.get("BENCH_SMOKE") == "1" or "--smoke" in sys.argv[1:]
    games = int(arguments[0]) if arguments else (2 if smoke else 200)
    max_plies = int(arguments[1]) if len(arguments) > 1 else (40 if smoke else 200)
    seed = int(arguments[2]) if len(arguments) > 2 else 20261202
    print(f"{games} games per pairing, colours alternating, stopped after {max_plies} plies")
    clear = []
    for weaker, stronger in itertools.pairwise(OPPONENTS):
        started = time.perf_counter()
        result = match(stronger, weaker, games, max_plies, seed)
        tally, endings = result["tally"], result["endings"]
        score = (tally["wins"] + tally["draws"] / 2) / games
        clear.append(score >= TARGET_SCORE)
        print(
            f"{stronger} vs {weaker}: +{tally['wins']} ={tally['draws']} -{tally['losses']}  "
            f"score {100 * score:.1f} % (Elo {elo_difference(score)})  "
            f"{time.perf_counter() - started:.0f} s, {result['plies'] / games:.0f} plies a game"
        )
        print("    endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    verdict = "met" if all(clear) else "MISSED"
    print(
        f"target: each level scores >= {100 * TARGET_SCORE:.0f} % against the one below: {verdict}"
    )


if __name__ == "__main__":
    main()
