from django.urls import path

from editor import views

urlpatterns = [
    path("editor/", views.editor_page, name="editor"),
]
