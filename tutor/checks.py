"""`manage.py check --deploy`: what a production server's settings still lack."""

from email.utils import parseaddr

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def mail_has_a_sender(app_configs, **kwargs) -> list[Warning]:
    """Password-reset mail from webmaster@localhost is refused or lost by real mail servers."""
    _, address = parseaddr(settings.DEFAULT_FROM_EMAIL)
    if address.rpartition("@")[2].lower() != "localhost":
        return []
    return [
        Warning(
            f"DEFAULT_FROM_EMAIL is {settings.DEFAULT_FROM_EMAIL}: password-reset mail cannot "
            "reach anyone.",
            hint="Set DEFAULT_FROM_EMAIL (and EMAIL_HOST, EMAIL_PORT, ... see README).",
            id="tutor.W001",
        )
    ]
