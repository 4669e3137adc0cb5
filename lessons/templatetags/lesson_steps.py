from django import template

from lessons.steps import steps_nav

register = template.Library()
register.simple_tag(steps_nav, name="puzzle_steps")
