from django.apps import AppConfig


class PuzzleSetsConfig(AppConfig):
    name = "puzzlesets"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzlesets import attempt_words

        attempt_words.register()  # the class's attempts CSV says a set's puzzles in words
