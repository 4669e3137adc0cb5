"""A page of another app's shape for the browser tests of the editor's include: a POST form
with two plain text inputs, fen and moves, and {% include "editor/include.html" %}; it
echoes what it was sent. The URLs are the project's plus this page (ROOT_URLCONF)."""

from django.http import HttpResponse
from django.template import engines
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

PAGE = """<!DOCTYPE html><html lang="zh-Hant"><head><meta charset="utf-8"><title>host</title></head>
<body><div data-announcer role="status" aria-live="polite"></div><main>
<h1>host</h1>
<form method="post" action="/host/">
<p><label for="id_fen">FEN</label> <input id="id_fen" name="fen" type="text" value="{{ fen }}"></p>
<p><label for="id_moves">moves</label>
<input id="id_moves" name="moves" type="text" value="{{ moves }}"></p>
{% include "editor/include.html" %}
<p><label for="id_prompt">prompt</label> <input id="id_prompt" name="prompt" type="text"></p>
<button type="submit" name="save" value="1">save</button>
</form>
{% if sent %}<p data-sent>{{ sent }}</p>{% endif %}
</main></body></html>"""


@csrf_exempt
def host(request):
    template = engines["django"].from_string(PAGE)
    sent = ""
    if request.method == "POST":
        sent = "|".join(f"{key}={request.POST[key]}" for key in sorted(request.POST))
    context = {"fen": request.GET.get("fen", ""), "moves": "", "sent": sent}
    return HttpResponse(template.render(context, request))


urlpatterns = [path("host/", host), path("", include("tutor.urls"))]
