"""A club game pushed, not polled, as `make serve` runs it (nginx with Nchan in front of
gunicorn, tests/deploy/push_servers.py): the waiting phone's stream brings the other
child's move and the end of the game; a classmate's subscription is refused (403).

127.0.0.1 only, ports PUSH_PORTS (default 8460-8479; the 17th to 19th, which the live
lesson's push tests leave free);
an SQLite file the servers share; bounded."""

from __future__ import annotations

import re

import pytest

from tests.deploy import push_servers as ps

pytestmark = [pytest.mark.slow, pytest.mark.any_database]
PORTS = ps.ports()


@pytest.fixture(scope="module")
def club_game():
    """Both seeded students in a club game on a served site: (its base URL, [White's phone,
    Black's phone], the game's path)."""
    with ps.seeded_site(PORTS[16:19], "tutor-club-push-") as (base, _env, ids):
        teacher = ps.Browser(base)
        teacher.sign_in_teacher()
        started = teacher.post(
            f"/teacher/classes/{ids['classroom']}/club/",
            {"present": ids["students"], "format": "round_robin", "coaching": "on"},
        )
        assert started.status_code == 302
        tournament = re.search(r"/club/tournaments/(\d+)/", started.headers["Location"])
        assert teacher.post(f"/club/tournaments/{tournament.group(1)}/round").ok
        phones = []
        for student in ids["students"]:
            phone = ps.Browser(base)
            phone.sign_in_student(ids["code"], student)
            phones.append(phone)
        game = re.search(r'href="(/club/games/\d+/)"', phones[0].get("/club/").text).group(1)
        yield base, phones, game


def _push_path(page: str) -> str:
    return re.search(r'data-club-push="([^"]+)"', page).group(1)


def test_the_waiting_phone_receives_the_move_and_the_end_and_no_one_else_may_listen(
    club_game,
):
    base, (white, black), game = club_game
    path = _push_path(black.get(game).text)
    assert re.fullmatch(r"/live/push/game/\d+/\d+/-/[A-Za-z0-9_-]+", path)
    assert ps.Stream(ps.Browser(base), path).status == 403  # the right path, no cookie
    assert ps.Stream(white, path).status == 403  # the other player's cookie: not their path
    stream = ps.Stream(black, path)
    assert stream.status == 200
    try:
        moved = white.post(game, {"ply": "0", "selected": "f2", "square": "f3"})
        assert moved.status_code == 200
        assert stream.next(where=lambda m: m.get("ply") == 1) == {"ply": 1, "result": "*"}
        for ply, (phone, uci) in enumerate(
            [(black, "e7e5"), (white, "g2g4"), (black, "d8h4")], start=1
        ):
            phone.post(game, {"ply": str(ply), "selected": uci[:2], "square": uci[2:]})
        assert stream.next(where=lambda m: m.get("result") != "*") == {"ply": 4, "result": "0-1"}
    finally:
        stream.close()
