"""注音 on the pages of a learner who switched it on (the 「注音」 switch).

The choice is the learner's (zhuyin.models.ReadingAids), so it follows the child picked on
a shared device; a browser whose learner never chose (or with no learner yet) has the
cookie the switch sets. The learner's choice is read when the learner is picked
(lessons.learners.learner_used; none for a learner just made) and kept in the session beside
the learner's id: a page costs no query. A session from before, whose learner was put
there otherwise, has the browser's cookie until the next pick. Only Traditional Chinese
pages get it; other languages have no bopomofo.
"""

from django.dispatch import receiver
from django.utils import translation
from django.utils.cache import patch_vary_headers

from lessons.learners import learner_used
from plumbing.sessions import LEARNER_SESSION_KEY
from zhuyin.annotate import annotate
from zhuyin.models import ReadingAids

COOKIE = "zhuyin"
# {"learner": id, "zhuyin": …, "sound": …}, each True, False or None (never chose): the
# learner's choices.
SESSION_KEY = "reading_aids"
AIDS = ("zhuyin", "sound")


def zhuyin_offered() -> bool:
    return (translation.get_language() or "").lower() in ("zh-hant", "zh-tw", "zh-hant-tw")


def learners_choice(request, aid: str = "zhuyin") -> bool | None:
    """The picked learner's choice of one aid ("zhuyin", "sound"), None when nobody is picked
    or they never chose."""
    session = getattr(request, "session", None)
    learner_id = session.get(LEARNER_SESSION_KEY) if session is not None else None
    if not isinstance(learner_id, int):
        return None
    kept = session.get(SESSION_KEY)
    if isinstance(kept, dict) and kept.get("learner") == learner_id:
        return kept.get(aid)
    return None


def _stored_choices(learner_id: int) -> dict:
    chosen = ReadingAids.objects.filter(learner_id=learner_id).values(*AIDS).first()
    return chosen or {}


@receiver(learner_used)
def learner_picked(sender, request, learner, new: bool, **kwargs) -> None:
    remember(request, learner.pk, **({} if new else _stored_choices(learner.pk)))


def remember(request, learner_id: int, **choices: bool | None) -> dict:
    """Keep the learner's choices in the session; an aid not named keeps what was kept."""
    kept = request.session.get(SESSION_KEY)
    if not isinstance(kept, dict) or kept.get("learner") != learner_id:
        kept = dict.fromkeys(AIDS)
    kept = {**kept, **choices, "learner": learner_id}
    request.session[SESSION_KEY] = kept
    return kept


def zhuyin_on(request) -> bool:
    if not zhuyin_offered():
        return False
    chosen = learners_choice(request)
    return chosen if chosen is not None else request.COOKIES.get(COOKIE) == "on"


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
