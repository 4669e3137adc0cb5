from django.apps import AppConfig


class SchoolSignInConfig(AppConfig):
    name = "school_sign_in"
    label = "school_sign_in"
    verbose_name = "Sign-in with a school's accounts (OpenID Connect)"

    def ready(self) -> None:
        from school_sign_in import accounts  # noqa: F401 (connects its receiver)
