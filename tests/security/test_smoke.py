"""Every attack script in tests/security/ runs to its figure at a tiny size, so none rots.

Each script is started as docs/security.md runs it (its own process, the repository's
Python, the app as `make serve` runs it), with small arguments, and must end without a
traceback, exit 0 (the script's own verdict: the attack failed) and print its figure line
with the result expected at that size: the sizes are chosen so the result does not hang on
the machine's speed (no count crosses a delay measured in seconds). What only costs time
is shrunk: BENCH_SMOKE=1 serves with one gunicorn worker (two for killed_worker.py, which
kills one), and the static files are collected and a SQLite database migrated once for
every server (tests/benchmarks/served.py prepare()). BENCH_PORTS gives each script its own
slice of the security range (tests/security/attack.py), so workers of pytest-xdist running
them at once never pick the same port. With DATABASE_URL naming PostgreSQL the scripts
take their scratch databases there; postgres_restart.py always runs its own PostgreSQL
instance (root and PostgreSQL 15's binaries, or it is skipped). Marked `server` and `slow`
by folder (tests/conftest.py).
"""

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.benchmarks import smoke
from tests.benchmarks.answer_load import free_port
from tests.security import postgres_restart

HERE = Path(__file__).resolve().parent
LIBRARIES = {"__init__.py", "attack.py"}
SECURITY_PORTS = range(18900, 19000)  # attack.PORTS
POSTGRES_PORTS = range(8600, 8700)  # the private PostgreSQL of postgres_restart.py

# script: (arguments, the figure's line at that size)
SCRIPTS = {
    # 2 addresses × 3 guesses, then 3 at once: 9 failures, under the 10 free ones.
    "account_guesses.py": (
        ["2", "3", "3"],
        r"^account_guesses: 6 guesses from 2 addresses: 6 checked, 0 told to wait; 3 at once: "
        r"3 checked; the right password 302 after waiting 0 s \(signed in\)$",
    ),
    "deletion_sessions.py": (
        ["300"],
        r"^deletion_sessions: deleting a child with [\d,]+ stored sessions took [\d.]+ ms "
        r"\(with 300: [\d.]+ ms; 300 written in [\d.]+ s\); sessions still naming the child: 0$",
    ),
    "killed_worker.py": (
        ["20", "2"],
        r"^killed_worker: 20 answers, a worker killed halfway; \d+ got no answer and were sent "
        r"again, 20 answered ones sent again on purpose \(20 answered 200\); attempt rows: 20 "
        r"\(one per answer\)$",
    ),
    "pdf_flood.py": (
        ["2", "3"],
        r"^pdf_flood: 2 loops for 3 s: \d+ PDFs made, \d+ told to wait \(429\), 0 other; "
        r"/healthz slowest [\d.]+ s, \d+ not 200$",
    ),
    "postgres_restart.py": (
        ["3", "2", "{postgres_port}"],
        r"^postgres_restart: \d+ answers, a restart 1 s in; first answered \{.*\} \(0: no "
        r"answer; 503 said 「請再試一次」: \d+\); each sent again until answered; attempt rows: "
        r"\d+ \(one per answer\)$",
    ),
    # The 31st wrong sign-in from one address is refused (MAX_FAILURES_PER_ADDRESS = 30).
    "proxy_sign_in.py": (
        ["31"],
        r"^proxy_sign_in: 31 wrong sign-ins from 203\.0\.113\.66 answered \{400: 30, 429: 1\}; "
        r"then the real user at 198\.51\.100\.7: 302 \(signed in\)$",
    ),
    # 4 addresses × 3: each within its share, the hour's 10 links used up, 2 refused.
    "reset_starvation.py": (
        ["4", "3"],
        r"^reset_starvation: 12 requests from 4 strangers' addresses mailed 10 link\(s\) \(2 "
        r"told a link was sent recently\); the owner's own request mailed 1; the page says "
        r"links are limited: True; a browser at home never signed in mailed 0, its page says a "
        r"link was sent recently: True; password changed by the link: 302; the owner told by "
        r"mail: True$",
    ),
    "shared_email.py": (
        [],
        r"^shared_email: the victim's check link 200; sign-in with victim@example\.org: 302; "
        r"the stranger's reset request sent 1 link\(s\), for account id\(s\) \['3'\] \(the "
        r"victim's is 3\); look-alike names: 'Alıce' 400, 'AlİCE' 400, 'Alicе' 400$",
    ),
    # 1 s with 3 slow clients, behind nginx and gunicorn alone: both lines printed.
    "slow_clients.py": (
        ["1", "3"],
        r"^ nginx \+ gunicorn:   3 slow clients: /healthz median [\d.]+ ms, slowest [\d.]+ ms, "
        r"0 of \d+ unanswered within 5 s\n   gunicorn alone:   3 slow clients: /healthz ",
    ),
}


def test_every_script_has_a_smoke_run():
    scripts = {path.name for path in HERE.glob("*.py") if not path.name.startswith("test_")}
    assert scripts - LIBRARIES == set(SCRIPTS)


def ports_of(script: str) -> range:
    """The script's own slice of the security range."""
    width = len(SECURITY_PORTS) // len(SCRIPTS)
    start = SECURITY_PORTS.start + width * sorted(SCRIPTS).index(script)
    return range(start, start + width)


def _private_postgres_missing() -> str | None:
    """Why postgres_restart.py cannot run here, or None."""
    if os.geteuid() != 0:
        return "postgres_restart.py runs initdb as `postgres` through runuser: needs root"
    if not (postgres_restart.BIN / "initdb").exists():
        return f"postgres_restart.py needs PostgreSQL 15's initdb in {postgres_restart.BIN}"
    if shutil.which("runuser") is None:
        return "postgres_restart.py needs runuser (util-linux)"
    return None


# Run once, on SQLite (tests/conftest.py): postgres_restart.py always serves from a
# PostgreSQL of its own, and slow_clients.py's app only answers /healthz's `SELECT 1`.
ANY_DATABASE = {"postgres_restart.py", "slow_clients.py"}


@pytest.mark.parametrize(
    "script",
    [
        pytest.param(script, marks=[pytest.mark.any_database] if script in ANY_DATABASE else [])
        for script in sorted(SCRIPTS)
    ],
)
def test_the_script_prints_its_figure_at_a_tiny_size(script):
    arguments, figure = SCRIPTS[script]
    if script == "postgres_restart.py" and (missing := _private_postgres_missing()):
        pytest.skip(missing)
    arguments = [str(free_port(POSTGRES_PORTS)) if a == "{postgres_port}" else a for a in arguments]
    ports = ports_of(script)
    # One gunicorn worker (two for killed_worker.py): attack.served_app.
    done, report = smoke.run_tiny(HERE / script, arguments, ports, timeout=300)
    assert "Traceback" not in done.stderr, report
    assert done.returncode == 0, report
    assert re.search(figure, done.stdout, re.MULTILINE), report
