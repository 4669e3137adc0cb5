from django.urls import include, path

from tutor.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("lessons.urls")),
    path("", include("glossary.urls")),
    path("", include("referee.urls")),
    path("", include("tutor.people.urls")),
]
