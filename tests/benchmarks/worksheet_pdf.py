"""A worksheet PDF of 12 puzzles: how long WeasyPrint takes to make it, and its size.

Run: .venv/bin/python tests/benchmarks/worksheet_pdf.py [RUNS]   (default 5)

Makes the sheet of 12 fresh checkmate puzzles (level 1, a fixed seed) and the sheet of the
lesson 王車易位：永遠不行，還是暫時不行 (12 puzzles, histories written out), on A4, in turn
(A B A B), RUNS times each after one warm-up, as the PDF view does (worksheet_for, then
the sheet's HTML laid out by WeasyPrint, past the kept PDFs of worksheets.pdf._pdf_of: a
first download; no database). Prints each one's median and its size.
"""

import os
import sys
import time
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.smoke import size

SEED = 20261202
ONLINE = "https://chess.example.tw/"


def main(runs: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from django.utils import translation

    from curriculum.loading import get_curriculum
    from worksheets import pdf
    from worksheets.sheets import practice_puzzles, worksheet_for

    translation.activate("zh-hant")
    lesson = get_curriculum().lesson("castling-forever")
    sheets = {
        "practice checkmate": practice_puzzles("checkmate", 12, SEED, 1),
        "lesson castling-forever": list(lesson.puzzles),
    }
    made = {label: b"" for label in sheets}
    times = {label: [] for label in sheets}
    for round_ in range(runs + 1):
        for label, puzzles in sheets.items():
            wall, cpu = time.perf_counter(), time.process_time()
            sheet = worksheet_for(label, puzzles, ONLINE, "a4")
            made[label] = pdf._pdf_of.__wrapped__(pdf.sheet_html(sheet))  # never the kept one
            if round_:  # the first round warms (fonts, templates, the pieces' drawings)
                times[label].append((time.perf_counter() - wall, time.process_time() - cpu))
    for label in sheets:
        walls = [wall for wall, _cpu in times[label]]
        cpus = [cpu for _wall, cpu in times[label]]
        print(
            f"worksheet PDF, 12 puzzles, {label}, A4: median {median(walls):.2f} s wall "
            f"(CPU {median(cpus):.2f} s), {len(made[label]):,} B, {runs} runs"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else size(5, 1))
