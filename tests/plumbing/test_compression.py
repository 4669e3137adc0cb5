"""Pages and htmx answers go out gzipped to a browser that accepts it (make serve has no
front server to do it); what it unpacks is the page itself."""

import gzip

import pytest

pytestmark = pytest.mark.django_db


def test_a_lesson_page_is_sent_gzipped_and_unpacks_to_the_page(client):
    plain = client.get("/lessons/castling/")
    packed = client.get("/lessons/castling/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    page = gzip.decompress(packed.content).decode()
    assert "王車易位" in page and page.rstrip().endswith("</html>")
    assert len(packed.content) < len(plain.content) / 3


def test_a_moves_htmx_answer_is_sent_gzipped(client):
    client.get("/lessons/castling/")
    response = _solve(client)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "短易位" in gzip.decompress(response.content).decode()


def _solve(client, **headers):
    return client.post(
        "/lessons/castling/castling-short-first/",
        {"mode": "move", "selected": "e1", "square": "g1"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_ENCODING="gzip",
        **headers,
    )


def _name_length(packed: bytes) -> int:
    """The length of the gzip header's file name (FNAME), Django's padding against BREACH."""
    assert packed[:3] == b"\x1f\x8b\x08" and packed[3] == gzip.FNAME
    return packed.index(b"\x00", 10) - 10


def test_an_answer_kept_gzipped_is_the_answer_and_its_padding_is_drawn_each_time(client):
    from plumbing import compression

    client.get("/lessons/castling/")
    plain = client.post(
        "/lessons/castling/castling-short-first/",
        {"mode": "move", "selected": "e1", "square": "g1"},
        HTTP_HX_REQUEST="true",
    ).content
    compression._STREAMS.clear()
    answers = [_solve(client) for _ in range(12)]
    assert len(compression._STREAMS) == 1  # one body, compressed once
    for response in answers:
        assert response.headers["Content-Encoding"] == "gzip"
        assert response.headers["Content-Length"] == str(len(response.content))
        assert "Accept-Encoding" in response.headers["Vary"]
        assert gzip.decompress(response.content) == plain
    assert len({_name_length(r.content) for r in answers}) > 1  # 12 draws of 0…99


def test_pages_are_never_kept_and_a_browser_without_gzip_gets_the_plain_answer(client):
    from plumbing import compression

    compression._STREAMS.clear()
    page = client.get("/lessons/castling/", HTTP_ACCEPT_ENCODING="gzip")
    assert page.headers["Content-Encoding"] == "gzip"
    assert _name_length(page.content) >= 0
    assert len(compression._STREAMS) == 0
    plain = client.post(
        "/lessons/castling/castling-short-first/",
        {"mode": "move", "selected": "e1", "square": "g1"},
        HTTP_HX_REQUEST="true",
    )
    assert "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["Vary"]
    assert "短易位" in plain.content.decode()
    assert len(compression._STREAMS) == 0
