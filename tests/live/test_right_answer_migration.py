"""Migration live.0003 adds the round's right answer, written at the reveal from then on,
and writes it for the rounds revealed before it: the class's earliest right first answer
in the round's window, "" when there is none; a round not revealed keeps ""."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)


def before() -> list[tuple[str, str]]:
    """Every app at its latest migration but live, just before 0003."""
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    return [node for node in leaves if node[0] != "live"] + [("live", "0002_prepared_playlist")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_rounds_revealed_before_the_column_get_their_right_answer():
    apps = migrate(before())
    teacher = apps.get_model("auth", "User").objects.create(username="teacher")
    room = apps.get_model("people", "Classroom").objects.create(
        teacher=teacher, name="週三棋社", join_code="WEDN2345"
    )
    other_room = apps.get_model("people", "Classroom").objects.create(
        teacher=teacher, name="別班", join_code="ELSE2345"
    )
    learners = apps.get_model("lessons", "Learner").objects
    first, second, third, stranger = (learners.create(nickname=n) for n in "甲乙丙丁")
    for classroom, learner in (
        (room, first),
        (room, second),
        (room, third),
        (other_room, stranger),
    ):
        apps.get_model("people", "Student").objects.create(
            classroom=classroom, learner=learner, secret_first="sun", secret_second="moon"
        )
    session = apps.get_model("live", "LiveSession").objects.create(classroom=room)
    rounds = apps.get_model("live", "LiveRound").objects
    start = timezone.now() - timedelta(minutes=10)
    knight = {"lesson": "knight", "puzzle": "knight-crowded-corner"}
    found = rounds.create(session=session, number=1, opened_at=start, **knight,
                          revealed_at=start + timedelta(minutes=2))  # fmt: skip
    nobody = rounds.create(session=session, number=2, opened_at=start + timedelta(minutes=3),
                           lesson="knight", puzzle="knight-no-blocked-leg",
                           revealed_at=start + timedelta(minutes=4))  # fmt: skip
    hidden = rounds.create(session=session, number=3, opened_at=start + timedelta(minutes=5),
                           closed_at=start + timedelta(minutes=6), **knight)  # fmt: skip
    attempts = apps.get_model("lessons", "Attempt").objects

    def tried(learner, at, answer, verdict, puzzle="knight-crowded-corner"):
        attempts.create(learner=learner, lesson="knight", puzzle=puzzle, answer=answer,
                        verdict=verdict, created_at=start + timedelta(seconds=at))  # fmt: skip

    tried(stranger, 5, "a1c2", "correct")  # another class's student
    tried(first, 10, "a2a3", "illegal")
    tried(first, 20, "a1b3", "correct")  # right only at a second try: not counted
    tried(second, 30, "a1c2", "correct")  # the earliest right first answer
    tried(third, 40, "a1b3", "correct")
    tried(third, 250, "yes", "correct", puzzle="knight-no-blocked-leg")  # after its reveal
    tried(second, 330, "a1b3", "correct")  # the hidden round: never revealed
    apps = migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    stored = dict(apps.get_model("live", "LiveRound").objects.values_list("pk", "right_answer"))
    assert stored == {found.pk: "a1c2", nobody.pk: "", hidden.pk: ""}
