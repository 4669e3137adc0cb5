"""The 「注音」 switch: a plain form that sets or clears the cookie and goes back to the page."""

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from zhuyin.middleware import COOKIE, zhuyin_offered, zhuyin_on

ONE_YEAR = 365 * 24 * 3600


@require_POST
def switch(request: HttpRequest) -> HttpResponse:
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = reverse("lesson_map")
    response = HttpResponseRedirect(back)
    if request.POST.get("zhuyin") == "on":
        response.set_cookie(COOKIE, "on", max_age=ONE_YEAR, samesite="Lax")
    else:
        response.delete_cookie(COOKIE, samesite="Lax")
    return response


def context(request: HttpRequest) -> dict:
    """For the header: whether to offer the switch (zh-Hant only) and whether it is on."""
    return {"zhuyin_offered": zhuyin_offered(), "zhuyin_on": zhuyin_on(request)}
