"""The referee's game: every move judged by the engine, every ending the Laws name."""

from datetime import date

import pytest

import rules
from referee import game as referee
from referee.game import Game

START = referee.STANDARD_START
KNIGHT_SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def play_all(game: Game, moves: list[str]) -> Game:
    for move in moves:
        game, verdict, _ = referee.play(game, move)
        assert verdict.legal, move
    return game


def test_a_new_game_starts_from_the_initial_position():
    game = referee.new_game()
    assert game == Game(start_fen=START)
    assert referee.standing(game).turn == "white"


def test_a_new_game_from_a_bad_fen_is_refused():
    with pytest.raises(rules.InvalidFen):
        referee.new_game("8/8/8/8/8/8/8/8 w - - 0 1")


def test_a_legal_move_is_played_and_written_in_san():
    game, verdict, claimed = referee.play(referee.new_game(), "g1f3")
    assert verdict.legal
    assert not claimed
    assert game.moves == ("g1f3",)
    assert referee.score_sheet(game) == [(1, "Nf3", "")]
    assert game.position.fen_now == ("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")


def test_an_illegal_move_leaves_the_game_as_it_was():
    game = referee.new_game()
    after, verdict, _ = referee.play(game, "g1e3")
    assert after == game
    assert verdict.reason is rules.Reason.NOT_HOW_IT_MOVES


def test_fools_mate_ends_the_game_and_black_wins():
    game = play_all(referee.new_game(), ["f2f3", "e7e5", "g2g4", "d8h4"])
    assert game.over
    assert game.result == "0-1"
    assert game.ending == "checkmate"
    assert game.standing.winner == "black"


def test_stalemate_ends_the_game_drawn():
    game = play_all(referee.new_game("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1"), ["e6f7"])
    assert (game.result, game.ending) == ("1/2-1/2", "stalemate")


