"""Which learner this browser is: kept in the session under LEARNER_SESSION_KEY, by id only.

An anonymous visitor gets a Learner at the first attempt; a parent picking a
child or a student logging in sets the same session key. The session holds no
nickname: the header asks the database (current_learner, once a request), so a
deleted learner's name is nowhere in a session, and forget_in_sessions takes
their id out of every stored session too.

Two tabs answering their first puzzle at the same moment land on one learner: the
learner is created under a unique key drawn from the browser's CSRF cookie (which
both tabs share, and which every answer must carry), and the tab that loses the race
reads the winner's learner back. Before a learner is made, lessons.signals.learner_wanted
lets another app refuse it (people.limits.newcomers limits new learners per address); the
first answer sent again after its session was lost finds the learner it made (its token,
lessons.answer_tokens).
"""

import json
import zlib
from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.core import signing
from django.core.cache import caches
from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from languages.choice import SESSION_KEY as LANGUAGE_SESSION_KEY
from lessons import answer_tokens, statements
from lessons.models import Learner
from lessons.progress import MISTAKES_COUNTED, History
from lessons.signals import learner_wanted
from plumbing.sessions import LEARNER_SESSION_KEY

# Written by earlier versions beside the id; never written now, and dropped with the learner.
LEARNER_LABEL_SESSION_KEY = "learner_label"
# A learner found under this browser's key is the one a racing tab just made, if this young;
# an older one is left alone (it is that browser's earlier learner, perhaps adopted since).
RACE_WINDOW = timedelta(minutes=1)
_CACHE_ATTRIBUTE = "_current_learner"
# Sent by use_learner when a learner becomes this browser's (picked, signed in, or made at
# the first answer: ``new``), with ``request`` and ``learner``: an app keeping a choice per
# learner copies it into the session (zhuyin: the reading aids), as the language is here.
learner_used = Signal()


def current_learner(request: HttpRequest) -> Learner | None:
    """This browser's learner, if the session names one that still exists (one query a request)."""
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    cached = getattr(request, _CACHE_ATTRIBUTE, None)
    if cached is not None and cached[0] == learner_id:
        return cached[1]
    learner = None
    if isinstance(learner_id, int):  # the session holds an id only (never a name)
        learner = statements.learner(learner_id)
    setattr(request, _CACHE_ATTRIBUTE, (learner_id, learner))
    return learner


def learner_and_history(request: HttpRequest, puzzle: str, lesson: str) -> tuple[Learner, History]:
    """This browser's learner (made at its first answer) with what recording an answer to
    ``puzzle`` of ``lesson`` reads first (lessons.progress.History): for the learner the
    session names, one statement for both."""
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    cached = getattr(request, _CACHE_ATTRIBUTE, None)
    if isinstance(learner_id, int) and (cached is None or cached[0] != learner_id):
        learner, tries, results = statements.learner_tries_and_results(
            learner_id, puzzle, MISTAKES_COUNTED, lesson
        )
        setattr(request, _CACHE_ATTRIBUTE, (learner_id, learner))
        if learner is not None:
            return learner, (tries, results)
    learner = current_learner(request)
    if learner is None and (learner := _learner_of_answer_sent_again(request)) is not None:
        use_learner(request, learner)
    learner = learner or current_or_new_learner(request)
    return learner, statements.tries_and_results(learner.pk, puzzle, MISTAKES_COUNTED, lesson)


def _learner_of_answer_sent_again(request: HttpRequest) -> Learner | None:
    """For a browser whose session names no learner: the learner its answer was already
    recorded for, when this is the first answer sent again (its worker killed after the
    commit, before the session naming the new learner was saved). Only this browser's own
    learner (made under its key) is found so; the form's token was checked by
    lessons.answer_tokens.read before the learner was asked for."""
    token, key = request.POST.get(answer_tokens.FIELD), browser_key(request)
    if not token or key is None:
        return None
    return Learner.objects.filter(browser_key=key, attempts__token=token).first()


def browser_key(request: HttpRequest) -> str | None:
    """A key the tabs of one browser share, and nobody else: from its CSRF cookie and user."""
    secret = request.META.get("CSRF_COOKIE")
    if not secret:
        return None
    user_id = getattr(getattr(request, "user", None), "pk", None)
    return salted_hmac("lessons.learners.browser_key", f"{secret}|{user_id}").hexdigest()


