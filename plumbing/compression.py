"""Pages and htmx answers gzipped as Django's GZipMiddleware sends them, an htmx answer's
body compressed once per process.

Django compresses every response afresh: ~120 µs for a solved puzzle's 12 kB section at
level 6, a tenth of a move answer's CPU, and a class that solves one puzzle is sent the same
body thirty times. Here an htmx answer's gzip stream (level 6, mtime 0, as Django writes it:
the same bytes for the same body) is kept per body (`_STREAMS`), and the file name of
random length Django puts in its header against BREACH is drawn for every response, as
Django draws it. Pages (each with its own masked CSRF token, never the same twice) and
streaming responses are Django's own path. Measured: tests/benchmarks/cache_gains.py.
"""

import gzip
import secrets

from django.middleware import gzip as django_gzip
from django.utils.cache import patch_vary_headers

import process_caches

_STREAMS = process_caches.Table("plumbing.compression._STREAMS")


def gzipped(content: bytes, max_random_bytes: int) -> bytes:
    """django.utils.text.compress_string(content, max_random_bytes=…), the stream kept."""
    stream = _STREAMS.get(content)
    if stream is None:
        stream = gzip.compress(content, compresslevel=6, mtime=0)
        _STREAMS[content] = stream
    header = bytearray(stream[:10])
    header[3] = gzip.FNAME
    name = b"a" * secrets.randbelow(max_random_bytes)  # django.utils.text's padding
    return bytes(header) + name + b"\x00" + stream[10:]


class GZipMiddleware(django_gzip.GZipMiddleware):
    def process_response(self, request, response):
        if (
            response.streaming
            or not request.headers.get("HX-Request")
            or len(response.content) < 200
            or response.has_header("Content-Encoding")
        ):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        if not django_gzip.re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            return response
        compressed = gzipped(response.content, self.max_random_bytes)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
