"""The Jinja2 environment of the fragments drawn on every answer (templates-jinja2/: the board, the
puzzle, the row of steps), for Django's own backend, `django.template.backends.jinja2.Jinja2`
(settings.TEMPLATES, engine "jinja2"). Code renders one with Django's loader:
`render_to_string("board/frame.html", {...}, using="jinja2")`; the Django templates
include them through template tags (board_drawing, lesson_drawing).

Why Jinja2 there: the board's 64 squares cost ~2 ms through Django templates, ~0.2 ms here,
autoescape on, the same bytes. Everything else stays a Django template (templates/).

What a template may count on:
- Escaping is Django's: `{{ value }}` is escaped by `_escaped` (Django's conditional_escape
  without its check for lazy text), so a quote is written `&quot;` and an apostrophe
  `&#x27;`, as Django templates write them (markupsafe alone writes `&#34;` and `&#39;`);
  a value with `__html__` (a SafeString, a Markup) is written as it is.
- Translations are Django's (the active language, locale/): `{{ gettext("…") }}` is escaped,
  as {% translate %} is; `{% trans n=… %}…{{ n }}…{% endtrans %}` (and `{% pluralize %}`)
  trusts the translation and escapes its variables, as {% blocktranslate %} does (its
  variables are numbers and square names here: markupsafe escapes them). `pgettext` too.
- A name the context does not give fails the render (StrictUndefined): a misspelt field of
  a view model is an error, never an empty string.
- Whitespace: `trim_blocks` and `lstrip_blocks`, so a line holding only `{% … %}` writes
  nothing; `{%+` keeps the spaces before a tag, `+%}` the line break after it. A file's
  last line break is not written (Jinja's default): a fragment that ends with a line break
  ends with an empty line.
- `render()` returns a SafeString, as a Django template's does, so a fragment goes into a
  Django template or an HttpResponse unescaped.
"""

from __future__ import annotations

from html import escape

import jinja2
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext
from markupsafe import Markup


def _escaped(value):
    """`finalize` of every `{{ … }}`: Django's escaping, so markupsafe's escape (which runs
    after) finds the value already safe and writes it as it is. A number or None is left
    to markupsafe, which writes it as Django does."""
    kind = type(value)
    if kind is str:  # most values: asked first, as hasattr on a str is a failed lookup
        return Markup(escape(value))
    if kind is int or value is None or hasattr(value, "__html__"):
        return value
    return Markup(escape(str(value)))


class FragmentTemplate(jinja2.Template):
    def render(self, *args, **kwargs) -> SafeString:
        # The output of an autoescaping template: safe as Django's own Template.render is.
        return mark_safe(super().render(*args, **kwargs))


def environment(**options) -> jinja2.Environment:
    """The environment Django's Jinja2 backend makes (OPTIONS "environment")."""
    options["undefined"] = jinja2.StrictUndefined  # the backend's default prints "" in production
    env = jinja2.Environment(**options, finalize=_escaped, trim_blocks=True, lstrip_blocks=True)
    env.template_class = FragmentTemplate
    env.install_gettext_callables(  # type: ignore[attr-defined]  (jinja2.ext.i18n)
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )
    return env
