"""Print Lighthouse's accessibility and performance scores for the map, a lesson and the board.

Run: LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse .venv/bin/python \
         tests/benchmarks/lighthouse_scores.py [PORT]
(PORT defaults to the first free one in 18600-18699). Lighthouse is npm's `lighthouse`
(12.x), installed into a throw-away directory, not the repository:
    mkdir -p /tmp/lh && npm --prefix /tmp/lh i lighthouse@12
It drives Debian's /usr/bin/chromium (CHROME_PATH). The app runs as `make serve` runs it
(gunicorn, whitenoise, DEBUG off, scratch SQLite; see served.app_server), on 127.0.0.1 only.
Each page is measured as a phone (Lighthouse's default mobile emulation and throttling),
and once more with 注音 on (the zhuyin cookie). Wanted: accessibility 100, performance at least 95.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served
from tests.benchmarks.answer_load import free_port

PAGES = ["/", "/lessons/knight/", "/board/"]
FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)


def lighthouse_command() -> list[str] | None:
    explicit = os.environ.get("LIGHTHOUSE")
    if explicit:
        return [explicit]
    found = shutil.which("lighthouse")
    return [found] if found else None


def scores(command: list[str], url: str, cookie: str = "") -> dict[str, int]:
    args = [
        *command,
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        "--only-categories=performance,accessibility",
        f"--chrome-flags={FLAGS}",
    ]
    if cookie:
        args.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    for _ in range(3):  # a busy machine rarely gives NO_NAVSTART: try again
        done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
        if done.returncode == 0 and done.stdout.strip():
            categories = json.loads(done.stdout)["categories"]
            return {name: round(category["score"] * 100) for name, category in categories.items()}
    raise RuntimeError(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")


def main() -> int:
    command = lighthouse_command()
    if command is None:
        print("No lighthouse: mkdir -p /tmp/lh && npm --prefix /tmp/lh i lighthouse@12, then")
        print("LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse (see this file's docstring).")
        return 2
    port = int(sys.argv[1]) if len(sys.argv) > 1 else free_port(range(18600, 18700))
    failed = False
    with served.scratch_database() as database, served.app_server(port, database, workers=2):
        host = f"127.0.0.1:{port}"
        print(f"{'page':<22} {'注音':<4} {'accessibility':>13} {'performance':>11}")
        for path in PAGES:
            for cookie in ("", "zhuyin=on"):
                result = scores(command, f"http://{host}{path}", cookie)
                ok = result["accessibility"] == 100 and result["performance"] >= 95
                failed |= not ok
                zhuyin = "on" if cookie else "off"
                print(
                    f"{path:<22} {zhuyin:<4} {result['accessibility']:>13} "
                    f"{result['performance']:>11}{'' if ok else '  <- below target'}"
                )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
