from django.apps import AppConfig


class PuzzleSetsConfig(AppConfig):
    name = "puzzlesets"
    default_auto_field = "django.db.models.BigAutoField"
