from django.urls import include, path

from tutor.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("lessons.urls")),
    path("", include("glossary.urls")),
    path("", include("referee.urls")),
    path("", include("editor.urls")),
    path("", include("practice.urls")),
    path("", include("people.urls")),
    path("", include("school_sign_in.urls")),  # after people's: it uses <id:…>
    path("", include("live.urls")),
    path("", include("play.urls")),
    path("", include("puzzlesets.urls")),
    path("", include("zhuyin.urls")),
    path("", include("worksheets.urls")),
]

# The error pages never read the request's body again (see tutor/errors.py).
handler400 = "tutor.errors.bad_request"
handler403 = "tutor.errors.permission_denied"
handler404 = "tutor.errors.page_not_found"
handler500 = "tutor.errors.server_error"
