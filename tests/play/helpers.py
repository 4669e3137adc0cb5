"""Helpers the play tests share (a non-test module, so no test module imports another)."""

import re

HTMX = {"HTTP_HX_REQUEST": "true"}


def board_fen(html: str) -> str:
    return re.search(r'data-board data-fen="([^"]+)"', html).group(1)


def ply_of(html: str) -> int:
    return int(re.search(r'data-ply="(\d+)"', html).group(1))


def verdict(html: str) -> str | None:
    found = re.search(r'data-feedback data-verdict="(\w+)"', html)
    return found.group(1) if found else None


def notes(html: str) -> list[str]:
    return re.findall(r'data-note="(\w+)"', html)


def start(client, opponent="any_move", side="white", seed=1, fen=""):
    """A new game through the picker's form; its URL."""
    data = {"opponent": opponent, "side": side, "seed": str(seed)}
    if fen:
        data["fen"] = fen
    response = client.post("/play/new", data)
    assert response.status_code == 302, response.content
    return response["Location"]


def move(client, url, ply, uci, **extra):
    data = {"ply": str(ply), "selected": uci[:2], "square": uci[2:4], **extra}
    if len(uci) == 5:
        data = {"ply": str(ply), "pending": uci[:4], "promotion": uci[4], **extra}
    return client.post(url, data, **HTMX)
