from django.apps import AppConfig


class TutorConfig(AppConfig):
    name = "tutor"
    verbose_name = "Chess rules tutor"

    def ready(self) -> None:
        from tutor import checks  # noqa: F401 (registers the deploy checks)
