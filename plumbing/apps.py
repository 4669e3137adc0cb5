from django.apps import AppConfig


class PlumbingConfig(AppConfig):
    """What every request and every app shares: middleware, the session store, health,
    error pages, backups, client addresses. Its label is the one these parts had before
    they moved here: the session table (`tutor_session`) and its migrations keep it."""

    name = "plumbing"
    label = "tutor"
    verbose_name = "Shared plumbing"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from plumbing.privacy import cap_grown_up_session

        user_logged_in.connect(cap_grown_up_session, dispatch_uid="cap_grown_up_session")
