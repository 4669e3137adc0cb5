"""A POST whose body Django cannot read is a 400, before any page is looked for.

The form body is read once, here: a body in a charset other than UTF-8, or multipart
with no boundary, raises at the first read, and Django answers that with the 400 page
(plumbing.errors). Without this, an address with no page answered 404 or worse, the body
being read only by the error view.

A body larger than BODY_MAX (settings.DATA_UPLOAD_MAX_MEMORY_SIZE, and nginx's
client_max_body_size in deploy/nginx.conf: one figure) is a 413 in words. Django refuses
it before reading it; the unread bytes left in the socket made gunicorn's close a reset,
and nginx answered 502 to a 3 MB POST. What was sent is read and dropped first.
"""

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils.translation import gettext as _

BODY_MAX = 4 * 1024 * 1024  # bytes of a request body; nginx: client_max_body_size 4m
DRAIN_CHUNK = 64 * 1024


class UnreadableBodyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (raises BadRequest or MultiPartParserError: a 400)
            except RequestDataTooBig:
                return too_large(request)
        return self.get_response(request)


def too_large(request: HttpRequest) -> HttpResponse:
    while request._stream.read(DRAIN_CHUNK):  # a LimitedStream: it stops at Content-Length
        pass
    context = {
        "heading": _("That is too much to send"),
        "message": _("What you sent is larger than %(size)d MB. Please send a smaller file.")
        % {"size": BODY_MAX // (1024 * 1024)},
    }
    page = loader.render_to_string("error_page.html", context, request=request)
    return HttpResponse(page, status=413)
