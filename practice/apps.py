from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "practice"
    verbose_name = "Practice and review"

    def ready(self):
        from practice import signals  # noqa: F401 (connects the Attempt receiver)
