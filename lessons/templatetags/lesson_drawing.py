from django import template

from lessons.puzzle_html import puzzle_section, stars_badge

register = template.Library()


@register.simple_tag(takes_context=True, name="puzzle_section")
def puzzle_section_tag(context):
    return puzzle_section(context, context.get("request"))


register.simple_tag(stars_badge, name="stars_badge")
