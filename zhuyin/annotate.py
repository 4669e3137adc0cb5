"""Put 注音 over every Chinese character of a page's visible text.

The page is rendered as usual; its body's text (between tags) is given rubies, so every
sentence a learner reads gets them at once: the lesson's intro, prompts, hints, the judge's
feedback, the buttons. Attributes (a square's spoken name, an aria-label) and text that cannot
hold markup (<title>, <option>, <textarea>, scripts, styles, SVG) are left alone. Each text's
readings are computed once and cached (zhuyin.readings), not once per request. Each text goes
in a ``<span class="zy">``, which static/css/zhuyin.css lays out (注音 to the right of each
character where the browser can, above it elsewhere).
"""

import re

from django.utils.html import format_html

from zhuyin.readings import CJK, ruby_in_html_text

TOKENS = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)")
UNTOUCHED = frozenset({"script", "style", "title", "textarea", "option", "svg", "ruby", "head"})


def annotate(page: str) -> str:
    start = page.find("<body")
    # An htmx partial has no <body>: all of it is body.
    head, body = ("", page) if start < 0 else (page[:start], page[start:])
    parts = []
    skipping: list[str] = []
    for token in TOKENS.split(body):
        if not token:
            continue
        if token.startswith("<"):
            tag = TAG.match(token)
            if tag and not token.startswith("<!"):
                closing, name = tag.group(1) == "/", tag.group(2).lower()
                if name in UNTOUCHED:
                    if closing and skipping and skipping[-1] == name:
                        skipping.pop()
                    elif not closing and not token.endswith("/>"):
                        skipping.append(name)
            parts.append(token)
        elif skipping or not CJK.search(token):
            parts.append(token)
        else:
            # One span per text: a flex container sees one item that wraps, not one
            # unbreakable item per character (the map's cards, a label beside its checkbox).
            parts.append(format_html('<span class="zy">{}</span>', ruby_in_html_text(token)))
    return head + "".join(parts)
