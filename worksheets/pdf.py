"""A worksheet as a PDF: the print page's own template and stylesheets, laid out by WeasyPrint
(PyPI, on Debian's Pango, cairo-free since version 53), never drawn by hand.

WeasyPrint reads only what the sheet names: the site's static files (the pieces' SVGs and
the stylesheets, read from disk through the staticfiles finders or STATIC_ROOT) and data:
addresses (the QR code). Any other address is refused, so a render never reaches the network.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

import weasyprint
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.loader import render_to_string
from django.utils import translation
from weasyprint.urls import URLFetcher, URLFetcherResponse

import process_caches
from languages.registry import BY_CODE
from worksheets.sheets import Worksheet

BASE_URL = "https://worksheet.invalid/"  # the page's address: static files hang off it
TEMPLATE = "worksheets/pdf.html"


class StaticFilesOnly(URLFetcher):
    """Hands WeasyPrint the site's static files and data: addresses, and nothing else."""

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        if url.startswith("data:"):
            return super().fetch(url, headers)
        prefix = BASE_URL.rstrip("/") + settings.STATIC_URL
        if not url.startswith(prefix):
            raise ValueError(f"a worksheet reads only static files, not {url[:80]!r}")
        path = static_path(url.removeprefix(prefix).split("?")[0])
        if path is None:
            raise ValueError(f"no static file {url[:80]!r}")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": content_type})


def static_path(name: str) -> Path | None:
    """The file on disk of a static file's name (hashed in production, plain in development)."""
    if ".." in Path(name).parts:
        return None
    if settings.STATIC_ROOT and staticfiles_storage.exists(name):
        return Path(staticfiles_storage.path(name))
    found = finders.find(name)
    return Path(found) if found else None


def sheet_html(sheet: Worksheet) -> str:
    """The PDF's HTML: the print page's sheet without the site around it.

    Without 注音: WeasyPrint lays a <ruby> out inline (the reading after its character, on
    the same line, looked at on a rendered page), so the PDF would not print cleanly. The
    print page has it, as every page does when the switch is on (zhuyin.middleware), and
    Chromium prints it as zhuyin.css lays it out."""
    language = BY_CODE.get(sheet.language)
    context = {"sheet": sheet, "html_lang": language.html_lang if language else sheet.language}
    with translation.override(sheet.language):
        return render_to_string(TEMPLATE, context)


def render_pdf(sheet: Worksheet) -> bytes:
    return _pdf_of(sheet_html(sheet))


@process_caches.kept("worksheets.pdf._pdf_of")
def _pdf_of(html: str) -> bytes:
    """The PDF of a sheet's HTML: the same HTML (same puzzles, words, paper, addresses) makes
    the same PDF, kept for the next download of it (process_caches)."""
    document = weasyprint.HTML(string=html, base_url=BASE_URL, url_fetcher=StaticFilesOnly())
    return document.write_pdf()
