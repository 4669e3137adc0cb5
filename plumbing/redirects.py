"""Where a redirect may go: one reading of the `next` a form or an address carries.

Django's url_has_allowed_host_and_scheme() accepts "e2e5" or "zzz" (a relative address),
and redirect() then reads such a word as the name of a URL pattern: NoReverseMatch, a 500
(POST /teacher/classes/1/unlock/ next=e2e5, /accounts/login/?next=zzz with the right
password). Only a path of this site is a place to go back to: it starts with one "/", has
no backslash, no control character, and is short enough for a Location header
(LOCATION_MAX: nginx refuses an answer whose headers exceed its 4 KB buffer, a 502).
"""

from django.utils.http import url_has_allowed_host_and_scheme

LOCATION_MAX = 2000  # characters of a path we redirect to; nginx's header buffer is 4 KB


def local_path(candidate: object) -> str | None:
    """`candidate` when it is a path on this site, else None."""
    if not isinstance(candidate, str) or not candidate.startswith("/"):
        return None
    if candidate.startswith("//") or "\\" in candidate or len(candidate) > LOCATION_MAX:
        return None
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in candidate):
        return None
    if not url_has_allowed_host_and_scheme(candidate, allowed_hosts=set()):
        return None
    return candidate


class BoundedLocationMiddleware:
    """A redirect whose Location is longer than LOCATION_MAX loses its query string.

    login_required sends an anonymous GET /teacher/?x=王王… to the sign-in page with the
    whole address, percent-encoded twice, as its ?next= (300 × 王 → 4.5 KB of header):
    nginx answered 502. The path alone still leads there, and the sign-in still follows it.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        location = response.get("Location", "")
        if len(location) > LOCATION_MAX:
            response["Location"] = location.split("?", 1)[0][:LOCATION_MAX] or "/"
        return response
