from django.urls import path

from zhuyin import views

urlpatterns = [
    path("zhuyin/", views.switch, name="zhuyin_switch"),
    path("sound/", views.sound_switch, name="sound_switch"),
]
