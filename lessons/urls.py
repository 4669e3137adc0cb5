from django.urls import path

from lessons import views

urlpatterns = [
    path("", views.lesson_map, name="lesson_map"),
]
