from django.apps import AppConfig


class TutorConfig(AppConfig):
    """The project itself (settings, URLs, the Jinja2 environment, converters, checks)."""

    name = "tutor"
    label = "project"
    verbose_name = "Chess rules tutor"

    def ready(self) -> None:
        from tutor import checks  # noqa: F401 (registers the deploy checks)
