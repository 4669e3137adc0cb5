"""`{% puzzle_options choices selected %}`: the options of the presenter's puzzle pickers.

Every lesson's puzzles (337 options, twice on the presenter page, which is drawn again
after each of the teacher's taps) cost ~10 ms a picker through Django templates; the same
markup from a Jinja2 fragment (templates/live/puzzle_options.jinja, tutor/jinja.py)
costs a tenth of that, byte for byte the same.
"""

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def puzzle_options(choices, selected: str) -> SafeString:
    """`choices` as live.puzzles.choices gives them; the one whose value is `selected`
    is chosen."""
    context = {"choices": choices, "selected": selected}
    return render_to_string("live/puzzle_options.jinja", context, using="jinja2")
