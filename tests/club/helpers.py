"""What the club's page tests share: a teacher's tournament and two children's moves."""

import re

from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


def start(client, classroom, students, format="round_robin", rounds=4):
    response = client.post(
        reverse("club:class_club", args=[classroom.pk]),
        {
            "present": [s.pk for s in students],
            "format": format,
            "rounds": str(rounds),
            "coaching": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()
    return response["Location"]


def move(client, game, ply, uci, **extra):
    data = {"ply": str(ply), "selected": uci[:2], "square": uci[2:4], **extra}
    return client.post(reverse("club:game", args=[game.pk]), data, **HTMX)


def ply_of(html: str) -> int:
    return int(re.search(r'data-ply="(\d+)"', html).group(1))


def table_points(html: str) -> dict[int, str]:
    """Draw number → points, as the table on the page shows them."""
    return {int(n): p for n, p in re.findall(r'data-entrant="(\d+)" data-points="([^"]+)"', html)}
