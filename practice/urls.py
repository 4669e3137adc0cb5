from django.urls import path

from practice import views

urlpatterns = [
    path("practice/<slug:slug>/", views.practice_start, name="practice"),
    path("practice/<slug:slug>/<slug:puzzle_id>/", views.practice_puzzle, name="practice_puzzle"),
    path("review/", views.review_start, name="review"),
    path("review/<slug:slug>/<slug:puzzle_id>/", views.review_puzzle, name="review_puzzle"),
]
