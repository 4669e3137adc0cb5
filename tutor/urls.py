from django.urls import include, path, register_converter

from plumbing.health import healthz
from tutor.converters import IdConverter, JoinCodeConverter

# Before any app's routes: every app may use <id:…> and <join_code:…>.
register_converter(IdConverter, "id")
register_converter(JoinCodeConverter, "join_code")

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("lessons.urls")),
    path("", include("glossary.urls")),
    path("", include("referee.urls")),
    path("", include("editor.urls")),
    path("", include("practice.urls")),
    path("", include("people.urls")),
    path("", include("school_sign_in.urls")),
    path("", include("live.urls")),
    path("", include("play.urls")),
    path("", include("club.urls")),
    path("", include("puzzlesets.urls")),
    path("", include("zhuyin.urls")),
    path("", include("worksheets.urls")),
]

# The error pages never read the request's body again (see plumbing/errors.py).
handler400 = "plumbing.errors.bad_request"
handler403 = "plumbing.errors.permission_denied"
handler404 = "plumbing.errors.page_not_found"
handler500 = "plumbing.errors.server_error"
