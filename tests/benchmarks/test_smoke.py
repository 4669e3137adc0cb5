"""Every script in tests/benchmarks/ runs to its figure at a tiny size, so none rots.

Each script is started as `make bench` starts it (its own process, the repository's
Python), with BENCH_SMOKE=1 (tests/benchmarks/smoke.py: counts and durations shrunk) and
small arguments, and must end without a traceback, print the line that carries its
figure, and exit 0, or 1 where 1 means "a target was missed" (a tiny size measures
nothing). With DATABASE_URL naming PostgreSQL the scripts that take a scratch database
take it there, as they do under `make bench`. Marked `server` and `slow` by folder
(tests/conftest.py).
"""

import re
from pathlib import Path

import pytest

from tests.benchmarks import smoke
from tests.benchmarks.answer_load import free_port

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DJANGO = {"DJANGO_SETTINGS_MODULE": "tests.settings", "PYTHONPATH": str(ROOT)}
LIBRARIES = {
    "__init__.py",
    "scratch.py",
    "served.py",
    "smoke.py",
    "test_smoke.py",
    "worker_times.py",
}

# script: (arguments, extra environment, the figure's line, exit codes that mean "ran")
SCRIPTS = {
    "answer_path.py": ([], {}, r"^one answer: \d+ stays in \d+ files, \d+ returns$", {0}),
    "answer_cpu.py": (["5", "1"], {}, r"^sqlite, e1g1: \d+ µs CPU an answer", {0}),
    "answer_load.py": (["12", "3"], {}, r"^Attempt rows written: 12$", {0}),
    "cache_gains.py": (
        ["1", "2", "rules.judge.check_move"],
        {},
        r"^rules\.judge\.check_move: [+-][\d.]+ % CPU without it",
        {0},
    ),
    "content_checks.py": ([], DJANGO, r"^check_practice --per-rule 2: [\d.]+ s CPU", {0}),
    "csv_memory.py": (["300", "{port}"], {}, r"^worker memory: \d+ MB before", {0}),
    "dashboard_speed.py": (["1"], {}, r"^class dashboard, large ÷ small: [\d.]+× wall", {0}),
    "family_pages.py": (["1"], {}, r"^/parent/, 5 children × 300 ÷ 1 × 200: [\d.]+×", {0}),
    "front_cost.py": (["1", "1"], {}, r"^front_cost: nginx in front ÷ gunicorn alone = ", {0}),
    "generic_misses.py": ([], DJANGO, r"^puzzles with a generic miss: \d+ of \d+$", {0}),
    "illegal_after_tries.py": (["1"], {}, r"^illegal move, after 100 tries ÷ first try: ", {0}),
    # No lighthouse on the machine: the script says how to get one and exits 2.
    "lighthouse_scores.py": (["{port}"], {}, r"^(/board/ +on +\d+|No lighthouse)", {0, 1, 2}),
    "live_load.py": (["3", "1", "{port}"], {}, r"^students answered, as the projector", {0}),
    "live_costs.py": (["2"], {}, r"^one 18 s round of 40 lessons × 30 phones asks", {0}),
    "live_poll.py": (
        ["1", "1", "4"],
        {},
        r"^SQLite: phone poll \(nothing new, 204\) \d+ req/s",
        {0},
    ),
    "move_ab.py": ([str(ROOT), str(ROOT), "1", "1"], {}, r"^median: A [\d.]+ req/s", {0}),
    "move_breakdown.py": (["5"], {}, r"ms CPU a request through the test client", {0}),
    "move_throughput.py": (["1", "1"], {}, r"^SQLite: answer POST [\d.]+ req/s ÷ hello", {0, 1}),
    "opponent_levels.py": ([], {}, r"^target: each level scores >= \d+ %", {0}),
    "opponent_speed.py": ([], {}, r"^target: p95 <= [\d.]+ ms for every level", {0}),
    "play_answer.py": ([], {}, r"^target: answer p95 <= \d+ ms for every opponent", {0, 1}),
    "page_weight.py": ([], {}, r"^One move, legal wrong move .*: [\d,]+ B on the wire", {0, 1}),
    "reask_partners.py": ([], DJANGO, r"^weak partners: \d+ of \d+ two-option puzzles$", {0}),
    "referee_depth.py": (["1"], {}, r"^referee move, ply 160 ÷ ply 20: [\d.]+×", {0}),
    "rules_agreement.py": (
        ["150"],
        {},
        r"^agreement: 150 pairs .*, 0 disagreements",
        {0},
    ),
    "rules_reason_audit.py": (["100"], {}, r"^disagreements: \d+$", {0}),
    "rules_speed.py": (["100"], {}, r"^ratio: [\d.]+ \(target: under 3\)$", {0}),
    "worksheet_pdf.py": (["1"], DJANGO, r"^worksheet PDF, 12 puzzles, practice checkmate, A4", {0}),
    "school_import.py": (["40", "1"], {}, r"^school import, slowest of preview/confirm", {0}),
    "school_load.py": (
        ["2", "3", "1", "1"],
        {"WORKER_TIMES": "1"},
        r"^  all: [\d.]+ s in requests(.|\n)*^SQLite: answers sent 6 \(wanted 6",
        {0},
    ),
}


def test_every_script_has_a_smoke_run():
    scripts = {path.name for path in HERE.glob("*.py")} - LIBRARIES
    assert scripts == set(SCRIPTS)


def ports_of(script: str) -> range:
    """The script's own slice of BENCH_PORTS (default 18800-18899), so scripts run at once
    by pytest-xdist's workers never pick the same port."""
    allowed = smoke.ports() or range(18800, 18900)
    width = len(allowed) // len(SCRIPTS)
    start = allowed.start + width * sorted(SCRIPTS).index(script)
    return range(start, start + width)


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_the_script_prints_its_figure_at_a_tiny_size(script):
    arguments, extra, figure, ran = SCRIPTS[script]
    ports = ports_of(script)
    arguments = [str(free_port(ports)) if a == "{port}" else a for a in arguments]
    done, report = smoke.run_tiny(HERE / script, arguments, ports, extra)
    assert "Traceback" not in done.stderr, report
    assert done.returncode in ran, report
    assert re.search(figure, done.stdout, re.MULTILINE), report
