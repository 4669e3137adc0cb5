"""The issue's size: 40 students × 18 lessons with 20,000 attempts, in a fixed number of queries."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.benchmarks.dashboard_speed import build_class, eighteen_lessons

pytestmark = pytest.mark.django_db

# session, user, classroom, students, results, misconceptions (the running totals) + their
# examples, 7 days (the running totals per day), the rules mastered (practice's review
# list), assignments, the class locks of the teacher (class_locks.class_lock_banner), the
# class's puzzle sets (puzzlesets' set_results); the homework box asks once more only when
# there are assignments
DASHBOARD_QUERIES = 12


def test_a_class_of_40_with_20000_attempts_renders_in_twelve_queries(monkeypatch):
    lessons = eighteen_lessons()
    monkeypatch.setattr("people.views.dashboards.all_lessons", lambda: lessons)
    teacher, classroom = build_class(lessons)
    client = Client()
    client.force_login(teacher)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("people:class_dashboard", args=[classroom.pk]))
    assert response.status_code == 200
    assert len(response.context["grid"]) == 40
    assert len(response.context["lessons"]) == 18
    assert sum(day.attempts for day in response.context["activity"]) > 0
    assert len(captured) == DASHBOARD_QUERIES
