import os

import pytest
from django.db import connection


@pytest.mark.django_db
def test_healthz_answers_ok_when_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_refuses_post(client):
    assert client.post("/healthz").status_code == 405


@pytest.mark.django_db
def test_suite_runs_on_the_database_that_database_url_names():
    url = os.environ.get("DATABASE_URL", "")
    with connection.cursor() as cursor:
        if url.startswith(("postgres://", "postgresql://")):
            assert connection.vendor == "postgresql"
            cursor.execute("SELECT version()")
            assert cursor.fetchone()[0].startswith("PostgreSQL")
        else:
            assert connection.vendor == "sqlite"
            cursor.execute("SELECT sqlite_version()")
            assert cursor.fetchone()[0].count(".") == 2
