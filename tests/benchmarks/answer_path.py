"""One answer's path through the project's files: which files it enters, in order.

Run: .venv/bin/python tests/benchmarks/answer_path.py [--list]

Django with the site's own settings on a scratch SQLite database answers the castling
lesson's first puzzle as the htmx POST a browser sends (the solving move e1g1), twice to
warm the process's caches, then once more under a profiler that follows the project's own
frames (the files of this repository; Django, the libraries and the standard library are
passed through). A *stay* is a run of the answer in one file; a *return* is a stay in a
file the answer had already left. Prints the stays, the files and the returns, and with
--list the files in the order they are first entered (docs/answer-path.md).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks import served  # noqa: E402 (after the path is set)

URL = "/lessons/castling/castling-short-first/"
BODY = "mode=move&selected=e1&square=g1"
OUTSIDE = (str(ROOT / ".venv"), str(ROOT / "tests"))


def _own(filename: str) -> str | None:
    """The file's path in the repository, or None for code that is not the project's."""
    if not filename.startswith(str(ROOT)) or filename.startswith(OUTSIDE):
        return None
    return Path(filename).relative_to(ROOT).as_posix()


def stays_of(answer) -> list[str]:
    """The files the answer is in, one entry per stay, in order."""
    frames: list[str | None] = []  # the project's file of each frame on the stack, or None
    stays: list[str] = []

    def where() -> str | None:
        return next((file for file in reversed(frames) if file is not None), None)

    def profile(frame, event, _arg):
        if event == "call":
            frames.append(_own(frame.f_code.co_filename))
        elif event == "return" and frames:
            frames.pop()
        else:
            return
        here = where()
        if here is not None and (not stays or stays[-1] != here):
            stays.append(here)

    sys.setprofile(profile)
    try:
        answer()
    finally:
        sys.setprofile(None)
    return stays


def main(listing: bool) -> None:
    warnings.simplefilter("ignore")  # no static folder collected: whitenoise says so
    with served.scratch_database(None) as url:
        served.site_in_process(url, "answer-path")
        from django.test import Client

        client = Client(HTTP_HOST="127.0.0.1")
        client.get("/lessons/castling/")

        def answer():
            response = client.post(
                URL, BODY, content_type="application/x-www-form-urlencoded",
                HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING="gzip",
            )  # fmt: skip
            assert response.status_code == 200, response.status_code

        answer()
        answer()
        stays = stays_of(answer)
        seen, returns, order = set(), 0, []
        for file in stays:
            if file in seen:
                returns += 1
            else:
                seen.add(file)
                order.append(file)
        print(f"one answer: {len(stays)} stays in {len(seen)} files, {returns} returns")
        if listing:
            for number, file in enumerate(order, 1):
                print(f"{number:3}. {file}")


if __name__ == "__main__":
    main("--list" in sys.argv[1:])
