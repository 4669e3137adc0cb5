"""/who/ and /parent/ in a fixed number of queries, whatever the number of children and
attempts; each child's last activity is one index step, not a scan of their history."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from lessons.models import Learner
from people.models import ChildProfile
from tests.benchmarks.scratch import add_attempts
from tests.people.conftest import make_grown_up, signed_in

pytestmark = pytest.mark.django_db
PUZZLES = [("knight", "knight-first-jump"), ("rook", "rook-first")]
# session, user, the children with their latest attempt, the grown-up (PIN); /parent/
# asks once more for the grown-up's own page and for the address-check notice
QUERIES = {"people:who_is_learning": 4, "people:parent_home": 6}


def family(name: str, children: int, attempts: int):
    parent = make_grown_up(name)
    learners = [Learner.objects.create(nickname=f"孩子{n}", avatar="N") for n in range(children)]
    for learner in learners:
        ChildProfile.objects.create(parent=parent, learner=learner)
    add_attempts(learners, attempts, PUZZLES)
    return signed_in(parent), learners


@pytest.mark.parametrize("page", QUERIES)
def test_a_family_page_takes_the_same_queries_for_one_child_or_five(page):
    small, _ = family("small", 1, 20)
    large, learners = family("large", 5, 2000)
    counts = []
    for client in (small, large):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(reverse(page))
        assert response.status_code == 200
        counts.append(len(captured))
    assert counts == [QUERIES[page]] * 2, [q["sql"][:90] for q in captured]
    (children_query,) = [q["sql"] for q in captured if "people_childprofile" in q["sql"]]
    assert "LIMIT 1" in children_query  # each child's latest attempt, not an aggregate
    shown = {child.learner_id for child in response.context["children"]}
    assert shown == {learner.pk for learner in learners}
