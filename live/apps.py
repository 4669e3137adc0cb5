from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = "Live lesson"

    def ready(self) -> None:
        from live import signals  # noqa: F401  (the push's receivers)
