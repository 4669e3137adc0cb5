from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    label = "people"
    verbose_name = "People: grown-ups, children, classes"

    def ready(self) -> None:
        from people import areas, deletion  # noqa: F401 (receivers)
        from people.limits import newcomers  # noqa: F401 (receivers)
        from people.rosters import events  # noqa: F401 (receivers)
