"""What the puzzle-set tests share: a grown-up's own puzzle made through the form, a
learner signed in on a client, answers posted to a set's puzzle."""

from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from people.assignments import STUDENT_SESSION_KEY

KNIGHT_STAR = {
    "question": "star",
    "fen": "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
    "square": "g1",
    "targets": "f3",
}
CASTLE_AFTER_KING_WALK = {
    "question": "castle",
    "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "moves": "e1e2 e8e7 e2e1 e7e8",
    "side": "short",
}


def as_learner(learner, student: bool = True) -> Client:
    client = Client()
    session = client.session
    session[LEARNER_SESSION_KEY] = learner.pk
    if student:
        session[STUDENT_SESSION_KEY] = True
    session.save()
    return client


def make_puzzle(client: Client, fields: dict, set_id: int | None = None):
    data = {"moves": "", "square": "", "targets": "", "move": "", "side": "short", "prompt": ""}
    data |= fields
    if set_id is not None:
        data["set"] = set_id
    return client.post(reverse("puzzlesets:new_puzzle"), data)
