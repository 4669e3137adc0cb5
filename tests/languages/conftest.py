from tests.people.conftest import classroom, student, teacher  # noqa: F401
