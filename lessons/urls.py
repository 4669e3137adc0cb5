from django.urls import path

from lessons import glossary, referee_views, views

urlpatterns = [
    path("", views.lesson_map, name="lesson_map"),
    path("lessons/<slug:slug>/", views.lesson_page, name="lesson"),
    path("lessons/<slug:slug>/<slug:puzzle_id>/", views.puzzle_answer, name="puzzle_answer"),
    path("glossary/", glossary.glossary, name="glossary"),
    path("board/", referee_views.referee_board, name="referee"),
    path("board/claim", referee_views.referee_claim, name="referee_claim"),
    path("board/draw", referee_views.referee_draw, name="referee_draw"),
    path("board/resign", referee_views.referee_resign, name="referee_resign"),
    path("board/new", referee_views.referee_new, name="referee_new"),
    path("board/pgn", referee_views.referee_pgn, name="referee_pgn"),
]
