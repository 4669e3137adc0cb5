"""裁判棋盤 under fuzzing: no FEN, board form or order of actions makes a server error.

Whatever is typed into ?fen= or posted, the answer is a page, a redirect or a
400 that says in Chinese what went wrong, and the game in the session stays
playable.
"""

import re

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from referee.views import SESSION_KEY
from tests.fuzzing import BOARD_FIELDS, SQUARES, forms, fuzz

pytestmark = pytest.mark.django_db

FUZZ = fuzz(max_examples=60)
HAN = re.compile(r"[\u4e00-\u9fff]")
ALERT = re.compile(r'role="alert"[^>]*>([^<]*)<')
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TRICKY_FENS = [
    "8/8/8/8/8/8/8/8 w - - 0 1",  # no kings
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",  # a field missing
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # nine files
    "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",  # a pawn on the first rank
    "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",  # the side not to move is in check
    "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",  # castling rights with no rooks
    "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",  # an en-passant square with no pawn
    "4k3/8/8/8/8/8/8/4K2R w K - 0 99999999999999999999",  # a huge move number
    "4k3/8/8/8/8/8/8/4K2R w K - -5 1",  # a negative clock
    "4k3/8/8/8/8/8/8/4K2R w K - 150 1",  # past the 75-move rule at the start
    "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",  # stalemate at the start
    "  " + START + "  ",
    START + " extra",
    "\x00" + START,
]
FEN_ALPHABET = "kqrbnpKQRBNP12345678/ wb-KQkqaeh09"
fens = st.one_of(
    st.sampled_from(TRICKY_FENS),
    st.text(alphabet=FEN_ALPHABET, max_size=90),
    st.text(max_size=120),
)
board_forms = forms([*BOARD_FIELDS, "claim_draw", "confirm", "side"])
actions = st.lists(
    st.one_of(
        st.tuples(st.just("/board/"), board_forms),
        st.tuples(
            st.sampled_from(["/board/claim", "/board/draw", "/board/resign", "/board/new"]),
            st.fixed_dictionaries(
                {"confirm": st.sampled_from(["1", "", "yes"])},
                optional={"side": st.sampled_from(["white", "black", "red", ""])},
            ),
        ),
        st.tuples(
            st.just("/board/"),
            st.fixed_dictionaries({"selected": st.sampled_from(SQUARES)}).flatmap(
                lambda tap: st.fixed_dictionaries(
                    {"selected": st.just(tap["selected"]), "square": st.sampled_from(SQUARES)}
                )
            ),
        ),
    ),
    max_size=12,
)


def assert_answered_well(response) -> None:
    assert response.status_code < 500
    if response.status_code == 400:
        message = " ".join(ALERT.findall(response.content.decode()))
        assert HAN.search(message), response.content.decode()[:500]


def assert_board_still_plays(client: Client) -> None:
    response = client.get("/board/")
    assert response.status_code == 200
    assert b"data-board" in response.content


@FUZZ
@given(fen=fens)
def test_no_fen_in_the_address_makes_a_server_error(db, fen):
    client = Client(raise_request_exception=False)
    response = client.get("/board/", {"fen": fen})
    assert_answered_well(response)
    assert response.status_code in (302, 400)
    assert_board_still_plays(client)


@FUZZ
@given(form=board_forms, htmx=st.booleans())
def test_no_posted_board_form_makes_a_server_error(db, form, htmx):
    client = Client(raise_request_exception=False)
    headers = {"HX-Request": "true"} if htmx else {}
    assert_answered_well(client.post("/board/", form, headers=headers))
    assert_board_still_plays(client)


@FUZZ
@given(steps=actions)
def test_no_order_of_taps_claims_draws_and_resignations_makes_a_server_error(db, steps):
    client = Client(raise_request_exception=False)
    for url, form in steps:
        assert_answered_well(client.post(url, form, headers={"HX-Request": "true"}))
    assert_board_still_plays(client)
    assert client.get("/board/pgn").status_code == 200


@pytest.mark.parametrize("fen", TRICKY_FENS)
def test_every_tricky_start_position_is_refused_or_playable(fen):
    client = Client(raise_request_exception=False)
    response = client.get("/board/", {"fen": fen})
    assert_answered_well(response)
    if response.status_code == 302:
        assert SESSION_KEY in client.session
    assert_board_still_plays(client)
    assert client.get("/board/pgn").status_code == 200
