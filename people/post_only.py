"""Addresses that only a form's button posts to, answered kindly when opened as a page.

Django's require_POST answers a GET (a link followed, a reload, a bookmark, an address
typed) with an empty 405, and the browser shows its own error page. `post_only(message,
back)` keeps the 405 and its Allow header but answers a page in the learner's language that
says what the address is for and links back (issue 25).
"""

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse


def post_only(message: Callable[[], str], back: str, back_label: Callable[[], str]):
    """`message` and `back_label` are called per request (the request's language); `back`
    is a URL name."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method == "POST":
                return view(request, *args, **kwargs)
            context = {"message": message(), "back": reverse(back), "back_label": back_label()}
            response = render(request, "people/post_only.html", context, status=405)
            response["Allow"] = "POST"
            return response

        return wrapped

    return decorate
