from django.urls import path

from lessons import languages, views

urlpatterns = [
    path("", views.lesson_map, name="lesson_map"),
    path("lessons/<slug:slug>/", views.lesson_page, name="lesson"),
    path("lessons/<slug:slug>/<slug:puzzle_id>/", views.puzzle_answer, name="puzzle_answer"),
    path("language/", languages.choose_language, name="choose_language"),
]
