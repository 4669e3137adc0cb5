"""`{% class_lock_banner %}`: on every teacher page (the classes, a class's pages, the live
lesson), each of the teacher's classes whose picture login is locked, with its one-tap
unlock that comes back to the same page (people.limits.picture_locks)."""

from django import template

from people.limits import picture_locks

register = template.Library()


@register.inclusion_tag("people/class_lock_banner.html", takes_context=True)
def class_lock_banner(context) -> dict:
    request = context["request"]
    return {
        "locked": picture_locks.locked_classrooms(request.user),
        "here": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }
