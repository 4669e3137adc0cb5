"""A POST whose body Django cannot read is a 400, before any page is looked for.

The form body is read once, here: a body in a charset other than UTF-8, or multipart
with no boundary, raises at the first read, and Django answers that with the 400 page
(plumbing.errors). Without this, an address with no page answered 404 or worse, the body
being read only by the error view.
"""

from django.http import HttpRequest, HttpResponse


class UnreadableBodyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            request.POST  # noqa: B018 (raises BadRequest or MultiPartParserError: a 400)
        return self.get_response(request)
