from django.urls import path

from school_sign_in import views

# <id:…> is the project's converter (tutor/converters.py, registered by tutor/urls.py).
app_name = "school_sign_in"

urlpatterns = [
    path("accounts/school/callback/", views.callback, name="callback"),
    path("accounts/school/", views.school_accounts, name="school_accounts"),
    path("accounts/school/forget/", views.forget_waiting, name="forget_waiting"),
    path("accounts/school/<id:identity_id>/unlink/", views.unlink, name="unlink"),
    path(
        "teacher/students/<id:student_id>/school-account/",
        views.unlink_student,
        name="unlink_student",
    ),
    path("accounts/school/<slug:provider>/link/", views.link_start, name="link_start"),
    path("accounts/school/<slug:provider>/<slug:who>/", views.start, name="start"),
]
