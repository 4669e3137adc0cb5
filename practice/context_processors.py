"""``reviews_due`` for the lesson map's 「今天要複習 N 題」: a callable, so only a page that
shows it asks the database (the lessons app never imports this one)."""

from django.http import HttpRequest

from lessons.learners import LEARNER_SESSION_KEY
from practice.scheduling import due_reviews


def reviews_due(request: HttpRequest) -> dict:
    return {"reviews_due": lambda: len(due_reviews(request.session.get(LEARNER_SESSION_KEY)))}
