from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = "Club"

    def ready(self) -> None:
        # club.push puts the game channel's subscribers in live.push.SUBSCRIBERS.
        from club import push  # noqa: F401
