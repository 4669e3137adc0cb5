from django.urls import path

from live import views

app_name = "live"

# <id:…> is the project's converter (tutor/converters.py, registered by tutor/urls.py).
urlpatterns = [
    path("live/", views.student_live, name="student"),
    path("live/round", views.student_round, name="student_round"),
    path("live/answer", views.student_answer, name="student_answer"),
    path("teacher/classes/<id:classroom_id>/live/", views.class_live, name="class_live"),
    path("live/sessions/<id:session_id>/", views.projector, name="projector"),
    path("live/sessions/<id:session_id>/panel", views.projector_panel, name="panel"),
    path("live/sessions/<id:session_id>/puzzle", views.put_puzzle, name="put_puzzle"),
    path("live/sessions/<id:session_id>/next", views.next_puzzle, name="next_puzzle"),
    path("live/sessions/<id:session_id>/audience/", views.audience, name="audience"),
    path("live/sessions/<id:session_id>/audience/stage", views.audience_stage, name="stage"),
    path(
        "teacher/classes/<id:classroom_id>/live/playlist/",
        views.playlist_add,
        name="playlist_add",
    ),
    path("live/playlist/<id:item_id>/move", views.playlist_move, name="playlist_move"),
    path("live/playlist/<id:item_id>/remove", views.playlist_remove, name="playlist_remove"),
    path("live/sessions/<id:session_id>/reveal", views.reveal, name="reveal"),
    path("live/sessions/<id:session_id>/names", views.toggle_names, name="names"),
    path("live/sessions/<id:session_id>/time", views.time_limit, name="time_limit"),
    path("live/sessions/<id:session_id>/podium", views.toggle_podium, name="podium"),
    path("live/sessions/<id:session_id>/end", views.end, name="end"),
    path("live/sessions/<id:session_id>/results", views.session_results, name="results"),
]