def test_a_dead_position_ends_the_game_drawn():
    game = play_all(referee.new_game("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), ["e1e2"])
    assert (game.result, game.ending) == ("1/2-1/2", "insufficient_material")


def test_the_seventy_five_move_rule_ends_the_game_drawn():
    game = play_all(referee.new_game("4k3/8/8/8/8/8/8/R3K3 w - - 149 100"), ["a1a2"])
    assert (game.result, game.ending) == ("1/2-1/2", "seventyfive_moves")


def test_fivefold_repetition_ends_the_game_but_threefold_only_offers_a_claim():
    game = play_all(referee.new_game(), KNIGHT_SHUFFLE * 2)
    assert not game.over
    assert referee.standing(game).claims == (rules.Claim.THREEFOLD_REPETITION,)
    game = play_all(game, KNIGHT_SHUFFLE * 2)
    assert (game.result, game.ending) == ("1/2-1/2", "fivefold_repetition")


def test_the_side_to_move_may_claim_threefold_repetition():
    game = play_all(referee.new_game(), KNIGHT_SHUFFLE * 2)
    after, valid = referee.claim_draw(game)
    assert valid
    assert (after.result, after.ending) == ("1/2-1/2", "threefold_repetition")


def test_a_claim_with_nothing_to_claim_changes_nothing():
    game = play_all(referee.new_game(), KNIGHT_SHUFFLE)
    assert referee.claim_draw(game) == (game, False)


def test_a_player_may_claim_threefold_by_declaring_the_move_that_makes_it():
    game = play_all(referee.new_game(), KNIGHT_SHUFFLE + KNIGHT_SHUFFLE[:3])
    after, verdict, claimed = referee.play(game, "f6g8", claim_draw=True)
    assert verdict.legal and claimed
    assert after.moves[-1] == "f6g8"
    assert (after.result, after.ending) == ("1/2-1/2", "threefold_repetition")


def test_a_wrong_claim_with_a_move_lets_the_move_stand():
    after, verdict, claimed = referee.play(referee.new_game(), "e2e4", claim_draw=True)
    assert verdict.legal and not claimed
    assert after.moves == ("e2e4",)
    assert not after.over


def test_the_fifty_move_rule_can_be_claimed_after_the_hundredth_half_move():
    game = referee.new_game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    after, _, claimed = referee.play(game, "a1a2", claim_draw=True)
    assert claimed
    assert (after.result, after.ending) == ("1/2-1/2", "fifty_moves")


def test_agreement_draws_and_resignation_gives_the_win_to_the_other_side():
    game = referee.play(referee.play(referee.new_game(), "e2e4")[0], "e7e5")[0]
    assert referee.agree_draw(game).result == "1/2-1/2"
    assert referee.agree_draw(game).ending == "agreement"
    assert referee.resign(game, "white").result == "0-1"
    assert referee.resign(game, "black").result == "1-0"
    assert referee.resign(game, "black").ending == "resignation"


def test_a_draw_by_agreement_needs_a_move_by_each_player_fide_5_2_3():
    game = referee.new_game()
    assert not referee.may_agree_draw(game)
    with pytest.raises(referee.TooEarlyToAgree):
        referee.agree_draw(game)
    after_white = referee.play(game, "e2e4")[0]
    assert not referee.may_agree_draw(after_white)
    with pytest.raises(referee.TooEarlyToAgree):
        referee.agree_draw(after_white)
    assert referee.may_agree_draw(referee.play(after_white, "e7e5")[0])


def test_nothing_can_be_done_in_a_finished_game():
    over = referee.resign(referee.new_game(), "white")
    with pytest.raises(referee.GameOver):
        referee.play(over, "e2e4")
    with pytest.raises(referee.GameOver):
        referee.claim_draw(over)
    with pytest.raises(referee.GameOver):
        referee.agree_draw(over)
    with pytest.raises(referee.GameOver):
        referee.resign(over, "black")


def test_resigning_needs_a_side():
    with pytest.raises(referee.RefereeError):
        referee.resign(referee.new_game(), "red")


def test_the_game_survives_the_round_trip_through_the_session():
    game = play_all(referee.new_game(), ["e2e4", "e7e5"])
    assert referee.from_session(referee.to_session(game)) == game


def test_the_session_keeps_the_moves_since_the_last_pawn_move_and_the_score():
    data = referee.to_session(play_all(referee.new_game(), ["e2e4", "e7e5", *KNIGHT_SHUFFLE]))
    assert data["sans"] == ["e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"]
    assert data["resume"] == {
        "fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "moves": KNIGHT_SHUFFLE,
    }


def test_a_game_resumed_from_the_session_after_every_move_counts_repetitions_alike():
    kept = stored = referee.play(referee.new_game(), "e2e4")[0]
    for move in ["e7e5", *KNIGHT_SHUFFLE, *KNIGHT_SHUFFLE[:3]]:
        kept = referee.play(kept, move)[0]
        stored = referee.from_session(referee.to_session(referee.play(stored, move)[0]))
        assert stored == kept
        assert stored.standing == kept.standing
    assert stored.standing.claims == ()
    after, _, claimed = referee.play(stored, "f6g8", claim_draw=True)
    assert claimed and after.ending == "threefold_repetition"
    assert referee.score_sheet(after)[-1] == (5, "Ng1", "Ng8")


def test_a_game_stored_before_the_score_was_kept_is_replayed_whole():
    old = {"start_fen": START, "moves": ["e2e4", "e7e5", "g1f3"], "result": "*", "ending": None}
    game = referee.from_session(old)
    assert referee.score_sheet(game) == [(1, "e4", "e5"), (2, "Nf3", "")]
    assert game == play_all(referee.new_game(), ["e2e4", "e7e5", "g1f3"])


def test_a_stored_tail_that_is_not_the_end_of_the_game_is_not_trusted():
    data = referee.to_session(play_all(referee.new_game(), ["e2e4", "e7e5", "g1f3"]))
    data["resume"]["moves"] = ["b1c3"]
    game = referee.from_session(data)  # replayed whole instead
    assert game.position.fen_now.startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/")


@pytest.mark.parametrize(
    "data",
    [
        None,
        "e2e4",
        {"start_fen": START},
        {"start_fen": START, "moves": ["e2e5"], "sans": ["e5"], "result": "*", "ending": None},
        {"start_fen": START, "moves": "e2e4", "result": "*", "ending": None},
        {"start_fen": "x", "moves": [], "sans": [], "result": "*", "ending": None},
        {"start_fen": START, "moves": [], "sans": [], "result": "2-0", "ending": None},
        {"start_fen": START, "moves": [], "sans": [], "result": "1-0", "ending": "boredom"},
    ],
)
def test_a_damaged_session_game_is_not_used(data):
    assert referee.from_session(data) is None


def test_the_score_sheet_pairs_moves_and_fills_whites_place_when_black_began():
    game = play_all(referee.new_game(), ["e2e4", "e7e5", "g1f3"])
    assert referee.score_sheet(game) == [(1, "e4", "e5"), (2, "Nf3", "")]
    black_first = play_all(referee.new_game("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"), ["e8d7", "e2e4"])
    assert referee.score_sheet(black_first) == [(7, "…", "Kd7"), (8, "e4", "")]


def test_the_pgn_carries_the_result_and_the_headers():
    game = play_all(referee.new_game(), ["f2f3", "e7e5", "g2g4", "d8h4"])
    text = referee.pgn(
        game, event="裁判棋盤", white="白方", black="黑方", played_on=date(2026, 11, 29)
    )
    assert '[Event "裁判棋盤"]' in text
    assert '[Date "2026.11.29"]' in text
    assert '[Result "0-1"]' in text
    assert '[Termination "normal"]' in text
    assert text.endswith("1. f3 e5 2. g4 Qh4# 0-1")
