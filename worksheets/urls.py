from django.urls import path

from worksheets import views

app_name = "worksheets"
urlpatterns = [
    path("worksheets/lessons/<slug:slug>/", views.lesson_sheet, name="lesson"),
    path(
        "worksheets/lessons/<slug:slug>/pdf/",
        views.lesson_sheet,
        {"as_pdf": True},
        name="lesson_pdf",
    ),
    path("worksheets/practice/<slug:slug>/", views.practice_sheet, name="practice"),
    path(
        "worksheets/practice/<slug:slug>/pdf/",
        views.practice_sheet,
        {"as_pdf": True},
        name="practice_pdf",
    ),
]
