from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def lesson_map(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/map.html")
