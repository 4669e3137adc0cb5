from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "tutor.people"
    label = "people"
    verbose_name = "People: grown-ups, children, classes"

    def ready(self) -> None:
        from tutor.people import deletion, newcomers, school_events  # noqa: F401 (receivers)
