"""The Jinja2 environment of the fragments drawn on every answer (templates/**/*.jinja: the
board, the puzzle, the row of steps), for Django's own backend,
`django.template.backends.jinja2.Jinja2` (settings.TEMPLATES, engine "jinja2"). Code renders
one with Django's loader:
`render_to_string("board/frame.jinja", {...}, using="jinja2")`; the Django templates
include them through template tags (board_drawing, lesson_drawing).

One tree of templates, one rule for the engine: a name ending in `.jinja` is a Jinja2
fragment, and the Jinja2 engine loads no other name (FragmentLoader); every other template
is Django's.

Why Jinja2 there: the board's 64 squares cost ~2 ms through Django templates, ~0.2 ms here,
autoescape on, the same bytes. Everything else stays a Django template (templates/).

What a template may count on:
- Escaping is markupsafe's, the same five characters as Django's; `render()` then spells a
  quote `&quot;` and an apostrophe `&#x27;` as Django does (markupsafe writes `&#34;` and
  `&#39;`, the same characters), so a fragment is byte for byte what a Django template
  wrote. A value with `__html__` (a SafeString, a Markup) is written as it is.
- Translations are Django's (the active language, locale/): `gettext`, `ngettext`,
  `pgettext`. `{{ gettext("…") }}` is escaped, as {% translate %} is; a sentence with a
  value is `{{ gettext("Puzzle %(number)s of %(total)s") % {"number": …, "total": …} }}`,
  escaped whole once filled (a quicker render than a `{% trans %}` block, whose Markup
  formatting cost an eighth of the puzzle's section).
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

import jinja2
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext


class FragmentTemplate(jinja2.Template):
    def render(self, *args, **kwargs) -> SafeString:
        html = super().render(*args, **kwargs)
        # markupsafe writes a quote &#34; and an apostrophe &#39;, Django &quot; and &#x27;:
        # the same characters, spelt as Django templates spell them. The output of an
        # autoescaping template: safe, as Django's own Template.render marks its output.
        return mark_safe(html.replace("&#34;", "&quot;").replace("&#39;", "&#x27;"))


class FragmentLoader(jinja2.FileSystemLoader):
    """Django's Jinja2 loader over the same folders as Django's templates, for `.jinja` names
    only: a Django template is never read as Jinja2."""

    def get_source(self, environment, template):
        if not template.endswith(".jinja"):
            raise jinja2.TemplateNotFound(template)
        return super().get_source(environment, template)

    def list_templates(self) -> list[str]:
        return [name for name in super().list_templates() if name.endswith(".jinja")]


def environment(**options) -> jinja2.Environment:
    """The environment Django's Jinja2 backend makes (OPTIONS "environment")."""
    options["loader"] = FragmentLoader(options["loader"].searchpath)
    options["undefined"] = jinja2.StrictUndefined  # the backend's default prints "" in production
    env = jinja2.Environment(**options, trim_blocks=True, lstrip_blocks=True)
    env.template_class = FragmentTemplate
    env.install_gettext_callables(  # type: ignore[attr-defined]  (jinja2.ext.i18n)
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )
    return env
