"""The error pages, rendered without reading the request's body again.

Django's own error views carry @requires_csrf_token, which runs the CSRF check on a
POST and so reads request.POST once more. A body Django cannot parse raises again
there: a form body in charset=latin-1 (BadRequest on every read) made even the 500
view fail, and gunicorn answered its bare 500; `multipart/form-data; boundary=` sent to
an address with no page made the 404 view fail into the 500 page. These views only
render the templates: the CSRF cookie was already read by CsrfViewMiddleware before
the view ran, so `{{ csrf_token }}` in the page still works.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    HttpResponseNotFound,
    HttpResponseServerError,
)
from django.template import loader

DATABASE_AWAY = (OperationalError, InterfaceError)  # a lost or refused connection


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(loader.render_to_string("400.html", request=request))


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponseForbidden:
    return HttpResponseForbidden(loader.render_to_string("403.html", request=request))


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponseNotFound:
    return HttpResponseNotFound(loader.render_to_string("404.html", request=request))


def server_error(request: HttpRequest) -> HttpResponse:
    """500, or 503 (「請再試一次」) when the database is away (restarting, unreachable).

    No request context: whatever failed (a context processor, the session) may fail again.
    An answer that failed so wrote nothing: it is written in one transaction.
    """
    if isinstance(sys.exc_info()[1], DATABASE_AWAY):
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
        response["Retry-After"] = "5"
        return response
    return HttpResponseServerError(loader.render_to_string("500.html"))
