"""{% school_sign_in_buttons "teacher" %} (or "student"): a button for each provider
configured for them, nothing when none is; {% school_sign_in_waiting %}: on the class
login, the note that a school sign-in waits to be linked."""

from datetime import datetime

from django import template
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext

from school_sign_in import accounts, providers
from school_sign_in.models import SchoolIdentity

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


@register.simple_tag
def school_links(students) -> dict[int, datetime]:
    """{student id: since when a school account signs them in} for the class roster (one
    query): the teacher sees which children have a link, and a new secret ends it."""
    since: dict[int, datetime] = {}
    rows = SchoolIdentity.objects.filter(student__in=[s.pk for s in students])
    for student_id, created_at in rows.values_list("student_id", "created_at"):
        since[student_id] = min(created_at, since.get(student_id, created_at))
    return since


@register.simple_tag
def school_link_since(links: dict, student_id: int) -> str:
    when = links.get(student_id)
    if when is None:
        return ""
    day = date_format(localtime(when), "SHORT_DATE_FORMAT")
    return gettext("School account linked since %(date)s") % {"date": day}
