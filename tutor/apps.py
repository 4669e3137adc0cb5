from django.apps import AppConfig


class TutorConfig(AppConfig):
    name = "tutor"
    verbose_name = "Chess rules tutor"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tutor import checks  # noqa: F401 (registers the deploy checks)
        from tutor.privacy import cap_grown_up_session

        user_logged_in.connect(cap_grown_up_session, dispatch_uid="cap_grown_up_session")
