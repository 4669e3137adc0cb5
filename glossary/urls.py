from django.urls import path

from glossary import views

urlpatterns = [
    path("glossary/", views.glossary, name="glossary"),
]
