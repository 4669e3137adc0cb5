from django.urls import path

from referee import views

urlpatterns = [
    path("board/", views.referee_board, name="referee"),
    path("board/claim", views.referee_claim, name="referee_claim"),
    path("board/draw", views.referee_draw, name="referee_draw"),
    path("board/resign", views.referee_resign, name="referee_resign"),
    path("board/new", views.referee_new, name="referee_new"),
    path("board/bottom", views.referee_bottom, name="referee_bottom"),
    path("board/pgn", views.referee_pgn, name="referee_pgn"),
]
