from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    label = "people"
    verbose_name = "People: grown-ups, children, classes"

    def ready(self) -> None:
        from people import deletion, newcomers, school_events  # noqa: F401 (receivers)
