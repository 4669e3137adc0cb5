"""``{% practice_url slug as url %}``: the address of a lesson's endless practice, or ""
when its rule has no generator (the summary page then offers none)."""

from django import template
from django.urls import reverse

from practice.generators import RULES

register = template.Library()


@register.simple_tag
def practice_url(slug: str) -> str:
    return reverse("practice", args=[slug]) if slug in RULES else ""
