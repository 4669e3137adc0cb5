from django.urls import path

from club import teacher, views

app_name = "club"

urlpatterns = [
    path("club/", views.my_club, name="mine"),
    path("club/games/<id:game_id>/", views.game_page, name="game"),
    path("club/games/<id:game_id>/claim", views.claim, name="claim"),
    path("club/games/<id:game_id>/resign", views.resign, name="resign"),
    path("teacher/classes/<id:classroom_id>/club/", teacher.class_club, name="class_club"),
    path("club/tournaments/<id:tournament_id>/", teacher.tournament_page, name="tournament"),
    path("club/tournaments/<id:tournament_id>/round", teacher.start_round, name="start_round"),
    path("club/tournaments/<id:tournament_id>/coaching", teacher.coaching, name="coaching"),
    path("club/tournaments/<id:tournament_id>/projector/", teacher.projector, name="projector"),
    path(
        "club/tournaments/<id:tournament_id>/rounds/<id:number>.pgn",
        teacher.round_pgn,
        name="round_pgn",
    ),
    path("club/tournaments/<id:tournament_id>/table.csv", teacher.table_csv, name="table_csv"),
    path("club/boards/<id:game_id>/forfeit", teacher.forfeit, name="forfeit"),
    path("club/boards/<id:game_id>/correct", teacher.correct, name="correct"),
]
