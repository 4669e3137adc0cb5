"""One request replays its history once: a rules.Position is built once and every
engine question of the request (check_move, assess, placement, score_sheet, the
search) is asked of it. The replays are counted at rules.position._replay, the one
place a FEN and a history become a board."""

import pytest

import rules.position


@pytest.fixture
def replays(monkeypatch):
    counted = []
    replay = rules.position._replay

    def counting(fen, moves):
        if moves:
            counted.append((fen, tuple(moves)))
        return replay(fen, moves)

    monkeypatch.setattr(rules.position, "_replay", counting)
    return counted


@pytest.mark.django_db
def test_the_second_move_of_a_mate_in_two_replays_the_history_once(client, replays):
    url = "/lessons/check-wins/check-wins-ladder-mate/"
    client.get("/lessons/check-wins/?puzzle=check-wins-ladder-mate")  # the puzzle's own caches
    replays.clear()
    page = client.post(
        url, {"mode": "move", "selected": "a2", "square": "a8", "played": "b1b7 h8g8"}
    ).content.decode()
    assert 'data-verdict="correct"' in page
    assert replays == [("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", ("b1b7", "h8g8"))]


@pytest.mark.django_db
def test_one_referee_move_replays_only_the_moves_since_the_last_pawn_move_once(client, replays):
    for frm, to in (("e2", "e4"), ("e7", "e5"), ("g1", "f3")):
        client.post("/board/", {"selected": frm, "square": to}, HTTP_HX_REQUEST="true")
    replays.clear()
    page = client.post(
        "/board/", {"selected": "b8", "square": "c6"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Nc6" in page
    assert "e4" in page and "e5" in page  # the score sheet still has the whole game
    after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert replays == [(after_e5, ("g1f3",))]


def test_a_position_answers_without_replaying(replays):
    position = rules.Position("4k3/8/8/8/8/8/8/4K2R w K - 0 1", ["e1f1", "e8d8"])
    assert len(replays) == 1
    assert rules.check_move(position, "h1h8").gives_check
    assert rules.assess(position).in_check is False
    assert rules.placement(position)["f1"] == "K"
    assert rules.score_sheet(position) == [(1, "Kf1", "Kd8")]
    assert position.after("h1h8").fen_now == "3k3R/8/8/8/8/8/8/5K2 b - - 3 2"
    assert len(replays) == 1


def test_the_examples_in_rules_position_and_castling_hold():
    import doctest

    import rules.castling

    for module in (rules.position, rules.castling):
        result = doctest.testmod(module)
        assert result.attempted >= 1
        assert result.failed == 0
