from tests.people.conftest import classroom, other_teacher, outsider, teacher  # noqa: F401
