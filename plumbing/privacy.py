"""Nothing about a child is kept where it should not be: a shared classroom PC, a proxy.

- A response that depends on who is asking (it read the session: progress, a class, a
  child's name, the login cards, the exports) is sent `Cache-Control: private, no-store`,
  unless the view set its own Cache-Control.
- A grown-up's session ends at most GROWN_UP_SESSION_AGE after signing in (an anonymous
  learner's session keeps SESSION_COOKIE_AGE, a year, so a child's stars stay).

One middleware, so every view gets both without a decorator; the session's end is set at
signing in (the user_logged_in signal, connected in tutor/apps.py), the middleware only
caps a session signed in before the cap.
"""

from datetime import timedelta

from django.contrib.auth import SESSION_KEY as SIGNED_IN_KEY
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

GROWN_UP_SESSION_AGE = timedelta(days=30)
NO_STORE = "private, no-store"
EXPIRY_KEY = "_session_expiry"  # where Session.set_expiry keeps its value


def cap_grown_up_session(sender, request, user, **kwargs) -> None:
    request.session.set_expiry(timezone.now() + GROWN_UP_SESSION_AGE)


class PrivacyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is None or not session.accessed:
            return response  # the same for everyone (and nobody signed in or out here)
        signed_in = SIGNED_IN_KEY in session and request.user.is_authenticated
        if signed_in and EXPIRY_KEY not in session:
            # Signed in before sessions were capped: the cap starts now.
            session.set_expiry(timezone.now() + GROWN_UP_SESSION_AGE)
        if "Cache-Control" not in response:
            response["Cache-Control"] = NO_STORE
        return response