def current_or_new_learner(request: HttpRequest) -> Learner:
    learner = current_learner(request)
    if learner is None:
        learner_wanted.send(Learner, request=request)  # may raise NewLearnerRefused
        learner = _new_learner(browser_key(request))
        chosen = request.session.get(LANGUAGE_SESSION_KEY, "")
        if chosen and not learner.language:  # a language chosen before the first answer
            Learner.objects.filter(pk=learner.pk).update(language=chosen)
            learner.language = chosen
        use_learner(request, learner, new=True)
    return learner


def _new_learner(key: str | None) -> Learner:
    if key is None:
        return Learner.objects.create()
    for _ in range(2):
        try:
            with transaction.atomic():
                return Learner.objects.create(browser_key=key)
        except IntegrityError:  # another tab of this browser created it a moment ago
            fresh = Learner.objects.filter(
                browser_key=key, created_at__gte=timezone.now() - RACE_WINDOW
            ).first()
            if fresh is not None:
                return fresh
            Learner.objects.filter(browser_key=key).update(browser_key=None)
    return Learner.objects.create()


def use_learner(request: HttpRequest, learner: Learner, *, new: bool = False) -> None:
    request.session[LEARNER_SESSION_KEY] = learner.pk
    request.session.pop(LEARNER_LABEL_SESSION_KEY, None)
    setattr(request, _CACHE_ATTRIBUTE, (learner.pk, learner))
    if learner.language:  # the language follows the learner to this device
        request.session[LANGUAGE_SESSION_KEY] = learner.language
    else:  # someone who never chose: this browser's choice applies
        request.session.pop(LANGUAGE_SESSION_KEY, None)
    Learner.objects.filter(pk=learner.pk).update(last_active_at=timezone.now())
    learner_used.send(Learner, request=request, learner=learner, new=new)


def _peek(session_data: str, codec) -> dict:
    """A stored session's data read without checking its signature (4x faster than
    decode, measured), only to skip the sessions that cannot name the learners: the format
    is django.core.signing's, base64 JSON before the first ':', '.'-prefixed if zlibbed."""
    try:
        payload = session_data.split(":", 1)[0]
        raw = signing.b64_decode(payload.removeprefix(".").encode())
        return json.loads(zlib.decompress(raw) if payload.startswith(".") else raw)
    except (ValueError, zlib.error):
        return codec.decode(session_data)


def forget_in_sessions(learner_ids: set[int], also: tuple[str, ...] = ()) -> int:
    """Take learners out of every stored session (they were deleted, or their secret changed);
    returns how many sessions changed.

    Only a session engine that stores sessions in the database can be searched (db,
    cached_db); with cookie or cache sessions the id stays on the device until it expires,
    and current_learner finds no such learner. `also` names keys that go with the learner
    (a student's sign-in mark). The site's store (plumbing.models.LearnerSession) keeps the
    learner's id in an indexed column: only the sessions naming them are read. Another
    database store has every unexpired session read.
    """
    engine = import_module(settings.SESSION_ENGINE)
    store_class = engine.SessionStore
    if not learner_ids or not hasattr(store_class, "get_model_class"):
        return 0
    model = store_class.get_model_class()
    cache_prefix = getattr(store_class, "cache_key_prefix", None)  # cached_db keeps a copy
    codec = store_class()
    changed = 0
    rows = model.objects.filter(expire_date__gt=timezone.now()).only("session_key", "session_data")
    indexed = any(field.name == "learner_id" for field in model._meta.concrete_fields)
    if indexed:
        rows = rows.filter(learner_id__in=learner_ids)
    for row in rows.iterator(chunk_size=1000):
        if _peek(row.session_data, codec).get(LEARNER_SESSION_KEY) not in learner_ids:
            continue
        data = codec.decode(row.session_data)  # verified before it is written back
        if data.get(LEARNER_SESSION_KEY) not in learner_ids:
            continue
        for key in (LEARNER_SESSION_KEY, LEARNER_LABEL_SESSION_KEY, *also):
            data.pop(key, None)
        written = {"session_data": codec.encode(data)}
        if indexed:
            written["learner_id"] = None
        model.objects.filter(session_key=row.session_key).update(**written)
        if cache_prefix is not None:
            caches[settings.SESSION_CACHE_ALIAS].delete(cache_prefix + row.session_key)
        changed += 1
    return changed
