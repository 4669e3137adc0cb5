from django.urls import path

from play import teacher, views

app_name = "play"

urlpatterns = [
    path("play/", views.pick, name="pick"),
    path("play/new", views.new_game, name="new"),
    path("play/games/<int:game_id>/", views.game_page, name="game"),
    path("play/games/<int:game_id>/takeback", views.take_back, name="take_back"),
    path("play/games/<int:game_id>/claim", views.claim, name="claim"),
    path("play/games/<int:game_id>/resign", views.resign, name="resign"),
    path("play/games/<int:game_id>/notes", views.notes_switch, name="notes"),
    path("play/games/<int:game_id>/pgn", views.game_pgn_download, name="pgn"),
    path("play/learners/<int:learner_id>/takebacks", views.takebacks_switch, name="takebacks"),
    path("teacher/classes/<int:classroom_id>/games/", teacher.class_games, name="class_games"),
    path(
        "teacher/classes/<int:classroom_id>/games/<int:game_id>/",
        teacher.class_game,
        name="class_game",
    ),
]
