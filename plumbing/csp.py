"""Content-Security-Policy on every response: scripts and styles only from our own files.

No 'unsafe-inline' for scripts or styles: templates carry no <script> body, no on*=
handler and no style= attribute (CSS and JS live in static/). htmx's own indicator
<style> is switched off in base.html (meta htmx-config includeIndicatorStyles=false).

With DEBUG on, the policy is sent as Content-Security-Policy-Report-Only: a violation
still shows in the browser's console, while Django's debug pages (inline styles and
scripts) and django-htmx's debug helper (which evals them) keep working.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def header_name() -> str:
    return "Content-Security-Policy-Report-Only" if settings.DEBUG else "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault(header_name(), POLICY)
        return response
