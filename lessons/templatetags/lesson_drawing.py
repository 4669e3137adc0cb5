from django import template

from lessons.presenter import puzzle_section, stars_badge

register = template.Library()


@register.simple_tag(takes_context=True, name="puzzle_section")
def puzzle_section_tag(context, view):
    """The puzzle in a page (`view`: a lessons.presenter.PuzzleView); an htmx answer's
    form needs no token of its own (see lessons.presenter.puzzle_section)."""
    request = context.get("request")
    token = context.get("csrf_token")  # the csrf context processor's, with a request
    if token is None or getattr(request, "htmx", False) or str(token) == "NOTPROVIDED":
        return puzzle_section(view, None)
    return puzzle_section(view, str(token))


register.simple_tag(stars_badge, name="stars_badge")
