"""注音 on the pages of a browser whose learner switched it on (the 「注音」 switch, a cookie).

Only Traditional Chinese pages get it; other languages have no bopomofo.
"""

from django.utils import translation
from django.utils.cache import patch_vary_headers

from zhuyin.annotate import annotate

COOKIE = "zhuyin"


def zhuyin_offered() -> bool:
    return (translation.get_language() or "").lower() in ("zh-hant", "zh-tw", "zh-hant-tw")


def zhuyin_on(request) -> bool:
    return request.COOKIES.get(COOKIE) == "on" and zhuyin_offered()


class ZhuyinMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
            return response
        patch_vary_headers(response, ["Cookie"])
        if not zhuyin_on(request):
            return response
        charset = response.charset or "utf-8"
        response.content = annotate(response.content.decode(charset)).encode(charset)
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return response
