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


def test_the_site_compresses_with_djangos_own_middleware():
    from django.conf import settings

    assert "django.middleware.gzip.GZipMiddleware" in settings.MIDDLEWARE
