"""{% school_sign_in_buttons "teacher" %} (or "student"): a button for each provider
configured for them, nothing when none is; {% school_sign_in_waiting %}: on the class
login, the note that a school sign-in waits to be linked."""

from django import template

from school_sign_in import accounts, providers

register = template.Library()


@register.inclusion_tag("school_sign_in/buttons.html", takes_context=True)
def school_sign_in_buttons(context, who: str) -> dict:
    shown = [p for p in providers.configured() if who == "teacher" or p.students]
    return {
        "who": who,
        "buttons": [(p.slug, providers.name_of(p.slug)) for p in shown],
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("school_sign_in/waiting.html", takes_context=True)
def school_sign_in_waiting(context) -> dict:
    request = context["request"]
    waiting = accounts.waiting_student(request) if providers.configured() else None
    return {"waiting": waiting, "csrf_token": context.get("csrf_token")}


@register.simple_tag
def school_sign_in_on() -> bool:
    """Whether any provider is configured: the teacher's page links 「學校帳號」 then."""
    return bool(providers.configured())
