"""Bytes on the wire: a first visit to a lesson with all its requests, and one move's answer.

Run: .venv/bin/python tests/benchmarks/page_weight.py [lesson-slug]   (default: castling)

Starts the app as `make serve` does (gunicorn, whitenoise, DEBUG off, scratch SQLite) and
talks to it over a plain socket as a browser would (`Accept-Encoding: gzip, deflate, br`,
`Connection: close`), counting every byte the server sends back: status line, headers and
the body exactly as encoded (nothing is decompressed or re-compressed for the count). The
first visit is the page, every stylesheet, script, image and icon it names, what the
stylesheets name in turn (`url(…)`), and /favicon.ico when the page names no icon, each once
as a browser caches them. One move is the lesson's first puzzle answered over htmx: the
solving move and a legal wrong one. Targets: first visit ≤ 40,000 B, one move ≤ 8,192 B.
"""

from __future__ import annotations

import gzip
import re
import socket
import sys
import urllib.parse
import zlib
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke

PORT = smoke.port(18520)
FIRST_VISIT_TARGET = 40_000
MOVE_TARGET = 8_192
ACCEPT_ENCODING = "gzip, deflate, br"
# The castling lesson's first puzzle: its solving move and a legal wrong one.
MOVES = {"castling": ("castling-short-first", "e1g1", "e1f1")}
HTML_ASSET = re.compile(r'(?:href|src)="(/static/[^"#]+)"')
ICON = re.compile(r'<link[^>]+rel="[^"]*icon')
CSS_ASSET = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


@dataclass(frozen=True)
class Sent:
    url: str
    status: int
    wire: int  # every byte the server sent: status line, headers, body as encoded
    encoding: str
    headers: dict
    body: bytes  # as sent (still compressed)

    def text(self) -> str:
        """The body decoded, only to read the links out of it."""
        if self.encoding == "gzip":
            return gzip.decompress(self.body).decode()
        if self.encoding == "br":
            import brotli

            return brotli.decompress(self.body).decode()
        if self.encoding == "deflate":
            return zlib.decompress(self.body).decode()
        return self.body.decode()


def fetch(path: str, *, method="GET", headers=None, body: bytes = b"") -> Sent:
    lines = [
        f"{method} {path} HTTP/1.1",
        f"Host: 127.0.0.1:{PORT}",
        "User-Agent: page_weight",
        f"Accept-Encoding: {ACCEPT_ENCODING}",
        "Connection: close",
        *(f"{name}: {value}" for name, value in (headers or {}).items()),
    ]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    request = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
    received = bytearray()
    with socket.create_connection(("127.0.0.1", PORT), timeout=30) as sock:
        sock.sendall(request)
        while chunk := sock.recv(65536):
            received += chunk
    head, _, rest = bytes(received).partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parsed: dict[str, list[str]] = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        parsed.setdefault(name.strip().lower(), []).append(value.strip())
    if parsed.get("transfer-encoding") == ["chunked"]:
        rest = _dechunk(rest)
    encoding = (parsed.get("content-encoding") or [""])[0]
    return Sent(path, int(status_line.split()[1]), len(received), encoding, parsed, rest)


def _dechunk(data: bytes) -> bytes:
    out = bytearray()
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += data[:size]
        data = data[size + 2 :]
    return bytes(out)


def cookies_from(sent: Sent) -> dict[str, str]:
    jar = {}
    for header in sent.headers.get("set-cookie", []):
        name, _, value = header.split(";")[0].partition("=")
        jar[name] = value
    return jar


def first_visit(slug: str) -> tuple[list[Sent], dict[str, str]]:
    page = fetch(f"/lessons/{slug}/", headers={"Accept": "text/html"})
    assert page.status == 200, page.status
    html = page.text()
    sent = [page]
    queue = list(dict.fromkeys(HTML_ASSET.findall(html)))
    if not ICON.search(html):
        queue.append("/favicon.ico")  # what a browser asks for when no icon is named
    seen = set()
    while queue:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        asset = fetch(url)
        sent.append(asset)
        if url.endswith(".css") and asset.status == 200:
            for ref in CSS_ASSET.findall(asset.text()):
                if not ref.startswith(("data:", "http:", "https:", "#")):
                    queue.append(urllib.parse.urljoin(url, ref))
    return sent, cookies_from(page)


def one_move(slug: str, jar: dict[str, str], move: str) -> Sent:
    puzzle = MOVES[slug][0]
    body = urllib.parse.urlencode({"mode": "move", "selected": move[:2], "square": move[2:]})
    response = fetch(
        f"/lessons/{slug}/{puzzle}/",
        method="POST",
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "X-CSRFToken": jar["csrftoken"],
            "Cookie": "; ".join(f"{name}={value}" for name, value in jar.items()),
        },
        body=body.encode(),
    )
    assert response.status == 200, (response.status, response.body[:300])
    return response


def main() -> int:
    slug = sys.argv[1] if len(sys.argv) > 1 else "castling"
    if slug not in MOVES:
        print(f"page_weight: no move is set up for {slug!r}; choose one of {sorted(MOVES)}")
        return 2
    with served.scratch_database() as scratch, served.app_server(PORT, scratch, workers=1):
        sent, jar = first_visit(slug)
        moves = [one_move(slug, jar, move) for move in MOVES[slug][1:]]
    total = sum(s.wire for s in sent)
    print(f"First visit to /lessons/{slug}/: {len(sent)} requests, bytes on the wire as sent:")
    for s in sent:
        print(f"  {s.wire:7,d} B  {s.status}  {s.encoding or 'identity':8s} {s.url}")
    verdict = "within" if total <= FIRST_VISIT_TARGET else "OVER"
    print(f"  {total:7,d} B  total ({verdict} the {FIRST_VISIT_TARGET:,d} B target)")
    for label, move in zip(("solving move", "legal wrong move"), moves, strict=True):
        verdict = "within" if move.wire <= MOVE_TARGET else "OVER"
        print(
            f"One move, {label} ({MOVES[slug][0]}): {move.wire:,d} B on the wire, "
            f"Content-Encoding {move.encoding or 'none'} ({verdict} the {MOVE_TARGET:,d} B target)"
        )
    within = total <= FIRST_VISIT_TARGET and all(m.wire <= MOVE_TARGET for m in moves)
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
