from django import template
from django.templatetags.static import static

from lessons.pictures import picture_for

register = template.Library()


@register.inclusion_tag("lessons/picture.html")
def lesson_picture(slug: str) -> dict:
    picture = picture_for(slug)
    images = [static(f"pieces/{name}.svg") if name else "" for name in picture.pieces]
    return {"images": images, "mark": picture.mark, "slug": slug}
