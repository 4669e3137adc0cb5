from django.urls import path

from lessons import languages, stickers, views

urlpatterns = [
    path("", views.lesson_map, name="lesson_map"),
    path("lessons/<slug:slug>/", views.lesson_page, name="lesson"),
    path("lessons/<slug:slug>/<slug:puzzle_id>/", views.puzzle_answer, name="puzzle_answer"),
    path("stickers/", stickers.sticker_page, name="stickers"),
    path("stickers/<slug:group>/certificate/", stickers.certificate, name="certificate"),
    path("language/", languages.choose_language, name="choose_language"),
]
